// The marketplace (docs/api.md): product catalogue, the signed-in user's cart, and orders (own only).
import { z } from 'zod';
import type { ProductService } from '../../../core/marketplace/product.service';
import type { CartService } from '../../../core/marketplace/cart.service';
import type { OrderService } from '../../../core/marketplace/order.service';
import { cartPatchSchema } from '../../../core/marketplace/cart';
import { createOrderSchema } from '../../../core/marketplace/order-rules';
import { requestReturnSchema } from '../../../core/marketplace/order-return';
import { productListQuerySchema } from '../../../core/marketplace/product-schemas';
import {
  cartChangeSchema,
  cartSchema,
  orderListSchema,
  orderSchema,
  productCategoryListSchema,
  productListSchema,
  productSchema,
} from '../../../core/marketplace/schemas';
import { paginationSchema } from '../../../core/shared/pagination';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

const idParams = z.object({ id: z.string() });

export function marketplaceRoutes() {
  const products = (ctx: AppContext) => ctx.container.get<ProductService>(TOKENS.ProductService);
  const carts = (ctx: AppContext) => ctx.container.get<CartService>(TOKENS.CartService);
  const orders = (ctx: AppContext) => ctx.container.get<OrderService>(TOKENS.OrderService);
  const userId = (ctx: AppContext) => ctx.state.user!.id;

  return new ContractRouter({ tag: 'marketplace' })
    .route({
      method: 'get',
      path: '/api/product-categories',
      summary: 'Product categories',
      guard: 'public',
      answers: { 200: { description: 'Every category.', schema: productCategoryListSchema } },
      handler: async (ctx) => {
        const items = await products(ctx).listCategories();
        return reply(200, { items, total: items.length });
      },
    })
    // Served by the public-reads lane (../public-reads.ts), ahead of this router; listed here for the description.
    .describe({
      method: 'get',
      path: '/api/products',
      summary: 'The product catalogue: search, category, sort, pages (cached; revalidate with ETag)',
      guard: 'public',
      query: productListQuerySchema,
      errors: [400],
      answers: {
        200: { description: 'A page of products.', schema: productListSchema, headers: { ETag: { description: 'Send it back in `If-None-Match`.' } } },
        304: { description: 'Not modified since the ETag sent.' },
      },
    })
    .route({
      method: 'get',
      path: '/api/products/:id',
      summary: 'One product',
      guard: 'public',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The product with its stock state.', schema: productSchema } },
      handler: async (ctx, { params }) => (reply(200, await products(ctx).get(params.id))),
    })
    .route({
      method: 'get',
      path: '/api/cart',
      summary: 'The caller\'s cart',
      guard: 'user',
      answers: { 200: { description: 'Lines with fresh prices and stock, and totals.', schema: cartSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await carts(ctx).get(userId(ctx)));
      },
    })
    // Each line sets one item's quantity (0 removes); lines not sent stay. Prices in the body are ignored.
    .route({
      method: 'patch',
      path: '/api/cart',
      summary: 'Set quantities of cart lines (0 removes; lines not sent stay)',
      guard: 'user',
      body: cartPatchSchema,
      answers: { 200: { description: 'The cart, and what happened to each line sent.', schema: cartChangeSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await carts(ctx).apply(userId(ctx), ctx.request.body));
      },
    })
    // At login: the browser's cart joins the stored one.
    .route({
      method: 'post',
      path: '/api/cart/merge',
      summary: 'Merge the browser\'s cart into the stored one (at login)',
      guard: 'user',
      body: cartPatchSchema,
      answers: { 200: { description: 'The merged cart, and what happened to each line sent.', schema: cartChangeSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await carts(ctx).merge(userId(ctx), ctx.request.body));
      },
    })
    .route({
      method: 'post',
      path: '/api/orders',
      summary: 'Create an order from the cart\'s products',
      guard: 'user',
      body: createOrderSchema,
      errors: [409],
      answers: { 201: { description: 'The order, waiting for its payment.', schema: orderSchema } },
      handler: async (ctx) =>
        reply(201, await orders(ctx).create({ id: userId(ctx), email: ctx.state.user!.email }, ctx.request.body, requestMeta(ctx))),
    })
    .route({
      method: 'get',
      path: '/api/orders',
      summary: 'The caller\'s orders',
      guard: 'user',
      query: paginationSchema,
      answers: { 200: { description: 'Newest first.', schema: orderListSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await orders(ctx).list(userId(ctx), query));
      },
    })
    // docs/product/spec.md §7/§9: what the client polls (≤ 5 newest pending orders with a payment); declared before /:id.
    .route({
      method: 'get',
      path: '/api/orders/pending-payments',
      summary: 'The newest pending orders that have a payment (at most 5), for polling',
      guard: 'user',
      answers: { 200: { description: 'Pending orders.', schema: orderListSchema } },
      handler: async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await orders(ctx).pendingPayments(userId(ctx)));
      },
    })
    .route({
      method: 'get',
      path: '/api/orders/:id',
      summary: 'One of the caller\'s orders, with items, payment and timeline',
      guard: 'user',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The order.', schema: orderSchema } },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        return reply(200, await orders(ctx).get(userId(ctx), params.id));
      },
    })
    // CDC art. 49: a return within 7 days of delivery (until the end of the 7th day, São Paulo).
    .route({
      method: 'post',
      path: '/api/orders/:id/return',
      summary: 'Ask to return a delivered order (7 days from delivery)',
      guard: 'user',
      params: idParams,
      body: requestReturnSchema,
      errors: [400, 404, 409],
      answers: { 201: { description: 'The order with its return request.', schema: orderSchema } },
      handler: async (ctx, { params }) =>
        reply(201, await orders(ctx).requestReturn({ id: userId(ctx), email: ctx.state.user!.email }, params.id, ctx.request.body, requestMeta(ctx))),
    });
}
