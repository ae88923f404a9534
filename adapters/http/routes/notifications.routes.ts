// In-app notifications (docs/api.md): list (unread first), unread count, mark read.
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { notificationListSchema, type NotificationService } from '../../../core/notifications/notifications';
import { NOTIFICATION_LOCALES, type NotificationLocale } from '../../../core/notifications/notification-texts';
import { notificationListAnswerSchema, unreadCountSchema } from '../../../core/notifications/schemas';
import { TOKENS } from '../../tokens';
import type { NotificationFeed } from '../../notifications/notification-feed';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

export function notificationRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<NotificationService>(TOKENS.NotificationService);

  return new ContractRouter({ tag: 'notifications' })
    .route({
      method: 'get',
      path: '/api/notifications',
      summary: 'The caller\'s notifications, unread first, in the `Accept-Language` language (pt-BR or en-US)',
      guard: 'user',
      query: notificationListSchema,
      answers: { 200: { description: 'A page of notifications, the total and the unread count.', schema: notificationListAnswerSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        // The web app sends its language; without one (or with another) the site's language, pt-BR.
        const locale = ctx.acceptsLanguages(...NOTIFICATION_LOCALES) || 'pt-BR';
        ctx.vary('Accept-Language');
        return reply(200, await service(ctx).list(ctx.state.user!.id, query, locale as NotificationLocale));
      },
    })
    .route({
      method: 'get',
      path: '/api/notifications/unread-count',
      summary: 'How many notifications are unread',
      guard: 'user',
      answers: { 200: { description: 'The count.', schema: unreadCountSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, { unread: await service(ctx).unreadCount(ctx.state.user!.id) });
      },
    })
    // docs/product/screens.md: the bell's count, live (server-sent events). The count now, then again after every commit that
    // changes this user's notifications (new ones, read ones — in any tab, on any instance); a comment every 25 s keeps
    // proxies from closing an idle stream. The browser's EventSource reconnects by itself.
    .route({
      method: 'get',
      path: '/api/notifications/stream',
      summary: 'The unread count, live (server-sent events)',
      description: 'Events `unread` with data `{"unread": n}`: now, then after every change. At most 10 open streams per user (the 11th is a 429).',
      guard: 'user',
      errors: [429],
      answers: {
        200: {
          description: 'An event stream (`retry: 5000`, a `: ping` comment every 25 s).',
          contentType: 'text/event-stream',
          schema: z.string().describe('`event: unread\\ndata: {"unread":3}\\n\\n`'),
          raw: true,
        },
      },
      handler: async (ctx) => {
        const userId = ctx.state.user!.id;
        const feed = ctx.container.get<NotificationFeed>(TOKENS.NotificationFeed);
        const notifications = service(ctx);
        const stream = new PassThrough();
        let last = -1;
        let sending = Promise.resolve();
        const send = () => {
          sending = sending.then(async () => {
            const unread = await notifications.unreadCount(userId);
            if (unread !== last && !stream.writableEnded) stream.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
            last = unread;
          }).catch((err: unknown) => ctx.state.log.warn({ err }, 'notification stream: count failed'));
        };
        const unwatch = await feed.watch(userId, send);
        const heartbeat = setInterval(() => stream.write(': ping\n\n'), 25_000);
        heartbeat.unref();
        let unregister = () => {};
        const end = () => {
          clearInterval(heartbeat);
          unwatch();
          unregister();
          if (!stream.writableEnded) stream.end();
        };
        unregister = feed.onClose(end);
        ctx.req.once('close', end);

        (ctx as { compress?: boolean }).compress = false; // koa-compress would hold events back in its buffer
        ctx.set('Cache-Control', 'no-store');
        ctx.set('X-Accel-Buffering', 'no');
        ctx.type = 'text/event-stream';
        ctx.status = 200;
        ctx.body = stream;
        stream.write('retry: 5000\n\n');
        send();
        return reply(200, undefined);
      },
    })
    .route({
      method: 'post',
      path: '/api/notifications/:id/read',
      summary: 'Mark one notification read',
      guard: 'user',
      params: z.object({ id: z.string() }),
      errors: [404],
      answers: { 204: { description: 'Marked.' } },
      handler: async (ctx, { params }) => {
        await service(ctx).markRead(ctx.state.user!.id, params.id);
        return reply(204, undefined);
      },
    })
    .route({
      method: 'post',
      path: '/api/notifications/read-all',
      summary: 'Mark every notification read',
      guard: 'user',
      answers: { 200: { description: 'How many were marked.', schema: z.object({ marked: z.number().int() }) } },
      handler: async (ctx) => (reply(200, { marked: await service(ctx).markAllRead(ctx.state.user!.id) })),
    });
}
