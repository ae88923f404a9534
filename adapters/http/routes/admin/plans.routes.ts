// Back office: plans (ra-data-simple-rest contract); the entry price is always computed by the core.
import Router from '@koa/router';
import { z } from 'zod';
import type { PlanCatalogService } from '../../../../core/catalog/plan.service';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { requireRole } from '../../middleware/auth';
import { parseSimpleRestQuery, sendList } from '../../simple-rest';

const filterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(['service', 'product']).optional(),
  category_id: z.uuid().optional(),
  active: z.boolean().optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});

export function planAdminRoutes() {
  const router = new Router<AppContext['state'], AppContext>({ prefix: '/api/admin/plans' });
  router.use(requireRole('admin'));
  const service = (ctx: AppContext) => ctx.container.get<PlanCatalogService>(TOKENS.PlanCatalogService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  router.get('/', async (ctx) => {
    const query = parseSimpleRestQuery(ctx, filterSchema, { field: 'created_at', order: 'DESC' });
    const { items, total } = await service(ctx).adminList(query);
    sendList(ctx, 'plans', query, items, total);
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await service(ctx).adminGet(ctx.params.id ?? '');
  });
  router.post('/', async (ctx) => {
    ctx.status = 201;
    ctx.body = await service(ctx).adminCreate(ctx.request.body, actor(ctx));
  });
  router.put('/:id', async (ctx) => {
    ctx.body = await service(ctx).adminUpdate(ctx.params.id ?? '', ctx.request.body, actor(ctx));
  });
  router.delete('/:id', async (ctx) => {
    ctx.body = await service(ctx).adminDeactivate(ctx.params.id ?? '', actor(ctx));
  });
  return router;
}
