// Commission rules (docs/product/referrals.md): rate × platform fee with half-up rounding and never above the fee, the
// 7-day window, who earns nothing, the moves (a refund reverses only money not yet in a payout), the dashboard figures.
import { describe, expect, it } from 'vitest';
import {
  canMoveCommission,
  commissionAmount,
  commissionAvailableAt,
  commissionFor,
  commissionTotals,
  influencerPayoutDue,
  conversionRate,
  dailySeries,
  periodStart,
  platformFee,
  referralLinks,
  REVERSIBLE_COMMISSION_STATUSES,
} from '../../../core/influencers/commission-rules';

const referral = { influencer_id: 'inf-1', self_referral: false, influencer_status: 'approved', commission_rate_bp: 1_000 };

describe('commission amounts', () => {
  it('is the rate (basis points) × the platform fee, rounded half-up to the centavo', () => {
    expect(platformFee(42_000, 10)).toBe(4_200);
    expect(commissionAmount(4_200, 1_000)).toBe(420);
    expect(commissionAmount(1_005, 1_000)).toBe(101); // 100,5 → 101
    expect(commissionAmount(1_004, 1_000)).toBe(100); // 100,4 → 100
    expect(commissionAmount(333, 1_250)).toBe(42); // 41,625 → 42
    expect(commissionAmount(999, 0)).toBe(0);
    expect(commissionAmount(999, 10_000)).toBe(999);
  });
  it('refuses rates outside 0–10000 bp and fee percents outside 0–100', () => {
    expect(() => commissionAmount(1_000, 10_001)).toThrow(RangeError);
    expect(() => commissionAmount(1_000, -1)).toThrow(RangeError);
    expect(() => commissionAmount(1_000, 12.5)).toThrow(RangeError);
    expect(() => platformFee(1_000, 101)).toThrow(RangeError);
  });
});

describe('who earns', () => {
  const at = new Date('2026-11-24T12:00:00Z');
  it('an approved influencer earns, available 7 days after the purchase completed', () => {
    expect(commissionFor(referral, 4_200, at)).toEqual({ influencer_id: 'inf-1', base_fee: 4_200, rate_bp: 1_000, amount: 420, available_at: new Date('2026-12-01T12:00:00Z') });
    expect(commissionAvailableAt(at).getTime() - at.getTime()).toBe(7 * 86_400_000);
  });
  it('nothing for a self-referral, a suspended or pending influencer, no influencer, or a zero amount', () => {
    expect(commissionFor({ ...referral, self_referral: true }, 4_200, at)).toBeNull();
    expect(commissionFor({ ...referral, influencer_status: 'suspended' }, 4_200, at)).toBeNull();
    expect(commissionFor({ ...referral, influencer_status: 'pending' }, 4_200, at)).toBeNull();
    expect(commissionFor({ ...referral, influencer_id: null }, 4_200, at)).toBeNull();
    expect(commissionFor(null, 4_200, at)).toBeNull();
    expect(commissionFor({ ...referral, commission_rate_bp: 0 }, 4_200, at)).toBeNull();
    expect(commissionFor(referral, 0, at)).toBeNull();
  });
});

describe('moves and reversal', () => {
  it('pending → available → in_payout → paid; a failed payout gives back; a refund reverses pending or available only', () => {
    expect(canMoveCommission('pending', 'available')).toBe(true);
    expect(canMoveCommission('available', 'in_payout')).toBe(true);
    expect(canMoveCommission('in_payout', 'paid')).toBe(true);
    expect(canMoveCommission('in_payout', 'available')).toBe(true);
    expect(canMoveCommission('pending', 'reversed')).toBe(true);
    expect(canMoveCommission('available', 'reversed')).toBe(true);
    expect(canMoveCommission('paid', 'reversed')).toBe(false);
    // A failed transfer whose purchase was refunded meanwhile: reversed, not made available again.
    expect(canMoveCommission('in_payout', 'reversed')).toBe(true);
    expect(canMoveCommission('reversed', 'available')).toBe(false);
    expect(canMoveCommission('pending', 'paid')).toBe(false);
    expect([...REVERSIBLE_COMMISSION_STATUSES]).toEqual(['pending', 'available']);
  });
  it('totals: in a payout still counts as available until paid; reversed apart', () => {
    expect(commissionTotals([
      { amount: 100, status: 'pending' },
      { amount: 200, status: 'available' },
      { amount: 300, status: 'in_payout' },
      { amount: 400, status: 'paid' },
      { amount: 500, status: 'reversed' },
    ])).toEqual({ pending: 100, available: 500, paid: 400, reversed: 500, clawback: 0 });
  });
  it('totals: a paid commission refunded later is owed (clawback) until a payout deducts it', () => {
    const at = new Date('2026-11-20T12:00:00Z');
    expect(commissionTotals([
      { amount: 400, status: 'paid', clawback_at: at, clawback_payout_id: null },
      { amount: 250, status: 'paid', clawback_at: at, clawback_payout_id: 'payout-2' },
      { amount: 300, status: 'available' },
    ])).toEqual({ pending: 0, available: 300, paid: 650, reversed: 0, clawback: 400 });
  });
});

describe('influencerPayoutDue (claw-back deducted, never a negative transfer)', () => {
  const available = [{ id: 'a', net: 3_000 }, { id: 'b', net: 4_000 }];
  it('without claw-backs: the available total, from the minimum', () => {
    expect(influencerPayoutDue(available, [], 5_000)).toEqual({ ids: ['a', 'b'], clawbackIds: [], gross: 7_000, deducted: 0, total: 7_000 });
    expect(influencerPayoutDue(available, [], 7_001)).toBeNull();
  });
  it('deducts what is owed from the transfer', () => {
    expect(influencerPayoutDue(available, [{ id: 'x', amount: 1_500 }], 5_000)).toEqual({ ids: ['a', 'b'], clawbackIds: ['x'], gross: 7_000, deducted: 1_500, total: 5_500 });
  });
  it('waits (no payout) while the net is under the minimum, zero or negative', () => {
    expect(influencerPayoutDue(available, [{ id: 'x', amount: 2_500 }], 5_000)).toBeNull();
    expect(influencerPayoutDue(available, [{ id: 'x', amount: 7_000 }], 0)).toBeNull();
    expect(influencerPayoutDue(available, [{ id: 'x', amount: 9_000 }], 0)).toBeNull();
    expect(influencerPayoutDue([], [], 0)).toBeNull();
  });
});

describe('dashboard figures', () => {
  it('links in the three forms on PUBLIC_URL', () => {
    expect(referralLinks('https://turma.app/', 'ANA10')).toEqual({ short: 'https://turma.app/r/ANA10', ref: 'https://turma.app/ref/ANA10', indicacao: 'https://turma.app/indicacao/ANA10' });
  });
  it('conversion in percent with one decimal, 0 without sign-ups', () => {
    expect(conversionRate(3, 1)).toBe(33.3);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(4, 4)).toBe(100);
  });
  it('one point per São Paulo day, zeros included, today last', () => {
    const now = new Date('2026-11-24T02:00:00Z'); // 23:00 on the 23rd in São Paulo
    const series = dailySeries(now, 3, { clicks: [{ day: '2026-11-23', n: 4 }], signups: [{ day: '2026-11-21', n: 1 }], commissions: [{ day: '2026-11-22', n: 250 }] });
    expect(series).toEqual([
      { date: '2026-11-21', clicks: 0, signups: 1, commissions: 0 },
      { date: '2026-11-22', clicks: 0, signups: 0, commissions: 250 },
      { date: '2026-11-23', clicks: 4, signups: 0, commissions: 0 },
    ]);
    expect(periodStart(now, 3).toISOString()).toBe('2026-11-21T03:00:00.000Z');
  });
});
