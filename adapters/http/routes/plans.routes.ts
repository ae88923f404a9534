// The public plan catalogue (API.md: /api/plan-categories, /api/plans, /api/plans/:id).
import Router from '@koa/router';
import type { PlanCatalogService } from '../../../core/catalog/plan.service';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';

export function planRoutes() {
  const router = new Router<AppContext['state'], AppContext>();
  const catalog = (ctx: AppContext) => ctx.container.get<PlanCatalogService>(TOKENS.PlanCatalogService);

  router.get('/api/plan-categories', async (ctx) => {
    const items = await catalog(ctx).listCategories();
    ctx.body = { items, total: items.length };
  });

  // GET /api/plans is served by the public-reads lane (../public-reads.ts), ahead of this router.

  router.get('/api/plans/:id', async (ctx) => {
    ctx.body = await catalog(ctx).getPlan(ctx.params.id ?? '');
  });

  return router;
}
