// Web push (docs/product/web-push.md): the VAPID public key browsers subscribe with, and the caller's own
// browsers subscribing and unsubscribing.
import { z } from 'zod';
import type { PushService } from '../../../core/messaging/push.service';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../core/messaging/push-rules';
import type { Config } from '../../config';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const countSchema = z.object({ subscriptions: z.number().int().describe('How many browsers of the caller are subscribed now.') });

export function pushRoutes(config: Config) {
  const service = (ctx: AppContext) => ctx.container.get<PushService>(TOKENS.PushService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email, requestId: ctx.state.requestId ?? null });

  return new ContractRouter({ tag: 'push' })
    .route({
      method: 'get',
      path: '/api/push/public-key',
      summary: 'The VAPID public key (base64url) a browser subscribes with (`applicationServerKey`)',
      guard: 'public',
      answers: { 200: { description: 'The key.', schema: z.object({ public_key: z.string() }) } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-cache');
        return reply(200, { public_key: service(ctx).publicKey });
      },
    })
    .route({
      method: 'post',
      path: '/api/me/push-subscriptions',
      summary: "Keeps this browser's push subscription (its `PushSubscription.toJSON()`); the first one turns push on",
      description: 'The endpoint must be https (http://127.0.0.1 only outside production). Subscribing an endpoint again replaces its keys.',
      guard: 'user',
      body: pushSubscriptionSchema({ allowLoopbackHttp: !config.isProduction }),
      answers: { 201: { description: 'Subscribed.', schema: countSchema } },
      handler: async (ctx, { body }) => reply(201, await service(ctx).subscribe(actor(ctx), body, ctx.get('User-Agent') || null)),
    })
    .route({
      method: 'delete',
      path: '/api/me/push-subscriptions',
      summary: "Forgets one of the caller's browsers, by its endpoint; the last one gone turns push off",
      guard: 'user',
      body: pushUnsubscribeSchema,
      answers: { 200: { description: '`removed` is false when the endpoint is not one of the caller\'s.', schema: countSchema.extend({ removed: z.boolean() }) } },
      handler: async (ctx, { body }) => reply(200, await service(ctx).unsubscribe(actor(ctx), body.endpoint)),
    });
}
