// In-app notifications (API.md): list (unread first), unread count, mark read.
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import { notificationListSchema, type NotificationService } from '../../../core/notifications/notifications';
import { NOTIFICATION_LOCALES, type NotificationLocale } from '../../../core/notifications/notification-texts';
import { TOKENS } from '../../tokens';
import type { NotificationFeed } from '../../notifications/notification-feed';
import type { AppContext } from '../context';
import { requireUser } from '../middleware/auth';
import { parseInput } from '../validation';

export function notificationRoutes() {
  const router = new Router<AppContext['state'], AppContext>();
  const service = (ctx: AppContext) => ctx.container.get<NotificationService>(TOKENS.NotificationService);

  router.get('/api/notifications', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    // The web app sends its language; without one (or with another) the site's language, pt-BR.
    const locale = ctx.acceptsLanguages(...NOTIFICATION_LOCALES) || 'pt-BR';
    ctx.vary('Accept-Language');
    ctx.body = await service(ctx).list(ctx.state.user!.id, parseInput(notificationListSchema, ctx.query), locale as NotificationLocale);
  });

  router.get('/api/notifications/unread-count', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { unread: await service(ctx).unreadCount(ctx.state.user!.id) };
  });

  // PRODUCT.md §3: the bell's count, live (server-sent events). The count now, then again after every commit that
  // changes this user's notifications (new ones, read ones — in any tab, on any instance); a comment every 25 s keeps
  // proxies from closing an idle stream. The browser's EventSource reconnects by itself.
  router.get('/api/notifications/stream', requireUser(), async (ctx) => {
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
  });

  router.post('/api/notifications/:id/read', requireUser(), async (ctx) => {
    await service(ctx).markRead(ctx.state.user!.id, ctx.params.id ?? '');
    ctx.status = 204;
  });

  router.post('/api/notifications/read-all', requireUser(), async (ctx) => {
    ctx.body = { marked: await service(ctx).markAllRead(ctx.state.user!.id) };
  });

  return router;
}
