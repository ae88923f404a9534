// Back office: review moderation. The list speaks ra-data-simple-rest (reported first by default); hiding
// and restoring are POST …/:id/<action>, admin only, audited, and recompute the professional's average.
import { z } from 'zod';
import { adminReviewSchema, reviewHideSchema, reviewRestoreSchema, type ReviewModerationService } from '../../../core/professionals';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../simple-rest';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });
const filterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  reported: z.boolean().optional(),
  hidden: z.boolean().optional(),
  professional_id: z.uuid().optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});

export function adminReviewRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<ReviewModerationService>(TOKENS.ReviewModerationService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/reviews' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Reviews to moderate (ra-data-simple-rest list; most reported first by default)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(filterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of reviews.', schema: z.array(adminReviewSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, filterSchema, { field: 'reported_count', order: 'DESC' });
        const { items, total } = await service(ctx).list(query.filter, query.sort, query.offset, query.limit);
        sendList(ctx, 'reviews', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One review',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The review.', schema: adminReviewSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).get(params.id)),
    })
    .route({
      method: 'post',
      path: '/:id/hide',
      summary: 'Hide a review with a reason (leaves the profile and the average)',
      guard: admin,
      params: idParams,
      describedBody: reviewHideSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The review, hidden.', schema: adminReviewSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).hide(actor(ctx), params.id, ctx.request.body)),
    })
    .route({
      method: 'post',
      path: '/:id/restore',
      summary: 'Publish a hidden review again (back in the average)',
      guard: admin,
      params: idParams,
      describedBody: reviewRestoreSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The review, published.', schema: adminReviewSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).restore(actor(ctx), params.id, ctx.request.body)),
    });
}
