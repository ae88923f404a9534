// A person's message choices on /profile (docs/product/messaging.md): per kind of message and channel, and the
// WhatsApp double opt-in (a number typed, a code sent on WhatsApp, the code typed back).
import {
  messagePreferencesUpdateSchema,
  messagePreferencesViewSchema,
  whatsappOptinConfirmSchema,
  whatsappOptinStartSchema,
  type MessagePreferenceService,
} from '../../../core/messaging';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

export function messagePreferenceRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<MessagePreferenceService>(TOKENS.MessagePreferences);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email, requestId: ctx.state.requestId ?? null });
  const view = { 200: { description: 'Every kind of message × channel with the choice in force, the WhatsApp number\'s state and whether a browser is subscribed to push.', schema: messagePreferencesViewSchema } };

  return new ContractRouter({ tag: 'messages' })
    .route({
      method: 'get',
      path: '/api/me/message-preferences',
      summary: "The caller's message choices (defaults: e-mail and the bell on for groups, payments and vouchers; WhatsApp, push and marketing off)",
      guard: 'user',
      answers: view,
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await service(ctx).view(ctx.state.user!.id));
      },
    })
    .route({
      method: 'put',
      path: '/api/me/message-preferences',
      summary: 'Changes some choices (audited; a channel turned off stops the next message)',
      description: 'WhatsApp can be turned on only with a confirmed number (409 `whatsapp_not_confirmed`), push only with a subscribed browser (409 `push_not_subscribed`).',
      guard: 'user',
      body: messagePreferencesUpdateSchema,
      errors: [409],
      answers: view,
      handler: async (ctx, { body }) => reply(200, await service(ctx).update(actor(ctx), body.preferences)),
    })
    .route({
      method: 'post',
      path: '/api/me/whatsapp',
      summary: 'Starts the WhatsApp double opt-in: the number (Brazilian mobile, any format) gets a 6-digit code on WhatsApp',
      description: 'The code is valid for 10 minutes and 5 tries; a new one at most once a minute (429 `optin_too_soon`).',
      guard: 'user',
      body: whatsappOptinStartSchema,
      errors: [409, 429],
      answers: view,
      handler: async (ctx, { body }) => reply(200, await service(ctx).startWhatsapp(actor(ctx), body.phone)),
    })
    .route({
      method: 'post',
      path: '/api/me/whatsapp/confirm',
      summary: 'Confirms the number with the code received; WhatsApp is then on for groups, payments and vouchers',
      guard: 'user',
      body: whatsappOptinConfirmSchema,
      errors: [409],
      answers: view,
      handler: async (ctx, { body }) => reply(200, await service(ctx).confirmWhatsapp(actor(ctx), body.code)),
    })
    .route({
      method: 'delete',
      path: '/api/me/whatsapp',
      summary: 'Forgets the number: WhatsApp off for every kind of message at once',
      guard: 'user',
      answers: view,
      handler: async (ctx) => reply(200, await service(ctx).removeWhatsapp(actor(ctx))),
    });
}
