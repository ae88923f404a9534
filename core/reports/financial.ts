// Financial report: money movements bucketed into months or days in Brasília time, and the reconciliation identity
// (money in − money out = Δ held + Δ owed + platform result) that must close to zero in every bucket; its terms are
// defined in docs/product/payments.md#financial-report. Anything but zero means two tables disagree.
import { saoPauloDate } from '../payments';
import type { Cents } from '../shared/money';

/** One dated movement the database reports; `amount` is signed as the kind's line reads it. */
export type LedgerKind =
  | 'cash_in_entry'
  | 'cash_in_balance'
  | 'cash_in_order'
  | 'cash_refund'
  | 'payout_professional'
  | 'payout_influencer'
  | 'held' // +paid, −released (redeemed, refunded, credited to the wallet)
  | 'receivable' // net owed to a professional, at redemption
  | 'platform_fee'
  | 'marketplace_sale'
  | 'marketplace_refund'
  | 'commission' // + earned, − reversed
  | 'bonus' // campaign bonus credited (− reversed)
  | 'wallet_credit' // entry credited to the wallet
  | 'wallet_adjustment'
  | 'wallet_spent' // credit used by a confirmed payment (positive number)
  | 'wallet_returned'; // credit given back by a refund (positive number)

export interface LedgerEvent {
  at: Date;
  kind: LedgerKind;
  amount: Cents;
}

export type Granularity = 'month' | 'day';

export interface FinancialPositions {
  held: Cents;
  owed_professionals: Cents;
  owed_influencers: Cents;
  owed_members: Cents;
}

export interface FinancialRow extends FinancialPositions {
  period: string; // YYYY-MM or YYYY-MM-DD (Brasília)
  entries: Cents;
  balances: Cents;
  marketplace_sales: Cents;
  refunds: Cents;
  marketplace_refunds: Cents;
  commissions: Cents;
  bonuses: Cents;
  payouts: Cents;
  platform_fee: Cents;
  platform_result: Cents;
  money_in: Cents;
  money_out: Cents;
  reconciliation: Cents;
}

export interface FinancialReport {
  granularity: Granularity;
  from: string;
  to: string;
  opening: FinancialPositions;
  rows: FinancialRow[];
  totals: Omit<FinancialRow, 'period'>;
}

/** Brazil keeps UTC−3 all year since 2019. */
export const BRASILIA_OFFSET = '-03:00';
/** `YYYY-MM-DD` of an instant in Brasília. */
export const brasiliaDay = (at: Date): string => saoPauloDate(at);

export function periodKey(at: Date, granularity: Granularity): string {
  const day = brasiliaDay(at);
  return granularity === 'month' ? day.slice(0, 7) : day;
}

/** A period key as pt-BR writes it: `2026-11` → `11/2026`, `2026-11-24` → `24/11/2026`. */
export const formatPeriod = (period: string): string => period.split('-').reverse().join('/');

/** The instant a Brasília calendar day starts. */
export function startOfBrasiliaDay(day: string): Date {
  return new Date(`${day}T00:00:00${BRASILIA_OFFSET}`);
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Every period key from `from` to `to` (inclusive days), in order. */
export function periodsBetween(from: string, to: string, granularity: Granularity): string[] {
  const keys: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    const key = granularity === 'month' ? day.slice(0, 7) : day;
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}

const zeroPositions = (): FinancialPositions => ({ held: 0, owed_professionals: 0, owed_influencers: 0, owed_members: 0 });

function applyToPositions(p: FinancialPositions, e: LedgerEvent): void {
  switch (e.kind) {
    case 'held':
      p.held += e.amount;
      break;
    case 'receivable':
      p.owed_professionals += e.amount;
      break;
    case 'payout_professional':
      p.owed_professionals -= e.amount;
      break;
    case 'commission':
      p.owed_influencers += e.amount;
      break;
    case 'payout_influencer':
      p.owed_influencers -= e.amount;
      break;
    case 'bonus':
    case 'wallet_credit':
    case 'wallet_adjustment':
    case 'wallet_returned':
      p.owed_members += e.amount;
      break;
    case 'wallet_spent':
      p.owed_members -= e.amount;
      break;
    default:
  }
}

type Flows = Omit<FinancialRow, 'period' | keyof FinancialPositions | 'platform_result' | 'money_in' | 'money_out' | 'reconciliation'>;
const zeroFlows = (): Flows => ({ entries: 0, balances: 0, marketplace_sales: 0, refunds: 0, marketplace_refunds: 0, commissions: 0, bonuses: 0, payouts: 0, platform_fee: 0 });

function applyToFlows(f: Flows & { adjustments: number }, e: LedgerEvent): void {
  switch (e.kind) {
    case 'cash_in_entry':
      f.entries += e.amount;
      break;
    case 'cash_in_balance':
      f.balances += e.amount;
      break;
    case 'marketplace_sale':
      f.marketplace_sales += e.amount;
      break;
    case 'cash_refund':
      f.refunds += e.amount;
      break;
    case 'marketplace_refund':
      f.marketplace_refunds += e.amount;
      break;
    case 'commission':
      f.commissions += e.amount;
      break;
    case 'bonus':
      f.bonuses += e.amount;
      break;
    case 'payout_professional':
    case 'payout_influencer':
      f.payouts += e.amount;
      break;
    case 'platform_fee':
      f.platform_fee += e.amount;
      break;
    case 'wallet_adjustment':
      f.adjustments += e.amount;
      break;
    default:
  }
}

/**
 * Closes one period: flows of its events, positions at its end (from `opening`), and the reconciliation line.
 * `cashInOrders` is kept apart from `marketplace_sales` (a sale paid with credit is revenue but not cash).
 */
export function closePeriod(period: string, opening: FinancialPositions, events: readonly LedgerEvent[]): FinancialRow {
  const flows = { ...zeroFlows(), adjustments: 0 };
  const end = { ...opening };
  let cashInOrders = 0;
  for (const e of events) {
    applyToFlows(flows, e);
    applyToPositions(end, e);
    if (e.kind === 'cash_in_order') cashInOrders += e.amount;
  }
  const { adjustments, ...lines } = flows;
  const money_in = lines.entries + lines.balances + cashInOrders;
  const money_out = lines.refunds + lines.payouts;
  const platform_result = lines.platform_fee + lines.marketplace_sales - lines.marketplace_refunds - lines.commissions - lines.bonuses - adjustments;
  const delta = end.held - opening.held + (end.owed_professionals - opening.owed_professionals) + (end.owed_influencers - opening.owed_influencers) + (end.owed_members - opening.owed_members);
  return { period, ...lines, ...end, platform_result, money_in, money_out, reconciliation: money_in - money_out - delta - platform_result };
}

/**
 * The report for Brasília days `from`..`to` (inclusive). `events` may start before `from` (they make the opening
 * positions); events after the end of `to` are ignored.
 */
export function buildFinancialReport(events: readonly LedgerEvent[], from: string, to: string, granularity: Granularity): FinancialReport {
  const start = startOfBrasiliaDay(from).getTime();
  const end = startOfBrasiliaDay(nextDay(to)).getTime();
  const opening = zeroPositions();
  const byPeriod = new Map<string, LedgerEvent[]>();
  for (const e of events) {
    const t = e.at.getTime();
    if (t < start) applyToPositions(opening, e);
    else if (t < end) {
      const key = periodKey(e.at, granularity);
      const list = byPeriod.get(key) ?? [];
      list.push(e);
      byPeriod.set(key, list);
    }
  }
  const rows: FinancialRow[] = [];
  let positions = { ...opening };
  for (const period of periodsBetween(from, to, granularity)) {
    const row = closePeriod(period, positions, byPeriod.get(period) ?? []);
    rows.push(row);
    positions = { held: row.held, owed_professionals: row.owed_professionals, owed_influencers: row.owed_influencers, owed_members: row.owed_members };
  }
  const inRange = events.filter((e) => e.at.getTime() >= start && e.at.getTime() < end);
  const { period: _period, ...totals } = closePeriod('total', opening, inRange);
  return { granularity, from, to, opening, rows, totals };
}

/** The windows of the back-office dashboard at `now`: today and this month (Brasília) and the last 30 days. */
export function dashboardWindows(now: Date): { today: { from: Date; to: Date }; month: { from: Date; to: Date }; days: string[] } {
  const day = brasiliaDay(now);
  const end = startOfBrasiliaDay(nextDay(day));
  const days: string[] = [];
  let d = day;
  for (let i = 0; i < 30; i++) {
    days.unshift(d);
    const prev = new Date(`${d}T12:00:00Z`);
    prev.setUTCDate(prev.getUTCDate() - 1);
    d = prev.toISOString().slice(0, 10);
  }
  return { today: { from: startOfBrasiliaDay(day), to: end }, month: { from: startOfBrasiliaDay(`${day.slice(0, 7)}-01`), to: end }, days };
}
