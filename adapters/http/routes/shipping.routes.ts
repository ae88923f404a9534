// Freight quotes: a product's by CEP (anyone; rate limited per IP, each quote may call the carrier) and the
// caller's cart's (the checkout's choice). The order re-quotes on the server; these answers only inform the choice.
import { z } from 'zod';
import type { Context } from 'koa';
import { DomainError, invalid } from '../../../core/shared/errors';
import type { RateLimiter } from '../../../core/ports/rate-limiter';
import type { AppUnitOfWork } from '../../db/unit-of-work';
import { shippingCepSchema, shippingQuoteQuerySchema, type ShippingService } from '../../../core/shipping';
import { quoteCartFreight } from '../../../core/marketplace/order-shipping';
import { shippingQuoteSchema } from '../../../core/marketplace/schemas';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

async function limitQuotes(ctx: AppContext) {
  const state = await ctx.container.get<RateLimiter>(TOKENS.RateLimiter).hit('shipping_quote_ip', (ctx as Context).ip || 'desconhecido');
  if (state.blocked) {
    throw new DomainError('rate_limited', 'rate_limited', 'Muitas cotações de frete em pouco tempo. Aguarde um pouco e tente de novo.', {
      details: { retry_after_seconds: state.retryAfterSeconds },
    });
  }
}

/** `items` JSON, or `product_id` (+ `quantity`, default 1). */
function itemsOf(query: z.output<typeof shippingQuoteQuerySchema>): unknown {
  if (query.items !== undefined) {
    try {
      return JSON.parse(query.items);
    } catch {
      throw invalid('invalid_input', 'Verifique os produtos da cotação.', { items: 'Lista de produtos inválida' });
    }
  }
  if (!query.product_id) throw invalid('invalid_input', 'Informe o produto.', { product_id: 'Informe o produto' });
  return [{ product_id: query.product_id, quantity: query.quantity ?? 1 }];
}

export function shippingRoutes() {
  const shipping = (ctx: AppContext) => ctx.container.get<ShippingService>(TOKENS.ShippingService);
  const quoteRoute = (path: string, summary: string) => ({
    method: 'get' as const,
    path,
    summary,
    guard: 'public' as const,
    query: shippingQuoteQuerySchema,
    errors: [400, 404, 429],
    answers: { 200: { description: 'The options, cheapest first; every price 0 at or above the free-shipping threshold.', schema: shippingQuoteSchema } },
    handler: async (ctx: AppContext, { query }: { query: z.output<typeof shippingQuoteQuerySchema> }) => {
      await limitQuotes(ctx);
      ctx.set('Cache-Control', 'no-store');
      return reply(200, await shipping(ctx).quoteProducts(query.cep, itemsOf(query)));
    },
  });

  return new ContractRouter({ tag: 'shipping' })
    .route(quoteRoute('/api/shipping/quote', 'Freight options for products to a CEP (`product_id`+`quantity`, or `items` JSON)'))
    .route(quoteRoute('/api/marketplace/shipping/quote', 'Same as GET /api/shipping/quote (the product page\'s path)'))
    .route({
      method: 'get',
      path: '/api/cart/shipping',
      summary: 'Freight options for the caller\'s cart products to a CEP (the checkout)',
      guard: 'user',
      query: z.object({ cep: shippingCepSchema }),
      errors: [400],
      answers: { 200: { description: 'The options for the cart as it is now, cheapest first.', schema: shippingQuoteSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        const repos = ctx.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).repos.marketplace;
        return reply(200, await quoteCartFreight(shipping(ctx), repos, ctx.state.user!.id, query.cep));
      },
    });
}
