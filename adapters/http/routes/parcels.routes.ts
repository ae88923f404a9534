// Parcels (docs/product/marketplace.md#parcel-tracking): Melhor Envio's tracking webhook (signed X-ME-Signature) and,
// outside production, the next made-up step of an order's parcel so the whole path can be walked locally.
import { z } from 'zod';
import type { OrderParcelService } from '../../../core/marketplace/order-parcel.service';
import { notFound } from '../../../core/shared/errors';
import { PARCEL_EVENT_STATUSES } from '../../../core/shipping';
import type { ShippingLabels } from '../../../core/shipping';
import type { Repositories } from '../../db/unit-of-work';
import type { Config } from '../../config';
import { MelhorEnvioLabels } from '../../shipping/melhor-envio.labels';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const idParams = z.object({ id: z.string() });
const parcels = (ctx: AppContext) => ctx.container.get<OrderParcelService<Repositories>>(TOKENS.OrderParcelService);
const receivedSchema = z.object({ received: z.literal(true), applied: z.number().int(), ignored: z.number().int(), unknown: z.number().int() });

export function parcelRoutes() {
  return (
    new ContractRouter({ tag: 'shipping' })
      // Melhor Envio retries anything but a 2xx; a step already stored (or older than the parcel's) is a 200 that applies nothing.
      .route({
        method: 'post',
        path: '/api/webhooks/melhor-envio',
        summary: 'Melhor Envio tracking events (header `X-ME-Signature`: base64 HMAC-SHA256 of the body with the app secret)',
        guard: 'public',
        describedBody: z.object({ event: z.string(), data: z.record(z.string(), z.unknown()) }).loose(),
        errors: [401, 404],
        answers: { 200: { description: 'Received; how many steps moved a parcel, were already known or named no parcel of ours.', schema: receivedSchema } },
        handler: async (ctx) => {
          const labels = ctx.container.get<ShippingLabels>(TOKENS.ShippingLabels);
          if (!(labels instanceof MelhorEnvioLabels)) throw notFound('webhook_not_configured', 'A Melhor Envio não está configurada.');
          const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
          const updates = labels.parseWebhook(raw, ctx.headers);
          return reply(200, { received: true as const, ...(await parcels(ctx).receive(updates, 'webhook')) });
        },
      })
      .route({
        method: 'post',
        path: '/api/dev/orders/:id/parcel/next',
        summary: 'Development only: the next simulated carrier step of an order\'s parcel (posted, in transit, out for delivery, delivered)',
        description: 'Answers 404 in production.',
        tags: ['dev'],
        guard: { roles: ['admin' as const] },
        params: idParams,
        errors: [404],
        answers: { 200: { description: 'Whether the step moved the parcel, and which step it was (null when the parcel has arrived).', schema: z.object({ result: z.enum(['applied', 'ignored', 'unknown']), status: z.enum(PARCEL_EVENT_STATUSES).nullable() }) } },
        handler: async (ctx, { params }) => {
          if (ctx.container.get<Config>(TOKENS.Config).isProduction) throw notFound('not_found', 'Não encontrado.');
          return reply(200, await parcels(ctx).simulateNext(params.id));
        },
      })
  );
}
