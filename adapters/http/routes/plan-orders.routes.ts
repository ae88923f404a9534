// Product plans shipped as orders: the member reads where a paid product voucher stands and confirms (or
// changes) the delivery address, which makes its one marketplace order — 201 the first time, 200 with the same order
// on a repeated or concurrent confirmation. Only the voucher's owner; anyone else gets 404.
import { z } from 'zod';
import type { PlanOrderFlow } from '../../../core/flows/plan-order.flow';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const idParams = z.object({ id: z.string() });

const addressSchema = z.object({
  cep: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullish(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
});

export const planDeliverySchema = z
  .object({
    voucher_id: z.string(),
    code: z.string(),
    plan: z.object({ id: z.string(), name: z.string(), image_url: z.string().nullable() }),
    price: z.number().int(),
    state: z.enum(['not_product', 'awaiting_balance', 'awaiting_address', 'ordered', 'cancelled']),
    order_id: z.string().nullable(),
    order_number: z.string().nullable(),
    address: addressSchema,
  })
  .meta({ id: 'PlanDelivery' });

const confirmedSchema = z.object({ created: z.boolean(), order_id: z.string(), delivery: planDeliverySchema }).meta({ id: 'PlanDeliveryConfirmed' });

export function planOrderRoutes() {
  const flow = (ctx: AppContext) => ctx.container.get<PlanOrderFlow>(TOKENS.PlanOrderFlow);
  return new ContractRouter({ tag: 'groups' })
    .route({
      method: 'get',
      path: '/api/me/vouchers/:id/delivery',
      summary: 'Where a product voucher stands on its way to an order, with the address to confirm',
      guard: 'user',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The voucher, its state and the address (the order\'s, else the profile\'s).', schema: planDeliverySchema } },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await flow(ctx).get(ctx.state.user!.id, params.id));
      },
    })
    .route({
      method: 'post',
      path: '/api/me/vouchers/:id/delivery',
      summary: 'Confirm the delivery address: the paid product voucher becomes its one order',
      guard: 'user',
      params: idParams,
      body: z.object({ address: z.unknown() }),
      errors: [400, 404, 409],
      answers: {
        201: { description: 'The order was made (already paid).', schema: confirmedSchema },
        200: { description: 'The order already existed: the same one.', schema: confirmedSchema },
      },
      handler: async (ctx, { params, body }) => {
        const result = await flow(ctx).confirm({ id: ctx.state.user!.id, email: ctx.state.user!.email }, params.id, body, requestMeta(ctx));
        return result.created ? reply(201, result) : reply(200, result);
      },
    });
}
