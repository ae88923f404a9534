// The public catalogue lists (GET /api/products, GET /api/plans), the busiest reads, answered from their caches as
// prepared, gzipped-once bytes, mounted ahead of compression, body parser, session and routers (they need none).
// The lane owns these two paths: another method gets 405 with Allow.
import type { Container } from 'inversify';
import type { Next } from 'koa';
import { context, propagation } from '@opentelemetry/api';
import { productListQuerySchema } from '../../core/marketplace/product-schemas';
import type { ProductService } from '../../core/marketplace/product.service';
import { planListQuerySchema, type PlanCatalogService } from '../../core/catalog/plan.service';
import { planListSchema } from '../../core/catalog/schemas';
import { productListSchema } from '../../core/marketplace/schemas';
import { TOKENS } from '../tokens';
import type { CatalogCache } from './catalog-cache';
import type { AppContext } from './context';
import { shapeAnswer, shapePlainAnswer } from './contract';
import { parseInput } from './validation';
import { inSpan, SpanKind, tracingEnabled } from '../observability/tracing';

/** Which encoding a client accepts, memoised per Accept-Encoding value (browsers send a handful of them). */
const encodingChoice = new Map<string, boolean>();
function wantsGzip(ctx: AppContext): boolean {
  const header = ctx.get('accept-encoding');
  let gzip = encodingChoice.get(header);
  if (gzip === undefined) {
    gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    if (encodingChoice.size >= 100) encodingChoice.clear();
    encodingChoice.set(header, gzip);
  }
  return gzip;
}

/**
 * A miss's server span (the request middleware traces no request of this lane): opened only when the answer has to be
 * loaded, so its queries are its children, under the caller's traceparent. Straight through when tracing is off.
 */
function traceMiss<T>(ctx: AppContext, load: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return load();
  const parent = propagation.extract(context.active(), ctx.headers);
  return inSpan(`${ctx.method} ${ctx.path}`, SpanKind.SERVER, parent, (span) => {
    span?.setAttributes({ 'http.request.method': ctx.method, 'url.path': ctx.path, 'http.route': ctx.path, 'turma.cache': 'miss' });
    return load();
  });
}

/**
 * Answers from `cache`, keyed by the raw query string (a hit skips even the parsing; a miss validates first inside
 * `load`, and a 400 is never cached). Revalidated by ETag (no-cache: browsers always ask, a 304 costs no body).
 */
async function sendCachedPage(ctx: AppContext, cache: CatalogCache, load: () => Promise<unknown>) {
  const page = await cache.get(ctx.querystring, () => traceMiss(ctx, load));
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('Vary', 'Accept-Encoding');
  ctx.etag = page.etag;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  if (page.body.length > 1024 && wantsGzip(ctx)) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = page.gzip();
    return;
  }
  ctx.body = page.body;
}

/** The paths this lane owns (GET and HEAD); their contracts are described by the catalogue and marketplace routers. */
export const PUBLIC_READ_PATHS = ['/api/products', '/api/plans'] as const;

export function publicReads(container: Container) {
  const products = container.get<CatalogCache>(TOKENS.CatalogCache);
  const plans = container.get<CatalogCache>(TOKENS.PlanCache);
  const lanes = new Map<string, (ctx: AppContext) => Promise<void>>([
    [
      '/api/products',
      (ctx) =>
        sendCachedPage(ctx, products, async () =>
          shapePlainAnswer(productListSchema, await container.get<ProductService>(TOKENS.ProductService).list(parseInput(productListQuerySchema, ctx.query))),
        ),
    ],
    [
      '/api/plans',
      (ctx) =>
        sendCachedPage(ctx, plans, async () =>
          shapeAnswer(planListSchema, await container.get<PlanCatalogService>(TOKENS.PlanCatalogService).listPlans(parseInput(planListQuerySchema, ctx.query))),
        ),
    ],
  ]);
  return function publicReadsMiddleware(ctx: AppContext, next: Next) {
    const lane = lanes.get(ctx.path);
    if (!lane) return next();
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return lane(ctx);
    ctx.set('Allow', 'GET, HEAD');
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      return Promise.resolve();
    }
    ctx.throw(405);
  };
}
