import { describe, expect, it } from 'vitest';
import { decideWithdrawal, withdrawalDeadline, type WithdrawalState } from '../../../core/groups/withdrawal-rules';

// Paid at 22:30 in São Paulo on 10 Nov 2026 (01:30 UTC on the 11th): day D is the 10th in São Paulo.
const paidAt = new Date('2026-11-10T22:30:00-03:00');
const open = (paid_at: Date | null = paidAt): WithdrawalState => ({ group: { status: 'open', completed_at: null }, member: { status: 'paid', paid_at }, voucher: null });
const complete = (voucher: 'awaiting_balance' | 'redeemable' | 'redeemed' | 'cancelled'): WithdrawalState => ({
  group: { status: 'complete', completed_at: paidAt },
  member: { status: 'awarded', paid_at: new Date('2026-11-01T10:00:00-03:00') },
  voucher: { status: voucher },
});

describe('withdrawal window (CDC art. 49, São Paulo calendar days)', () => {
  it('closes at the end of the 7th São Paulo day after the payment', () => {
    expect(withdrawalDeadline(paidAt).toISOString()).toBe(new Date('2026-11-17T23:59:59.999-03:00').toISOString());
    // Paid just after midnight in São Paulo: the window opens a day later.
    expect(withdrawalDeadline(new Date('2026-11-11T00:10:00-03:00')).toISOString()).toBe(new Date('2026-11-18T23:59:59.999-03:00').toISOString());
  });

  it('accepts day 7 (to its last millisecond) and refuses day 8', () => {
    expect(decideWithdrawal(open(), new Date('2026-11-17T09:00:00-03:00'))).toMatchObject({ allowed: true, scope: 'entry' });
    expect(decideWithdrawal(open(), new Date('2026-11-17T23:59:59.999-03:00'))).toMatchObject({ allowed: true });
    expect(decideWithdrawal(open(), new Date('2026-11-18T00:00:00-03:00'))).toMatchObject({ allowed: false, reason: 'window_closed' });
    expect(decideWithdrawal(open(), new Date('2026-11-18T15:00:00-03:00'))).toMatchObject({ allowed: false, reason: 'window_closed' });
  });

  it('after completion: the whole purchase, 7 days from completion, unless the voucher was redeemed', () => {
    expect(decideWithdrawal(complete('awaiting_balance'), new Date('2026-11-17T20:00:00-03:00'))).toMatchObject({ allowed: true, scope: 'purchase' });
    expect(decideWithdrawal(complete('redeemable'), new Date('2026-11-17T20:00:00-03:00'))).toMatchObject({ allowed: true, scope: 'purchase' });
    expect(decideWithdrawal(complete('redeemable'), new Date('2026-11-18T00:00:01-03:00'))).toMatchObject({ allowed: false, reason: 'window_closed' });
    expect(decideWithdrawal(complete('redeemed'), new Date('2026-11-11T10:00:00-03:00'))).toEqual({ allowed: false, reason: 'voucher_redeemed', deadline: null });
    expect(decideWithdrawal(complete('cancelled'), new Date('2026-11-11T10:00:00-03:00'))).toMatchObject({ allowed: false, reason: 'not_withdrawable' });
  });

  it('nothing to withdraw for a place not paid, already refunded, or a group that ended', () => {
    const now = new Date('2026-11-11T10:00:00-03:00');
    expect(decideWithdrawal({ ...open(), member: { status: 'pending_payment', paid_at: null } }, now)).toMatchObject({ allowed: false, reason: 'not_withdrawable' });
    expect(decideWithdrawal({ ...open(), member: { status: 'refunded', paid_at: paidAt } }, now)).toMatchObject({ allowed: false, reason: 'not_withdrawable' });
    expect(decideWithdrawal({ ...open(), group: { status: 'expired', completed_at: null } }, now)).toMatchObject({ allowed: false, reason: 'not_withdrawable' });
  });
});
