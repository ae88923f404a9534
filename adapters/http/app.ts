// Builds the Koa application: middleware order matters (ids and errors first, then security, body, session, routes, static).
import Koa from 'koa';
import type { Container } from 'inversify';
import compress from 'koa-compress';
import { bodyParser } from '@koa/bodyparser';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { TOKENS } from '../tokens';
import type { AppContextExtras, AppState, AppContext } from './context';
import { errorMiddleware } from './middleware/errors';
import { requestContext } from './middleware/request-context';
import { loadSession } from './middleware/auth';
import { securityHeaders } from './middleware/security-headers';
import { healthRoutes } from './routes/health.routes';
import { authRoutes } from './routes/auth.routes';
import { planRoutes } from './routes/plans.routes';
import { groupRoutes } from './routes/groups.routes';
import { paymentRoutes } from './routes/payments.routes';
import { notificationRoutes } from './routes/notifications.routes';
import { cepRoutes } from './routes/cep.routes';
import { auditLogAdminRoutes } from './routes/admin/audit-logs.routes';
import { planAdminRoutes } from './routes/admin/plans.routes';
import { devRoutes } from './routes/dev.routes';
import { sandboxRoutes } from './routes/sandbox.routes';
import { marketplaceRoutes } from './routes/marketplace.routes';
import { publicReads } from './public-reads';
import { mediaFiles } from './media';
import type { FileStorage } from '../../core/ports/storage';
import { staticApps } from './static';

export function createApp(container: Container, options: { distDir?: string } = {}) {
  const config = container.get<Config>(TOKENS.Config);
  const logger = container.get<Logger>(TOKENS.Logger);
  const app = new Koa<AppState, AppContextExtras>({ proxy: config.trustProxy });
  app.context.container = container;
  app.silent = true; // errors are logged by our middleware, once, with the request id

  app.use(requestContext(logger));
  app.use(errorMiddleware);
  app.use(securityHeaders({ https: config.publicUrl.startsWith('https://') }));
  app.use(publicReads(container));
  app.use(compress({ threshold: 1024, br: false }));
  // DELETE /api/me carries the password in its body. Reads never have one: they skip the parser altogether.
  const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  const parseBody = bodyParser({ enableTypes: ['json'], jsonLimit: config.bodyLimit, parsedMethods: [...BODY_METHODS], encoding: 'utf-8' });
  app.use((ctx, next) => (BODY_METHODS.has(ctx.method) ? parseBody(ctx, next) : next()));
  app.use(loadSession);

  for (const router of [
    marketplaceRoutes(),
    healthRoutes(),
    authRoutes(),
    planRoutes(),
    groupRoutes(),
    paymentRoutes(),
    notificationRoutes(),
    cepRoutes(),
    auditLogAdminRoutes(),
    planAdminRoutes(),
    devRoutes(config),
    sandboxRoutes(config),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }

  app.use(async (ctx: AppContext, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      ctx.status = 404;
      ctx.body = { error: { code: 'not_found', message: 'Endereço da API não encontrado.' } };
      return;
    }
    await next();
  });
  app.use(mediaFiles(() => container.get<FileStorage>(TOKENS.FileStorage)));
  app.use(staticApps(options.distDir));
  return app;
}
