// What the platform owes a professional for each redeemed voucher (docs/product/professionals.md): the plan price minus the platform's
// fee, held 7 days (the member's complaint window), then available, then paid by one PIX payout above a minimum.
import { percentOf, type Cents } from '../shared/money';

export const DEFAULT_PLATFORM_FEE_PERCENT = 10;
export const DEFAULT_PAYOUT_MINIMUM: Cents = 5_000;
export const RECEIVABLE_HOLD_DAYS = 7;

export const RECEIVABLE_STATUSES = ['pending', 'available', 'in_payout', 'paid', 'reversed'] as const;
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

export const RECEIVABLE_STATUS_LABELS: Record<ReceivableStatus, string> = {
  pending: 'A liberar',
  available: 'Disponível',
  in_payout: 'Em repasse',
  paid: 'Pago',
  reversed: 'Estornado',
};

const MOVES: Record<ReceivableStatus, readonly ReceivableStatus[]> = {
  pending: ['available', 'reversed'],
  available: ['in_payout', 'reversed'],
  // A failed transfer gives its receivables back.
  in_payout: ['paid', 'available'],
  paid: [],
  reversed: [],
};
export const canMoveReceivable = (from: ReceivableStatus, to: ReceivableStatus) => MOVES[from].includes(to);

/** Gross = the voucher's plan price; the fee percent is stored on the receivable when it is created. */
export function computeReceivable(price: Cents, feePercent: number): { gross: Cents; fee: Cents; net: Cents } {
  if (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100) throw new RangeError('percentual da taxa deve estar entre 0 e 100');
  const fee = percentOf(price, feePercent);
  return { gross: price, fee, net: price - fee };
}

export const receivableAvailableAt = (redeemedAt: Date) => new Date(redeemedAt.getTime() + RECEIVABLE_HOLD_DAYS * 86_400_000);

export interface PayableReceivable {
  id: string;
  net: Cents;
  status: ReceivableStatus;
  available_at: Date;
}

/**
 * The payout one professional is due now: every receivable available (or whose hold has ended), when their sum reaches
 * the minimum; otherwise nothing (the money waits for the next run).
 */
export function planPayout(receivables: readonly PayableReceivable[], minimum: Cents, now: Date): { ids: string[]; total: Cents } | null {
  const due = receivables.filter((r) => r.status === 'available' || (r.status === 'pending' && r.available_at.getTime() <= now.getTime()));
  const total = due.reduce((sum, r) => sum + r.net, 0);
  if (!due.length || total < minimum) return null;
  return { ids: due.map((r) => r.id), total };
}

/** Totals per status for the receivables screen. */
export function receivableTotals(receivables: ReadonlyArray<{ net: Cents; status: ReceivableStatus }>): Record<ReceivableStatus, Cents> {
  const totals = Object.fromEntries(RECEIVABLE_STATUSES.map((s) => [s, 0])) as Record<ReceivableStatus, Cents>;
  for (const r of receivables) totals[r.status] += r.net;
  return totals;
}
