// The groups module's commands write only the moves its state tables allow (group-rules.ts), and the order commands
// only what ORDER_TRANSITIONS allows a payment to do.
import { describe, expect, it } from 'vitest';
import { groupCommands } from '../../../core/groups';
import { orderCommands } from '../../../core/marketplace';

function recorder() {
  const calls: unknown[][] = [];
  const repo = { moveIf: async (...args: unknown[]) => (calls.push(args), true) };
  return { calls, repo };
}

const now = new Date('2026-01-01T12:00:00Z');

describe('group commands', () => {
  it('move a voucher, member or group along the table and say so', async () => {
    const { calls, repo } = recorder();
    const cmd = groupCommands({ groups: { groups: repo, members: repo, vouchers: repo } } as never);
    expect(await cmd.markBalancePaid('v1', now)).toBe(true);
    expect(await cmd.refundMember('m1', 'awarded', now, 'wallet')).toBe(true);
    expect(await cmd.end('g1', 'cancelled', now)).toBe(true);
    expect(calls).toEqual([
      ['v1', 'awaiting_balance', 'redeemable', { redeemable_at: now }],
      ['m1', 'awarded', 'refunded', { refunded_at: now, refund_to: 'wallet' }],
      ['g1', 'open', 'cancelled', { expired_at: now }],
    ]);
  });

  it('refuse a move the table does not allow, writing nothing', async () => {
    const { calls, repo } = recorder();
    const cmd = groupCommands({ groups: { groups: repo, members: repo, vouchers: repo } } as never);
    expect(await cmd.cancelVoucher('v1', 'redeemed', now)).toBe(false);
    expect(await cmd.cancelVoucher('v1', 'cancelled', now)).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('order commands', () => {
  it('refund by payment only from a status the table lets a payment refund', async () => {
    const { calls, repo } = recorder();
    const cmd = orderCommands({ marketplace: { orders: repo } } as never);
    expect(await cmd.refundByPayment({ id: 'o1', status: 'pending' }, 'estorno', now)).toBe(false);
    expect(await cmd.refundByPayment({ id: 'o1', status: 'shipped' }, 'estorno', now)).toBe(true);
    expect(await cmd.markPaid('o2', 'p2', now)).toBe(true);
    expect(calls).toEqual([
      ['o1', ['shipped'], 'refunded', { refunded_at: now, cancel_reason: 'estorno' }],
      ['o2', ['pending'], 'paid', { paid_at: now, payment_id: 'p2' }],
    ]);
  });

  it('expire only a pending order, with the system as the actor', async () => {
    const { calls, repo } = recorder();
    const cmd = orderCommands({ marketplace: { orders: repo } } as never);
    expect(await cmd.expireUnpaid('o3', 'Pagamento não confirmado no prazo', now)).toBe(true);
    expect(calls).toEqual([['o3', ['pending'], 'cancelled', { cancelled_at: now, cancel_reason: 'Pagamento não confirmado no prazo' }]]);
  });
});
