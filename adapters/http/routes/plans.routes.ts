// The public plan catalogue (docs/api.md: /api/plan-categories, /api/plans, /api/plans/:id).
import { z } from 'zod';
import { planListQuerySchema, type PlanCatalogService } from '../../../core/catalog/plan.service';
import { planCategoryListSchema, planListSchema, publicPlanSchema } from '../../../core/catalog/schemas';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';

export function planRoutes() {
  const catalog = (ctx: AppContext) => ctx.container.get<PlanCatalogService>(TOKENS.PlanCatalogService);

  return new ContractRouter({ tag: 'catalog' })
    .route({
      method: 'get',
      path: '/api/plan-categories',
      summary: 'Plan categories',
      guard: 'public',
      answers: { 200: { description: 'Every category.', schema: planCategoryListSchema } },
      handler: async (ctx) => {
        const items = await catalog(ctx).listCategories();
        return reply(200, { items, total: items.length });
      },
    })
    // Served by the public-reads lane (../public-reads.ts), ahead of this router; listed here for the description.
    .describe({
      method: 'get',
      path: '/api/plans',
      summary: 'The plan catalogue (cached; revalidate with ETag)',
      guard: 'public',
      query: planListQuerySchema,
      errors: [400],
      answers: {
        200: { description: 'Active plans.', schema: planListSchema, headers: { ETag: { description: 'Send it back in `If-None-Match`.' } } },
        304: { description: 'Not modified since the ETag sent.' },
      },
    })
    .route({
      method: 'get',
      path: '/api/plans/:id',
      summary: 'One plan',
      guard: 'public',
      params: z.object({ id: z.string() }),
      errors: [404],
      answers: { 200: { description: 'The plan, with its entry price.', schema: publicPlanSchema } },
      handler: async (ctx, { params }) => (reply(200, await catalog(ctx).getPlan(params.id))),
    });
}
