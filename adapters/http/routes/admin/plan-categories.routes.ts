// Back office: plan categories (ra-data-simple-rest contract); a category in use is never deleted (409).
import { z } from 'zod';
import {
  adminPlanCategoryFilterSchema,
  adminPlanCategoryInputSchema,
  adminPlanCategorySchema,
  type PlanCategoryAdminService,
} from '../../../../core/catalog/plan-category-admin';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });

export function planCategoryAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<PlanCategoryAdminService>(TOKENS.PlanCategoryAdminService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/plan-categories' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Plan categories with how many plans and professionals use each (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(adminPlanCategoryFilterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of categories, in their order by default.', schema: z.array(adminPlanCategorySchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, adminPlanCategoryFilterSchema, { field: 'sort_order', order: 'ASC' });
        const { items, total } = await service(ctx).list(query);
        sendList(ctx, 'plan-categories', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One plan category',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The category.', schema: adminPlanCategorySchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).get(params.id)),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create a plan category',
      guard: admin,
      describedBody: adminPlanCategoryInputSchema,
      errors: [400, 409],
      answers: { 201: { description: 'The new category.', schema: adminPlanCategorySchema } },
      handler: async (ctx) => reply(201, await service(ctx).create(ctx.request.body, actor(ctx))),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: "Update a plan category (a new slug follows into the professionals' category)",
      guard: admin,
      params: idParams,
      describedBody: adminPlanCategoryInputSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The updated category.', schema: adminPlanCategorySchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).update(params.id, ctx.request.body, actor(ctx))),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a plan category no plan or professional uses (409 `category_in_use` otherwise)',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: { 200: { description: 'The deleted category.', schema: adminPlanCategorySchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).delete(params.id, actor(ctx))),
    });
}
