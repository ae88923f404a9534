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
import { guardBody, guardUrl } from './middleware/input-guard';
import { sameOriginOnly } from './middleware/same-origin';
import { SESSION_COOKIE } from './context';
import { apiLocaleOf, withApiLocale } from './validation';
import { requestContext } from './middleware/request-context';
import { loadSession } from './middleware/auth';
import { securityHeaders } from './middleware/security-headers';
import { metricsEndpoint, observeRequests } from './middleware/observability';
import type { Metrics } from '../observability/metrics';
import { healthRoutes } from './routes/health.routes';
import { authRoutes } from './routes/auth.routes';
import { planRoutes } from './routes/plans.routes';
import { groupRoutes } from './routes/groups.routes';
import { planOrderRoutes } from './routes/plan-orders.routes';
import { paymentRoutes } from './routes/payments.routes';
import { receiptRoutes, receiptSignInRedirect } from './routes/receipts.routes';
import { notificationRoutes } from './routes/notifications.routes';
import { messagePreferenceRoutes } from './routes/message-preferences.routes';
import { legalRoutes } from './routes/legal.routes';
import { pushRoutes } from './routes/push.routes';
import { cepRoutes } from './routes/cep.routes';
import { auditLogAdminRoutes } from './routes/admin/audit-logs.routes';
import { planAdminRoutes } from './routes/admin/plans.routes';
import { campaignAdminRoutes } from './routes/admin/campaigns.routes';
import { campaignRoutes } from './routes/campaigns.routes';
import { jobAdminRoutes } from './routes/admin/jobs.routes';
import { orderAdminRoutes } from './routes/admin/orders.routes';
import { exportAdminRoutes } from './routes/admin/exports.routes';
import { reportAdminRoutes } from './routes/admin/reports.routes';
import { groupAdminRoutes } from './routes/admin/groups.routes';
import { userAdminRoutes } from './routes/admin/users.routes';
import { marketplaceOverviewAdminRoutes, productAdminRoutes, productCategoryAdminRoutes } from './routes/admin/products.routes';
import { planCategoryAdminRoutes } from './routes/admin/plan-categories.routes';
import { devRoutes } from './routes/dev.routes';
import { sandboxRoutes } from './routes/sandbox.routes';
import { goodsInvoiceRoutes } from './routes/goods-invoices.routes';
import { serviceInvoiceRoutes } from './routes/service-invoices.routes';
import { marketplaceRoutes } from './routes/marketplace.routes';
import { shippingRoutes } from './routes/shipping.routes';
import { parcelRoutes } from './routes/parcels.routes';
import { openApiRoutes } from './routes/openapi.routes';
import { professionalRoutes } from './routes/professionals.routes';
import { payoutRoutes } from './routes/payouts.routes';
import { commissionRoutes } from './routes/commissions.routes';
import { siteConfigRoutes } from './routes/site-config.routes';
import { professionalPhotoRoutes } from './routes/professional-photos.routes';
import { adminReviewRoutes } from './routes/admin-reviews.routes';
import { experimentRoutes } from './routes/experiments.routes';
import { influencerLinkRedirect, influencerRoutes } from './routes/influencers.routes';
import { whatsappRoutes } from './routes/whatsapp.routes';
import { messageAdminRoutes } from './routes/admin/messages.routes';
import { PUBLIC_READ_PATHS, publicReads } from './public-reads';
import type { ContractRouter } from './contract';
import { mediaFiles, mediaPreviews } from './media';
import type { ImageProcessor } from '../../core/ports/image';
import type { FileStorage } from '../../core/ports/storage';
import { staticApps } from './static';
import { siteFiles } from './site-files';

/** Every router of the API, in mounting order; the last one serves the description of them all. */
export function apiRouters(config: Config): ContractRouter[] {
  const routers = [
    marketplaceRoutes(),
    shippingRoutes(),
    parcelRoutes(),
    healthRoutes(),
    authRoutes(),
    planRoutes(),
    groupRoutes(),
    planOrderRoutes(),
    paymentRoutes(),
    receiptRoutes(),
    notificationRoutes(),
    messagePreferenceRoutes(),
    legalRoutes(),
    pushRoutes(config),
    cepRoutes(),
    auditLogAdminRoutes(),
    planAdminRoutes(),
    campaignAdminRoutes(),
    campaignRoutes(),
    jobAdminRoutes(),
    orderAdminRoutes(),
    exportAdminRoutes(),
    reportAdminRoutes(),
    groupAdminRoutes(),
    userAdminRoutes(),
    productAdminRoutes(),
    productCategoryAdminRoutes(),
    marketplaceOverviewAdminRoutes(),
    planCategoryAdminRoutes(),
    devRoutes(config),
    sandboxRoutes(config),
    goodsInvoiceRoutes(config),
    serviceInvoiceRoutes(config),
    professionalRoutes(),
    payoutRoutes(),
    commissionRoutes(),
    professionalPhotoRoutes(),
    adminReviewRoutes(),
    experimentRoutes(),
    influencerRoutes(),
    whatsappRoutes(),
    messageAdminRoutes(),
    siteConfigRoutes(config),
  ];
  routers.push(openApiRoutes(config, () => routers));
  return routers;
}

const mounted = new WeakMap<Koa<AppState, AppContextExtras>, ContractRouter[]>();

/** The routers an app instance mounted (the same objects: a route added to one is served). */
export function mountedRouters(app: Koa<AppState, AppContextExtras>): readonly ContractRouter[] {
  return mounted.get(app) ?? [];
}

/** What an app instance answers, walked from its routers' stacks, plus the public-reads lane (GET, ahead of them). */
export function mountedRoutes(app: Koa<AppState, AppContextExtras>): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = PUBLIC_READ_PATHS.map((path) => ({ method: 'GET', path }));
  for (const { router } of mountedRouters(app)) {
    for (const layer of router.stack) {
      // HEAD comes with every GET; layers without methods are router.use() middleware.
      for (const method of layer.methods) if (method !== 'HEAD') routes.push({ method, path: String(layer.path) });
    }
  }
  return routes;
}

export function createApp(container: Container, options: { distDir?: string } = {}) {
  const config = container.get<Config>(TOKENS.Config);
  const logger = container.get<Logger>(TOKENS.Logger);
  const app = new Koa<AppState, AppContextExtras>({ proxy: config.trustProxy });
  app.context.container = container;
  app.silent = true; // errors are logged by our middleware, once, with the request id

  const metrics = container.get<Metrics>(TOKENS.Metrics);
  // Outermost: the request's span (when tracing) holds every log line and query below it; its duration is measured.
  app.use(observeRequests(metrics));
  app.use(requestContext(logger));
  app.use(errorMiddleware);
  app.use(metricsEndpoint(metrics, config.metricsToken));
  app.use((ctx, next) => withApiLocale(apiLocaleOf(ctx), next));
  // Uploads on a bucket with a public address are loaded from there (S3_PUBLIC_URL): the pages' CSP allows its origin.
  const mediaBase = config.storage.driver === 's3' ? (config.storage.publicBaseUrl ?? null) : null;
  app.use(securityHeaders({ https: config.publicUrl.startsWith('https://'), mapTileOrigin: config.mapTiles?.origin ?? null, mediaOrigin: mediaBase && new URL(mediaBase).origin }));
  app.use(guardUrl);
  app.use(sameOriginOnly({ sessionCookie: SESSION_COOKIE, publicUrl: config.publicUrl }));
  app.use(publicReads(container));
  app.use(compress({ threshold: 1024, br: false }));
  // DELETE /api/me carries the password in its body. Reads never have one: they skip the parser altogether.
  const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  const parseBody = bodyParser({ enableTypes: ['json'], jsonLimit: config.bodyLimit, parsedMethods: [...BODY_METHODS], encoding: 'utf-8' });
  app.use((ctx, next) => (BODY_METHODS.has(ctx.method) ? parseBody(ctx, next) : next()));
  app.use(guardBody);
  app.use(loadSession);
  app.use(receiptSignInRedirect);
  // An influencer link goes straight to the landing (the click recorded on the way): no redirect screen to wait for.
  app.use(influencerLinkRedirect);

  const routers = apiRouters(config);
  mounted.set(app, routers);
  for (const { router } of routers) {
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
  app.use(mediaFiles(() => container.get<FileStorage>(TOKENS.FileStorage), mediaBase));
  app.use(mediaPreviews(() => container.get<FileStorage>(TOKENS.FileStorage), () => container.get<ImageProcessor>(TOKENS.ImageProcessor)));
  app.use(siteFiles(config));
  app.use(staticApps(options.distDir, { dev: !config.isProduction, publicUrl: config.publicUrl, logger }));
  return app;
}
