// Back office: marketplace orders (ra-data-simple-rest list, detail) and their actions along docs/product/marketplace.md's flow.
// Every action is the OrderService's: 409 on a wrong move, audited with before/after, the customer notified.
import { z } from 'zod';
import type { OrderService } from '../../../../core/marketplace/order.service';
import type { OrderParcelService } from '../../../../core/marketplace/order-parcel.service';
import type { Repositories } from '../../../db/unit-of-work';
import {
  adminOrderSchema,
  allowedMoves,
  adminOrderSummarySchema,
  bulkPreparingAnswerSchema,
  bulkPreparingSchema,
  cancelOrderSchema,
  orderAdminFilterSchema,
  refundOrderSchema,
  shipOrderSchema,
} from '../../../../core/marketplace/order-admin';
import { rejectReturnSchema } from '../../../../core/marketplace/order-return';
import { lineRefundSchema, orderLineRefundsAnswerSchema } from '../../../../core/marketplace/order-line-refund';
import type { OrderLineRefundService } from '../../../../core/marketplace/order-line-refund.service';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });
const actorEmail = (ctx: AppContext) => ctx.state.user!.email;
/** The order as the back office shows it: with the moves its state allows, so the screen copies no rule. */
const withMoves = <T extends Parameters<typeof allowedMoves>[0]>(ctx: AppContext, order: T) => ({
  ...order,
  allowed_moves: allowedMoves(order),
  buys_labels: parcels(ctx).buysLabels,
});
type AdminOrder = Awaited<ReturnType<OrderService['adminGet']>>;
const parcels = (ctx: AppContext) => ctx.container.get<OrderParcelService<Repositories, AdminOrder>>(TOKENS.OrderParcelService);

export function orderAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<OrderService>(TOKENS.OrderService);
  const lineRefunds = (ctx: AppContext) => ctx.container.get<OrderLineRefundService>(TOKENS.OrderLineRefundService);
  const detail = { 200: { description: 'The order after the change.', schema: adminOrderSchema } };

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/orders' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Marketplace orders (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(orderAdminFilterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of orders, newest first by default.', schema: z.array(adminOrderSummarySchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, orderAdminFilterSchema, { field: 'created_at', order: 'DESC' });
        const { items, total } = await service(ctx).adminQuery(query);
        sendList(ctx, 'orders', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'post',
      path: '/bulk-preparing',
      summary: 'Mark many paid orders as preparing',
      guard: admin,
      body: bulkPreparingSchema,
      errors: [400],
      answers: { 200: { description: 'The orders moved and the ones refused (with the reason).', schema: bulkPreparingAnswerSchema } },
      handler: async (ctx, { body }) => reply(200, await service(ctx).bulkPreparing(body.ids, actorEmail(ctx))),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One order with items, totals, address, payment and timeline',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The order.', schema: adminOrderSchema } },
      handler: async (ctx, { params }) => reply(200, withMoves(ctx, await service(ctx).adminGet(params.id))),
    })
    .route({
      method: 'post',
      path: '/:id/preparing',
      summary: 'Paid → preparing',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: detail,
      handler: async (ctx, { params }) => reply(200, withMoves(ctx, await service(ctx).setStatus(params.id, 'preparing', { actorEmail: actorEmail(ctx) }))),
    })
    .route({
      method: 'post',
      path: '/:id/ship',
      summary: 'Preparing → shipped: with the typed tracking code, or (none sent) buying the label through the shipping provider',
      guard: admin,
      params: idParams,
      body: shipOrderSchema,
      errors: [400, 404, 409],
      answers: detail,
      // Without a tracking code the label is bought through the shipping provider (order-parcel.service.ts).
      handler: async (ctx, { params, body }) =>
        reply(200, withMoves(ctx, await parcels(ctx).ship(params.id, body.tracking_code, actorEmail(ctx)))),
    })
    .route({
      method: 'post',
      path: '/:id/deliver',
      summary: 'Shipped → delivered',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: detail,
      handler: async (ctx, { params }) => reply(200, withMoves(ctx, await service(ctx).setStatus(params.id, 'delivered', { actorEmail: actorEmail(ctx) }))),
    })
    .route({
      method: 'post',
      path: '/:id/cancel',
      summary: 'Cancel an unpaid order (its stock returns)',
      guard: admin,
      params: idParams,
      body: cancelOrderSchema,
      errors: [400, 404, 409],
      answers: detail,
      handler: async (ctx, { params, body }) => reply(200, withMoves(ctx, await service(ctx).setStatus(params.id, 'cancelled', { actorEmail: actorEmail(ctx), note: body.reason }))),
    })
    .route({
      method: 'post',
      path: '/:id/refund',
      summary: 'Refund a paid order in full (the payments.refund job refunds the charge)',
      guard: admin,
      params: idParams,
      body: refundOrderSchema,
      errors: [400, 404, 409],
      answers: detail,
      handler: async (ctx, { params, body }) => reply(200, withMoves(ctx, await service(ctx).setStatus(params.id, 'refunded', { actorEmail: actorEmail(ctx), note: body.reason }))),
    })
    .route({
      method: 'get',
      path: '/:id/line-refunds',
      summary: "One order's lines with the units still refundable, and the line refunds made",
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The lines and the refunds.', schema: orderLineRefundsAnswerSchema } },
      handler: async (ctx, { params }) => reply(200, await lineRefunds(ctx).view(params.id)),
    })
    .route({
      method: 'post',
      path: '/:id/line-refunds',
      summary: 'Refund some units of one line (amount = unit price × units, recomputed here; partial refund at the provider)',
      guard: admin,
      params: idParams,
      body: lineRefundSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The lines and the refunds after this one.', schema: orderLineRefundsAnswerSchema } },
      handler: async (ctx, { params }) => reply(200, await lineRefunds(ctx).refundLine(params.id, ctx.request.body, actorEmail(ctx))),
    })
    .route({
      method: 'post',
      path: '/:id/return/accept',
      summary: 'Receive a returned item: stock back, order refunded in full with freight',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: detail,
      handler: async (ctx, { params }) => reply(200, withMoves(ctx, await service(ctx).acceptReturn(params.id, actorEmail(ctx)))),
    })
    .route({
      method: 'post',
      path: '/:id/return/reject',
      summary: 'Refuse a return request, with the reason (the order stays delivered)',
      guard: admin,
      params: idParams,
      body: rejectReturnSchema,
      errors: [400, 404, 409],
      answers: detail,
      handler: async (ctx, { params }) => reply(200, withMoves(ctx, await service(ctx).rejectReturn(params.id, actorEmail(ctx), ctx.request.body))),
    });
}
