// Influencer commissions, pure (docs/product/referrals.md#commissions): rate (basis points) × the platform fee of a
// referred user's completed purchase, held 7 days, then available, then paid; a refund reverses it. Self-referrals and
// suspended influencers earn nothing.
import { percentOf, type Cents } from '../shared/money';

export const COMMISSION_HOLD_DAYS = 7;
const DAY_MS = 86_400_000;

export const COMMISSION_SOURCES = ['group_member', 'order'] as const;
export type CommissionSource = (typeof COMMISSION_SOURCES)[number];

export const COMMISSION_STATUSES = ['pending', 'available', 'in_payout', 'paid', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  pending: 'A liberar',
  available: 'Disponível',
  in_payout: 'Em repasse',
  paid: 'Pago',
  reversed: 'Estornada',
};

const MOVES: Record<CommissionStatus, readonly CommissionStatus[]> = {
  pending: ['available', 'reversed'],
  available: ['in_payout', 'reversed'],
  // A failed transfer gives its commissions back (or reverses one refunded meanwhile); a paid one is history — a late
  // refund is clawed back from the next payouts (influencerPayoutDue).
  in_payout: ['paid', 'available', 'reversed'],
  paid: [],
  reversed: [],
};
export const canMoveCommission = (from: CommissionStatus, to: CommissionStatus) => MOVES[from].includes(to);

/** The statuses a refund still reverses: money not yet on its way to the influencer. */
export const REVERSIBLE_COMMISSION_STATUSES: readonly CommissionStatus[] = ['pending', 'available'];

/** The platform's fee on a purchase: `feePercent` (PLATFORM_FEE_PERCENT) of the plan price or the order's items total. */
export const platformFee = (base: Cents, feePercent: number): Cents => {
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) throw new RangeError('percentual da taxa deve estar entre 0 e 100');
  return percentOf(base, feePercent);
};

/** rate (basis points) × fee, rounded half-up to the centavo; never more than the fee itself. */
export function commissionAmount(fee: Cents, rateBp: number): Cents {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000) throw new RangeError('taxa de comissão deve estar entre 0 e 10000 pontos-base');
  return Math.min(fee, percentOf(fee, rateBp / 100));
}

export const commissionAvailableAt = (earnedAt: Date) => new Date(earnedAt.getTime() + COMMISSION_HOLD_DAYS * DAY_MS);

/** Who a purchase's commission goes to, from the buyer's referral and the influencer's account. */
export interface CommissionReferral {
  influencer_id: string | null;
  self_referral: boolean;
  influencer_status: string | null;
  commission_rate_bp: number | null;
}

/** The commission a purchase earns, or null: no influencer, a self-referral, an influencer not approved, nothing to pay. */
export function commissionFor(referral: CommissionReferral | null, fee: Cents, earnedAt: Date): { influencer_id: string; base_fee: Cents; rate_bp: number; amount: Cents; available_at: Date } | null {
  if (!referral?.influencer_id || referral.self_referral || referral.influencer_status !== 'approved') return null;
  const rate = referral.commission_rate_bp ?? 0;
  const amount = commissionAmount(fee, rate);
  if (amount <= 0) return null;
  return { influencer_id: referral.influencer_id, base_fee: fee, rate_bp: rate, amount, available_at: commissionAvailableAt(earnedAt) };
}

/** The statuses whose money already left (or is leaving) in a transfer: a refund then claws the commission back. */
export const CLAWBACK_COMMISSION_STATUSES: readonly CommissionStatus[] = ['in_payout', 'paid'];

/** What the totals read of a commission: its amount, status, and whether it was clawed back (and deducted yet). */
export interface CommissionAmountRow {
  amount: Cents;
  status: CommissionStatus;
  clawback_at?: Date | null;
  clawback_payout_id?: string | null;
}

/**
 * Dashboard totals: pending, available (in a payout counts as available until paid), paid, and `clawback` — the
 * negative balance: commissions paid out whose purchase was refunded afterwards, not yet deducted from a payout.
 */
export function commissionTotals(rows: ReadonlyArray<CommissionAmountRow>): { pending: Cents; available: Cents; paid: Cents; reversed: Cents; clawback: Cents } {
  const totals = { pending: 0, available: 0, paid: 0, reversed: 0, clawback: 0 };
  for (const r of rows) {
    if (r.status === 'in_payout') totals.available += r.amount;
    else totals[r.status] += r.amount;
    if (r.clawback_at && !r.clawback_payout_id) totals.clawback += r.amount;
  }
  return totals;
}

/**
 * An influencer's next payout: the available commissions minus the claw-backs owed (docs/product/referrals.md: a refund after the
 * money was paid is deducted from later payouts). Null unless the net reaches the minimum — a transfer is never
 * negative, and what is owed waits for more commissions. Every owed claw-back is deducted whole by the payout.
 */
export function influencerPayoutDue(
  available: ReadonlyArray<{ id: string; net: Cents }>,
  owed: ReadonlyArray<{ id: string; amount: Cents }>,
  minimum: Cents,
): { ids: string[]; clawbackIds: string[]; gross: Cents; deducted: Cents; total: Cents } | null {
  if (!available.length) return null;
  const gross = available.reduce((s, c) => s + c.net, 0);
  const deducted = owed.reduce((s, c) => s + c.amount, 0);
  const total = gross - deducted;
  if (total <= 0 || total < minimum) return null;
  return { ids: available.map((c) => c.id), clawbackIds: owed.map((c) => c.id), gross, deducted, total };
}

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** Paying users over sign-ups, in percent with one decimal (0 without sign-ups). */
export const conversionRate = (signups: number, paying: number) => (signups > 0 ? Math.round((paying / signups) * 1000) / 10 : 0);

/** The link in its three forms (docs/product/spec.md §2: /r/, /ref/, /indicacao/) on PUBLIC_URL. */
export function referralLinks(publicUrl: string, code: string) {
  const base = publicUrl.replace(/\/+$/, '');
  const c = encodeURIComponent(code);
  return { short: `${base}/r/${c}`, ref: `${base}/ref/${c}`, indicacao: `${base}/indicacao/${c}` };
}

export interface DayPoint {
  date: string;
  clicks: number;
  signups: number;
  commissions: Cents;
}

/** São Paulo's calendar day (UTC−3, no daylight saving since 2019) of an instant, as YYYY-MM-DD. */
export const saoPauloDay = (at: Date) => new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);

/** One point per day of the period ending today (São Paulo), zeros included, from per-day counts. */
export function dailySeries(
  now: Date,
  days: number,
  counts: { clicks: ReadonlyArray<{ day: string; n: number }>; signups: ReadonlyArray<{ day: string; n: number }>; commissions: ReadonlyArray<{ day: string; n: number }> },
): DayPoint[] {
  const index = (rows: ReadonlyArray<{ day: string; n: number }>) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const clicks = index(counts.clicks);
  const signups = index(counts.signups);
  const commissions = index(counts.commissions);
  const out: DayPoint[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = saoPauloDay(new Date(now.getTime() - i * DAY_MS));
    out.push({ date, clicks: clicks.get(date) ?? 0, signups: signups.get(date) ?? 0, commissions: commissions.get(date) ?? 0 });
  }
  return out;
}

/** The start of the period: `days` São Paulo days back, including today. */
export const periodStart = (now: Date, days: number) => new Date(`${saoPauloDay(new Date(now.getTime() - (days - 1) * DAY_MS))}T03:00:00.000Z`);

export const INFLUENCER_DASHBOARD_PATH = '/dashboard/influencer';

/** The transfer's description at the provider (and on the influencer's bank statement). */
export const commissionPayoutDescription = (count: number) => `Turma: repasse de ${count} comiss${count === 1 ? 'ão' : 'ões'} de indicação`;
