// Back office: plans (ra-data-simple-rest contract); the entry price is always computed by the core.
import { z } from 'zod';
import { planInputSchema, type PlanCatalogService } from '../../../../core/catalog/plan.service';
import { adminPlanSchema } from '../../../../core/catalog/schemas';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const filterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(['service', 'product']).optional(),
  category_id: z.uuid().optional(),
  active: z.boolean().optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });

export function planAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<PlanCatalogService>(TOKENS.PlanCatalogService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  // The plan body is validated by the use case (planInputSchema), which answers its own 400.
  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/plans' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Plans (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(filterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of plans, newest first by default.', schema: z.array(adminPlanSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, filterSchema, { field: 'created_at', order: 'DESC' });
        const { items, total } = await service(ctx).adminList(query);
        sendList(ctx, 'plans', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One plan',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The plan.', schema: adminPlanSchema } },
      handler: async (ctx, { params }) => (reply(200, await service(ctx).adminGet(params.id))),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create a plan',
      guard: admin,
      describedBody: planInputSchema,
      errors: [400, 409],
      answers: { 201: { description: 'The new plan.', schema: adminPlanSchema } },
      handler: async (ctx) => (reply(201, await service(ctx).adminCreate(ctx.request.body, actor(ctx)))),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Update a plan',
      guard: admin,
      params: idParams,
      describedBody: planInputSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The updated plan.', schema: adminPlanSchema } },
      handler: async (ctx, { params }) => (reply(200, await service(ctx).adminUpdate(params.id, ctx.request.body, actor(ctx)))),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Deactivate a plan (plans are never deleted)',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The deactivated plan.', schema: adminPlanSchema } },
      handler: async (ctx, { params }) => (reply(200, await service(ctx).adminDeactivate(params.id, actor(ctx)))),
    });
}
