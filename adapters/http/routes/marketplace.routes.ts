// The marketplace (API.md): product catalogue, the signed-in user's cart, and orders (own only).
import Router from '@koa/router';
import type { Next } from 'koa';
import type { ProductService } from '../../../core/marketplace/product.service';
import type { CartService } from '../../../core/marketplace/cart.service';
import type { OrderService } from '../../../core/marketplace/order.service';
import { productListQuerySchema } from '../../../core/marketplace/product-schemas';
import { cartPatchSchema } from '../../../core/marketplace/cart';
import { createOrderSchema } from '../../../core/marketplace/order-rules';
import { paginationSchema } from '../../../core/shared/pagination';
import { TOKENS } from '../../tokens';
import type { CatalogCache } from '../catalog-cache';
import { requestMeta, type AppContext } from '../context';
import { requireUser } from '../middleware/auth';
import { parseInput } from '../validation';

export function marketplaceRoutes() {
  const router = new Router<AppContext['state'], AppContext>();
  const products = (ctx: AppContext) => ctx.container.get<ProductService>(TOKENS.ProductService);
  const carts = (ctx: AppContext) => ctx.container.get<CartService>(TOKENS.CartService);
  const orders = (ctx: AppContext) => ctx.container.get<OrderService>(TOKENS.OrderService);
  const userId = (ctx: AppContext) => ctx.state.user!.id;

  router.get('/api/product-categories', async (ctx) => {
    const items = await products(ctx).listCategories();
    ctx.body = { items, total: items.length };
  });

  router.get('/api/products', catalogueList);

  router.get('/api/products/:id', async (ctx) => {
    ctx.body = await products(ctx).get(ctx.params.id ?? '');
  });

  router.get('/api/cart', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await carts(ctx).get(userId(ctx));
  });

  // Each line sets one item's quantity (0 removes); lines not sent stay. Prices in the body are ignored.
  router.patch('/api/cart', requireUser(), async (ctx) => {
    parseInput(cartPatchSchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await carts(ctx).apply(userId(ctx), ctx.request.body);
  });

  // At login: the browser's cart joins the stored one.
  router.post('/api/cart/merge', requireUser(), async (ctx) => {
    parseInput(cartPatchSchema, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await carts(ctx).merge(userId(ctx), ctx.request.body);
  });

  router.post('/api/orders', requireUser(), async (ctx) => {
    parseInput(createOrderSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await orders(ctx).create({ id: userId(ctx), email: ctx.state.user!.email }, ctx.request.body, requestMeta(ctx));
  });

  router.get('/api/orders', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await orders(ctx).list(userId(ctx), parseInput(paginationSchema, ctx.query));
  });

  // SPEC.md §7/§9: what the client polls (≤ 5 newest pending orders with a payment); declared before /:id.
  router.get('/api/orders/pending-payments', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await orders(ctx).pendingPayments(userId(ctx));
  });

  router.get('/api/orders/:id', requireUser(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await orders(ctx).get(userId(ctx), ctx.params.id ?? '');
  });

  return router;
}

/** Which encoding a client accepts for the catalogue, memoised per Accept-Encoding value (browsers send a handful). */
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

let cache: CatalogCache | null = null;

/** GET /api/products: the busiest public read, served from the catalogue cache as prepared bytes. */
async function catalogueList(ctx: AppContext) {
  cache ??= ctx.container.get<CatalogCache>(TOKENS.CatalogCache);
  // Keyed by the raw query string: a hit skips even the parsing. A miss validates first (a 400 is never cached).
  const page = await cache.get(ctx.querystring, () =>
    ctx.container.get<ProductService>(TOKENS.ProductService).list(parseInput(productListQuerySchema, ctx.query)),
  );
  ctx.set('Cache-Control', 'no-cache');
  ctx.set('Vary', 'Accept-Encoding');
  ctx.etag = page.etag;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  // Gzipped once per cached page instead of once per request.
  if (page.body.length > 1024 && wantsGzip(ctx)) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = page.gzip();
    return;
  }
  ctx.body = page.body;
}

/**
 * The catalogue list mounted ahead of compression, body parsing, the session and the routers: it needs none of them
 * (public, read-only, compresses its own cached pages). Other methods fall through to the router (405).
 */
export function catalogueListing() {
  return (ctx: AppContext, next: Next) =>
    ctx.path === '/api/products' && (ctx.method === 'GET' || ctx.method === 'HEAD') ? catalogueList(ctx) : next();
}
