// The back office's orders: list filters, the action bodies and the answers, as zod schemas.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';
import { canTransition, ORDER_STATUSES, trackingCodeSchema, type OrderStatus } from './order-rules';
import { orderSchema, orderSummarySchema } from './schemas';
import { shipmentSchema } from './order-parcel';

const statusList = z.union([z.enum(ORDER_STATUSES), z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length)]).transform((v) => (Array.isArray(v) ? v : [v]));
const isoDate = z.coerce.date().refine((d) => !Number.isNaN(d.getTime()));

/** `?filter=` of /api/admin/orders and of its CSV export: status (one or many), text, customer, creation dates. */
export const orderAdminFilterSchema = z.object({
  status: statusList.optional(),
  q: z.string().trim().max(200).optional(),
  user_id: z.uuid().optional(),
  created_at_gte: isoDate.optional(),
  created_at_lte: isoDate.optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});
export type OrderAdminFilterInput = z.output<typeof orderAdminFilterSchema>;

const reason = z
  .string({ message: 'Informe o motivo' })
  .trim()
  .min(3, { message: 'Informe o motivo (ao menos 3 caracteres)' })
  .max(500, { message: 'No máximo 500 caracteres' });

/** Without a tracking code the label is bought through the shipping provider (when it buys labels). */
export const shipOrderSchema = z.object({ tracking_code: trackingCodeSchema.optional() });
export const cancelOrderSchema = z.object({ reason });
export const refundOrderSchema = z.object({ reason });
export const bulkPreparingSchema = z.object({
  ids: z.array(z.uuid({ message: 'Pedido inválido' }), { message: 'Escolha os pedidos' }).min(1, { message: 'Escolha ao menos um pedido' }).max(500, { message: 'No máximo 500 pedidos por vez' }),
});

export const adminOrderSummarySchema = orderSummarySchema
  .extend({ user_id: z.string(), email: z.string().nullable(), full_name: z.string().nullable(), tracking_code: z.string().nullable(), paid_at: dateTimeAnswer.nullable() })
  .meta({ id: 'AdminOrderSummary' });
/** The back office's buttons on one order, each a route under /api/admin/orders/:id. */
export const ADMIN_ORDER_MOVES = ['preparing', 'ship', 'deliver', 'cancel', 'refund'] as const;
export type AdminOrderMove = (typeof ADMIN_ORDER_MOVES)[number];
const MOVE_TARGET: Record<AdminOrderMove, OrderStatus> = { preparing: 'preparing', ship: 'shipped', deliver: 'delivered', cancel: 'cancelled', refund: 'refunded' };

/**
 * What an operator may do with an order now, read from the state table (ORDER_TRANSITIONS); a return request still
 * waiting is answered by accepting or refusing it, not by a plain refund.
 */
export function allowedMoves(order: { status: OrderStatus; return_request: { status: string } | null }): AdminOrderMove[] {
  const returnWaiting = order.status === 'delivered' && order.return_request?.status === 'requested';
  return ADMIN_ORDER_MOVES.filter((move) => canTransition(order.status, MOVE_TARGET[move], 'operator') && !(returnWaiting && move === 'refund'));
}

export const adminOrderSchema = orderSchema
  .extend({
    user_id: z.string(),
    email: z.string().nullable(),
    allowed_moves: z.array(z.enum(ADMIN_ORDER_MOVES)).describe('The actions an operator may take now (the order state table).'),
    shipment: shipmentSchema.nullable().describe('The parcel: provider, tracking code, label link and the carrier\'s latest step.'),
    buys_labels: z.boolean().describe('Whether shipping without a tracking code buys the label through the shipping provider.'),
  })
  .meta({ id: 'AdminOrder' });
export const bulkPreparingAnswerSchema = z
  .object({
    moved: z.array(z.string()),
    refused: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() })),
  })
  .meta({ id: 'BulkPreparing' });
