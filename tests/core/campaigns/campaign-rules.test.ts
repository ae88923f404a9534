// Campaign rules (docs/product/group-purchase.md, docs/product/referrals.md): fixed or basis points of the platform fee, capped by the inviter's cap and the
// budget's remainder; the active window [starts_at, ends_at); the 7-day reversal window; the campaign form's checks.
import { describe, expect, it } from 'vitest';
import {
  BONUS_REVERSAL_WINDOW_DAYS,
  bonusAmount,
  campaignInputSchema,
  campaignPhase,
  isActiveAt,
  nominalBonus,
  periodsOverlap,
  platformFeeOf,
  withinReversalWindow,
} from '../../../core/campaigns';

const base = { bonus_type: 'fixed' as const, bonus_value: 1_000, cap_per_inviter: 5_000, budget: 100_000, spent: 0 };
const at = (s: string) => new Date(s);

describe('bonus amount', () => {
  it.each([
    ['fixed R$ 10,00', { bonus_type: 'fixed', bonus_value: 1_000 }, 5_000, 1_000],
    ['50% of a R$ 50,00 fee', { bonus_type: 'fee_percent', bonus_value: 5_000 }, 5_000, 2_500],
    ['12.5% of R$ 33,33 rounds half-up', { bonus_type: 'fee_percent', bonus_value: 1_250 }, 3_333, 417],
    ['100% of the fee', { bonus_type: 'fee_percent', bonus_value: 10_000 }, 4_200, 4_200],
  ] as const)('%s', (_name, c, fee, expected) => {
    expect(nominalBonus(c, fee)).toBe(expected);
  });

  it('the platform fee is PLATFORM_FEE_PERCENT of the group price (half-up to the centavo)', () => {
    expect(platformFeeOf(50_000, 10)).toBe(5_000);
    expect(platformFeeOf(10_005, 10)).toBe(1_001);
  });

  it('is capped by what is left of the inviter cap', () => {
    expect(bonusAmount(base, 0, 0)).toBe(1_000);
    expect(bonusAmount(base, 0, 4_500)).toBe(500);
    expect(bonusAmount(base, 0, 5_000)).toBe(0);
    expect(bonusAmount(base, 0, 6_000)).toBe(0);
  });

  it('is capped by what is left of the budget, never more', () => {
    expect(bonusAmount({ ...base, budget: 2_500, spent: 2_000 }, 0, 0)).toBe(500);
    expect(bonusAmount({ ...base, budget: 2_500, spent: 2_500 }, 0, 0)).toBe(0);
    expect(bonusAmount({ ...base, budget: 2_500, spent: 2_400 }, 0, 4_950)).toBe(50);
  });
});

describe('active window', () => {
  const c = { status: 'active' as const, starts_at: at('2026-11-01T00:00:00Z'), ends_at: at('2026-12-01T00:00:00Z') };
  it('is [starts_at, ends_at) and never after an admin ended it', () => {
    expect(isActiveAt(c, at('2026-10-31T23:59:59Z'))).toBe(false);
    expect(isActiveAt(c, at('2026-11-01T00:00:00Z'))).toBe(true);
    expect(isActiveAt(c, at('2026-11-30T23:59:59Z'))).toBe(true);
    expect(isActiveAt(c, at('2026-12-01T00:00:00Z'))).toBe(false);
    expect(isActiveAt({ ...c, status: 'ended' }, at('2026-11-15T00:00:00Z'))).toBe(false);
  });
  it('phases: scheduled, running, finished, ended', () => {
    expect(campaignPhase(c, at('2026-10-01T00:00:00Z'))).toBe('scheduled');
    expect(campaignPhase(c, at('2026-11-15T00:00:00Z'))).toBe('running');
    expect(campaignPhase(c, at('2026-12-15T00:00:00Z'))).toBe('finished');
    expect(campaignPhase({ ...c, status: 'ended' }, at('2026-11-15T00:00:00Z'))).toBe('ended');
  });
  it('periods overlap unless one ends when (or before) the other starts', () => {
    const next = { starts_at: c.ends_at, ends_at: at('2027-01-01T00:00:00Z') };
    expect(periodsOverlap(c, next)).toBe(false);
    expect(periodsOverlap(c, { ...next, starts_at: at('2026-11-30T00:00:00Z') })).toBe(true);
  });
});

describe('reversal window', () => {
  it(`is ${BONUS_REVERSAL_WINDOW_DAYS} days from the completion`, () => {
    const done = at('2026-11-01T12:00:00Z');
    expect(withinReversalWindow(done, at('2026-11-08T12:00:00Z'))).toBe(true);
    expect(withinReversalWindow(done, at('2026-11-08T12:00:01Z'))).toBe(false);
  });
});

describe('campaign form', () => {
  const ok = { name: 'Natal', starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-12-31T00:00:00Z', bonus_type: 'fixed', bonus_value: 1_000, cap_per_inviter: 5_000, budget: 50_000 };
  it('accepts a valid campaign and turns the dates into instants', () => {
    expect(campaignInputSchema.parse(ok).starts_at).toEqual(at('2026-12-01T00:00:00Z'));
  });
  it.each([
    ['ends before it starts', { ends_at: '2026-11-01T00:00:00Z' }, 'ends_at', 'O término deve ser depois do início'],
    ['more than 100% of the fee', { bonus_type: 'fee_percent', bonus_value: 10_001 }, 'bonus_value', 'O percentual não pode passar de 100% da taxa'],
    ['cap above the budget', { cap_per_inviter: 60_000 }, 'cap_per_inviter', 'O limite por pessoa não pode passar do orçamento'],
    ['a bad date', { starts_at: 'amanhã' }, 'starts_at', 'Data de início inválida'],
  ])('refuses %s in pt-BR', (_n, over, field, message) => {
    const r = campaignInputSchema.safeParse({ ...ok, ...over });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});
