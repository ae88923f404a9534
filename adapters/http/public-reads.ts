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
import { productSchema } from '../../core/marketplace/schemas';
import { TOKENS } from '../tokens';
import { JsonText, ProductJsonCache, type CatalogCache } from './catalog-cache';
import type { AppContext } from './context';
import { shapeAnswer, shapePlainAnswer } from './contract';
import { parseInput } from './validation';
import { statusOfError } from './middleware/errors';
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
 * loaded, so its queries are its children, under the caller's traceparent, with the status the load leads to (a bad
 * query's 400 is the caller's mistake, not an error of the span). Straight through when tracing is off.
 */
function traceMiss<T>(ctx: AppContext, load: () => Promise<T>): Promise<T> {
  if (!tracingEnabled()) return load();
  const parent = propagation.extract(context.active(), ctx.headers);
  return inSpan(
    `${ctx.method} ${ctx.path}`,
    SpanKind.SERVER,
    parent,
    async (span) => {
      span?.setAttributes({ 'http.request.method': ctx.method, 'url.path': ctx.path, 'http.route': ctx.path, 'turma.cache': 'miss' });
      try {
        const loaded = await load();
        span?.setAttribute('http.response.status_code', 200);
        return loaded;
      } catch (err) {
        span?.setAttribute('http.response.status_code', statusOfError(err));
        throw err;
      }
    },
    (err) => statusOfError(err) >= 500,
  );
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

/**
 * A products page that missed the page cache: its one query gives the page's ids and row versions, total and cursor;
 * only products whose version this process has not serialised yet are read in full (one more query) and turned into
 * JSON, through the same public shape and schema as GET /api/products/:id. The answer is byte for byte what
 * `ProductService.list` gives (tests/http/catalogue-versions.test.ts). A product switched off between the two queries is
 * left out of the page.
 */
async function productsPage(ctx: AppContext, service: ProductService, json: ProductJsonCache): Promise<JsonText> {
  const page = await service.listVersions(parseInput(productListQuerySchema, ctx.query));
  const known = page.items.map((item) => json.get(item.id, item.version));
  const missing = page.items.filter((_, i) => known[i] === undefined).map((item) => item.id);
  const fresh = new Map<string, string>();
  if (missing.length > 0) {
    const generation = json.currentGeneration;
    for (const { version, product } of await service.publicVersions(missing)) {
      const text = JSON.stringify(shapePlainAnswer(productSchema, product));
      json.set(product.id, version, text, generation);
      fresh.set(product.id, text);
    }
  }
  const items: string[] = [];
  for (const [i, item] of page.items.entries()) {
    const text = known[i] ?? fresh.get(item.id);
    if (text !== undefined) items.push(text);
  }
  return new JsonText(
    `{"items":[${items.join(',')}],"total":${page.total},"total_capped":${page.total_capped},"next_cursor":${JSON.stringify(page.next_cursor)}}`,
  );
}

/** The paths this lane owns (GET and HEAD); their contracts are described by the catalogue and marketplace routers. */
export const PUBLIC_READ_PATHS = ['/api/products', '/api/plans'] as const;

export function publicReads(container: Container) {
  const products = container.get<CatalogCache>(TOKENS.CatalogCache);
  const plans = container.get<CatalogCache>(TOKENS.PlanCache);
  const productJson = new ProductJsonCache();
  products.onChange(() => productJson.clear());
  const lanes = new Map<string, (ctx: AppContext) => Promise<void>>([
    [
      '/api/products',
      (ctx) => sendCachedPage(ctx, products, () => productsPage(ctx, container.get<ProductService>(TOKENS.ProductService), productJson)),
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
