// Payouts (docs/product/professionals.md): one PIX transfer pays all of a professional's available receivables once their sum reaches
// the minimum. A payout is `pending` until the provider settles the transfer: `done` pays its receivables, `failed`
// (or cancelled) gives them back. Neither ever changes again, whatever order the provider's events arrive in.
import type { Cents } from '../shared/money';
import type { ProviderTransferStatus } from '../ports/payments';

export const PAYOUT_STATUSES = ['pending', 'done', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: 'Em processamento',
  done: 'Pago',
  failed: 'Falhou',
};

/** The payout's state table: it leaves `pending` once, and a settled payout never moves again. */
const PAYOUT_MOVES: Record<PayoutStatus, readonly PayoutStatus[]> = { pending: ['done', 'failed'], done: [], failed: [] };

export const canMovePayout = (from: PayoutStatus, to: PayoutStatus): boolean => PAYOUT_MOVES[from].includes(to);

/** Shown to the professional when the provider gives no reason of its own. */
export const DEFAULT_PAYOUT_FAILURE = 'A transferência PIX não foi concluída. Confira sua chave PIX.';

/**
 * What a transfer's status (as re-read from the provider) does to a payout: `done` or `failed` when it settles it,
 * null when nothing moves (still processing, or already settled: a done payout never regresses, a failed one has
 * already given its receivables back).
 */
export function payoutMove(current: PayoutStatus, transfer: ProviderTransferStatus): Exclude<PayoutStatus, 'pending'> | null {
  if (current !== 'pending') return null;
  if (transfer === 'done') return 'done';
  if (transfer === 'failed' || transfer === 'cancelled') return 'failed';
  return null;
}

/** The sum due to one professional now, or null below the minimum (the money waits for the next run). */
export function payoutDue(available: ReadonlyArray<{ id: string; net: Cents }>, minimum: Cents): { ids: string[]; total: Cents } | null {
  const total = available.reduce((sum, r) => sum + r.net, 0);
  if (available.length === 0 || total <= 0 || total < minimum) return null;
  return { ids: available.map((r) => r.id), total };
}

/** The transfer's description at the provider (and on the professional's bank statement). */
export const payoutDescription = (count: number) => `Turma: repasse de ${count} voucher${count === 1 ? '' : 's'} resgatado${count === 1 ? '' : 's'}`;
