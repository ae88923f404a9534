// A payment's status moves only along the state table in payment-rules.ts: the moves payments makes (a late
// confirmation, a reopened refund, a re-stated cancellation) are in it, and a source it does not allow is never written.
import { describe, expect, it } from 'vitest';
import { canMovePayment, type LocalPaymentStatus } from '../../../core/payments';
import { movePayment } from '../../../core/payments/payment-moves';

const STATUSES: LocalPaymentStatus[] = ['pending', 'confirmed', 'failed', 'cancelled', 'refund_pending', 'refunded', 'amount_mismatch'];

function recorder() {
  const calls: unknown[][] = [];
  const tx = { payments: { payments: { moveIf: async (...args: unknown[]) => (calls.push(args), true) } } } as never;
  return { calls, tx };
}

describe('the payment state table', () => {
  it('allows exactly the moves the product makes', () => {
    const allowed = STATUSES.flatMap((from) => STATUSES.filter((to) => canMovePayment(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(
      [
        'pending→confirmed',
        'pending→cancelled',
        'pending→failed',
        'pending→amount_mismatch',
        'cancelled→confirmed',
        'cancelled→cancelled',
        'cancelled→amount_mismatch',
        'failed→confirmed',
        'failed→amount_mismatch',
        'confirmed→refund_pending',
        'confirmed→refunded',
        'refund_pending→refunded',
        'refunded→refund_pending',
      ].sort(),
    );
  });

  it('never moves a confirmed payment back to pending or an amount mismatch anywhere', () => {
    expect(canMovePayment('confirmed', 'pending')).toBe(false);
    expect(STATUSES.some((to) => canMovePayment('amount_mismatch', to))).toBe(false);
  });
});

describe('movePayment', () => {
  it('writes the move with only the sources the table allows', async () => {
    const { calls, tx } = recorder();
    expect(await movePayment(tx, 'p1', ['pending', 'confirmed', 'cancelled'], 'cancelled', { failure_reason: 'x' })).toBe(true);
    expect(calls).toEqual([['p1', ['pending', 'cancelled'], 'cancelled', { failure_reason: 'x' }]]);
  });

  it('writes nothing when no source may make the move', async () => {
    const { calls, tx } = recorder();
    expect(await movePayment(tx, 'p1', ['refunded', 'amount_mismatch'], 'confirmed')).toBe(false);
    expect(calls).toEqual([]);
  });
});
