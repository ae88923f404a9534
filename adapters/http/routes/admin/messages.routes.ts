// Back office: a person's messages on outside channels (the user screen's "Mensagens") and delivery figures per channel.
import { z } from 'zod';
import { adminMessagePageSchema, messageFiguresSchema, messagePageQuerySchema, type MessageLogAdmin } from '../../../../core/messaging/message-log-admin';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';

const admin = { roles: ['admin' as const] };

export function messageAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<MessageLogAdmin>(TOKENS.MessageLogAdmin);
  return new ContractRouter({ tag: 'admin', prefix: '/api/admin' })
    .route({
      method: 'get',
      path: '/users/:id/messages',
      summary: "One account's WhatsApp and push messages, newest first (channel, template, delivery status)",
      guard: admin,
      params: z.object({ id: z.string() }),
      query: messagePageQuerySchema,
      errors: [404],
      answers: { 200: { description: 'A page of the message log.', schema: adminMessagePageSchema } },
      handler: async (ctx, { params, query }) => reply(200, await service(ctx).listForUser(params.id, query)),
    })
    .route({
      method: 'get',
      path: '/reports/messages',
      summary: 'Delivery figures per channel over the last 30 days (sent, delivered, read, failed, queued)',
      guard: admin,
      answers: { 200: { description: 'Per channel, how many messages reached each stage.', schema: messageFiguresSchema } },
      handler: async (ctx) => reply(200, await service(ctx).figures()),
    });
}
