// In-app notifications (API.md): list (unread first), unread count, mark read.
import Router from '@koa/router';
import { notificationListSchema, type NotificationService } from '../../../core/notifications/notifications';
import { NOTIFICATION_LOCALES, type NotificationLocale } from '../../../core/notifications/notification-texts';
import { TOKENS } from '../../tokens';
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

  router.post('/api/notifications/:id/read', requireUser(), async (ctx) => {
    await service(ctx).markRead(ctx.state.user!.id, ctx.params.id ?? '');
    ctx.status = 204;
  });

  router.post('/api/notifications/read-all', requireUser(), async (ctx) => {
    ctx.body = { marked: await service(ctx).markAllRead(ctx.state.user!.id) };
  });

  return router;
}
