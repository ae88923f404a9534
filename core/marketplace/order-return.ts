// Order returns (docs/product/marketplace.md#returns): a delivered order may be returned until the end of the 7th
// São Paulo calendar day after the delivery day (D+7 23:59:59.999 −03:00; from D+8 it is refused). The back office
// receives the item (stock back, full refund with freight) or refuses with a reason.
import { z } from 'zod';
import { conflict } from '../shared/errors';

export const RETURN_WINDOW_DAYS = 7;
export const RETURN_STATUSES = ['requested', 'accepted', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Devolução solicitada',
  accepted: 'Devolução recebida',
  rejected: 'Devolução recusada',
};

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant in São Paulo (UTC−03:00, no daylight saving since 2019). */
function saoPauloDay(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/** The last instant a return may be asked: the end of the 7th day after the delivery day, in São Paulo. */
export function returnDeadline(deliveredAt: Date): Date {
  const day = saoPauloDay(deliveredAt);
  const last = new Date(Date.parse(`${day}T00:00:00Z`) + RETURN_WINDOW_DAYS * DAY_MS).toISOString().slice(0, 10);
  return new Date(`${last}T23:59:59.999-03:00`);
}

export interface ReturnableOrder {
  status: string;
  delivered_at: Date | null;
  return_status: ReturnStatus | null;
}

export const RETURN_REFUSALS = {
  order_not_delivered: 'Só é possível devolver um pedido depois da entrega.',
  return_already_requested: 'A devolução deste pedido já foi solicitada.',
  withdrawal_window_closed: 'O prazo de 7 dias para devolver este pedido terminou (CDC art. 49).',
} as const;
export type ReturnRefusal = keyof typeof RETURN_REFUSALS;

/** Why the customer may not ask a return now, or null when they may. */
export function returnRefusal(order: ReturnableOrder, now: Date): ReturnRefusal | null {
  if (order.return_status) return 'return_already_requested';
  if (order.status !== 'delivered' || !order.delivered_at) return 'order_not_delivered';
  if (now.getTime() > returnDeadline(order.delivered_at).getTime()) return 'withdrawal_window_closed';
  return null;
}

export function assertCanRequestReturn(order: ReturnableOrder, now: Date): void {
  const refusal = returnRefusal(order, now);
  if (refusal) throw conflict(refusal, RETURN_REFUSALS[refusal]);
}

/** The back office decides only a pending request of a still delivered order. */
export function assertReturnPending(order: ReturnableOrder): void {
  if (order.return_status !== 'requested' || order.status !== 'delivered') {
    throw conflict('return_not_pending', 'Este pedido não tem devolução pendente.');
  }
}

const reason = z
  .string({ message: 'Informe o motivo' })
  .trim()
  .min(3, { message: 'Informe o motivo (ao menos 3 caracteres)' })
  .max(500, { message: 'No máximo 500 caracteres' });

export const requestReturnSchema = z.object({ reason });
export const rejectReturnSchema = z.object({ reason });
