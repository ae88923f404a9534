// The marketplace (API.md): product catalogue, the signed-in user's cart, and orders (own only).
import Router from '@koa/router';
import type { ProductService } from '../../../core/marketplace/product.service';
import type { CartService } from '../../../core/marketplace/cart.service';
import type { OrderService } from '../../../core/marketplace/order.service';
import { cartPatchSchema } from '../../../core/marketplace/cart';
import { createOrderSchema } from '../../../core/marketplace/order-rules';
import { paginationSchema } from '../../../core/shared/pagination';
import { TOKENS } from '../../tokens';
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

  // GET /api/products is served by the public-reads lane (../public-reads.ts), ahead of this router.

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
