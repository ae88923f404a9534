// Professionals (docs/api.md, second wave): applications, the professional's own profile and receivables, nearby search,
// public profiles, vouchers at the counter, reviews, and the back office's list and decisions.
import { z } from 'zod';
import {
  adminProfessionalDetailSchema,
  adminProfessionalSchema,
  applicationCreatedSchema,
  myProfessionalSchema,
  myReceivablesSchema,
  nearbyAnswerSchema,
  nearbyQuerySchema,
  professionalApplicationSchema,
  professionalUpdateSchema,
  pinInputSchema,
  publicProfessionalSchema,
  redeemAnswerSchema,
  reviewSchema,
  reviewInputSchema,
  reviewReplySchema,
  reviewReportSchema,
  voucherLookupSchema,
  decisionReasonSchema,
  PROFESSIONAL_STATUSES,
  RECEIVABLE_STATUSES,
  endOfDaySaoPaulo,
  type ProfessionalService,
} from '../../../core/professionals';
import type { RedeemVoucherFlow } from '../../../core/flows';
import { TOKENS } from '../../tokens';
import { requestMeta, type AppContext } from '../context';
import { ContractRouter, reply } from '../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../simple-rest';
import { withPinErrors } from '../pin-errors';

const idParams = z.object({ id: z.string() });
const admin = { roles: ['admin' as const] };
const adminFilter = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(PROFESSIONAL_STATUSES).optional(),
  category: z.string().trim().max(80).optional(),
  city: z.string().trim().max(120).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
  featured: z.boolean().optional(),
});

export function professionalRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<ProfessionalService>(TOKENS.ProfessionalService);
  const redeem = (ctx: AppContext) => ctx.container.get<RedeemVoucherFlow>(TOKENS.RedeemVoucherFlow);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });
  const noStore = (ctx: AppContext) => ctx.set('Cache-Control', 'no-store');

  return new ContractRouter({ tag: 'professionals' })
    .route({
      method: 'post',
      path: '/api/professionals/applications',
      summary: 'Apply as a professional (signed in)',
      guard: 'user',
      describedBody: professionalApplicationSchema,
      errors: [400, 409],
      answers: { 201: { description: 'The application, waiting for review.', schema: applicationCreatedSchema } },
      handler: async (ctx) => reply(201, await withPinErrors(ctx, () => service(ctx).apply(actor(ctx), ctx.request.body, requestMeta(ctx)))),
    })
    .route({
      method: 'get',
      path: '/api/me/professional',
      summary: 'The caller\'s own application or profile',
      guard: 'user',
      errors: [404],
      answers: { 200: { description: 'Status, reasons, photos, PIX key.', schema: myProfessionalSchema } },
      handler: async (ctx) => {
        noStore(ctx);
        return reply(200, await service(ctx).mine(ctx.state.user!.id));
      },
    })
    .route({
      method: 'patch',
      path: '/api/me/professional',
      summary: 'Update the caller\'s own profile',
      guard: 'user',
      describedBody: professionalUpdateSchema,
      errors: [400, 404],
      answers: { 200: { description: 'The updated profile.', schema: myProfessionalSchema } },
      handler: async (ctx) => reply(200, await withPinErrors(ctx, () => service(ctx).updateMine(ctx.state.user!.id, ctx.request.body))),
    })
    .route({
      method: 'put',
      path: '/api/me/professional/location',
      summary: 'Move the caller\'s own map pin (checked: inside Brazil; near the CEP\'s city or confirmed)',
      description:
        '400 `pin_outside_brazil` outside the country; 409 `pin_far_from_city` (with `distance_km` and `city`) when the pin is more than 30 km from the CEP\'s city centre and `pin_confirmed` is not true. The nearby search uses the new position at once.',
      guard: 'user',
      describedBody: pinInputSchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The updated profile.', schema: myProfessionalSchema } },
      handler: async (ctx) => reply(200, await withPinErrors(ctx, () => service(ctx).moveMine(actor(ctx), ctx.request.body))),
    })
    .route({
      method: 'get',
      path: '/api/professionals/nearby',
      summary: 'Approved professionals near a point (ranked as docs/product/professionals.md#nearby-search-ranking says)',
      guard: 'public',
      query: nearbyQuerySchema,
      answers: { 200: { description: 'Featured first, then rating, then distance; `wider` when fewer than 5.', schema: nearbyAnswerSchema } },
      handler: async (ctx, { query }) => reply(200, await service(ctx).nearby(query)),
    })
    .route({
      method: 'get',
      path: '/api/professionals/:id',
      summary: 'Public profile of an approved professional',
      guard: 'public',
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The profile with published reviews.', schema: publicProfessionalSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).publicProfile(params.id)),
    })
    .route({
      method: 'get',
      path: '/api/vouchers/lookup',
      summary: 'Look a voucher up by code (approved professional)',
      guard: 'user',
      describedQuery: z.object({ code: z.string() }),
      errors: [400, 403, 404],
      answers: { 200: { description: 'Plan, member\'s first name and status.', schema: voucherLookupSchema } },
      handler: async (ctx) => {
        noStore(ctx);
        return reply(200, await redeem(ctx).lookup(ctx.state.user!.id, ctx.query.code));
      },
    })
    .route({
      method: 'post',
      path: '/api/vouchers/redeem',
      summary: 'Redeem a voucher (approved professional of the plan\'s category)',
      guard: 'user',
      describedBody: z.object({ code: z.string() }),
      errors: [400, 403, 404, 409],
      answers: { 200: { description: 'Redeemed; the receivable it earned.', schema: redeemAnswerSchema } },
      handler: async (ctx) => reply(200, await redeem(ctx).redeem(ctx.state.user!.id, (ctx.request.body as { code?: unknown } | undefined)?.code)),
    })
    .route({
      method: 'get',
      path: '/api/me/receivables',
      summary: 'The caller\'s own receivables and totals (professional)',
      guard: 'user',
      query: z.object({ status: z.enum(RECEIVABLE_STATUSES).optional() }),
      errors: [403],
      answers: { 200: { description: 'Newest first, with totals per status.', schema: myReceivablesSchema } },
      handler: async (ctx, { query }) => {
        noStore(ctx);
        return reply(200, await service(ctx).myReceivables(ctx.state.user!.id, query.status));
      },
    })
    .route({
      method: 'post',
      path: '/api/reviews',
      summary: 'Review the professional who redeemed the caller\'s voucher',
      guard: 'user',
      describedBody: reviewInputSchema,
      errors: [400, 404, 409],
      answers: { 201: { description: 'The review.', schema: reviewSchema } },
      handler: async (ctx) => reply(201, await service(ctx).review(ctx.state.user!.id, ctx.request.body)),
    })
    .route({
      method: 'post',
      path: '/api/reviews/:id/reply',
      summary: 'Reply once to a review (the reviewed professional)',
      guard: 'user',
      params: idParams,
      describedBody: reviewReplySchema,
      errors: [400, 404, 409],
      answers: { 200: { description: 'The review with the reply.', schema: reviewSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).reply(ctx.state.user!.id, params.id, ctx.request.body)),
    })
    .route({
      method: 'post',
      path: '/api/reviews/:id/report',
      summary: 'Report a review to the back office',
      guard: 'user',
      params: idParams,
      describedBody: reviewReportSchema,
      errors: [400, 404],
      answers: { 200: { description: 'Reported.', schema: z.object({ id: z.string(), reported: z.literal(true) }) } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).report(actor(ctx), params.id, ctx.request.body)),
    })
    // The back office (ra-data-simple-rest list; actions as POST …/:id/<action>).
    .route({
      method: 'get',
      path: '/api/admin/professionals',
      summary: 'Professionals (ra-data-simple-rest list)',
      tags: ['admin'],
      guard: admin,
      describedQuery: simpleRestQueryDoc(adminFilter),
      errors: [400],
      answers: { 200: { description: 'A page of professionals, newest first by default.', schema: z.array(adminProfessionalSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, adminFilter, { field: 'created_at', order: 'DESC' });
        const { items, total } = await service(ctx).adminList(query.filter, query.sort, query.offset, query.limit);
        sendList(ctx, 'professionals', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/api/admin/professionals/:id',
      summary: 'One professional',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The professional with the portfolio photos.', schema: adminProfessionalDetailSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).adminDetail(params.id)),
    })
    .route({
      method: 'post',
      path: '/api/admin/professionals/:id/approve',
      summary: 'Approve an application (or reactivate a suspended professional)',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: { 200: { description: 'The professional.', schema: adminProfessionalSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).decide(actor(ctx), params.id, 'approve')),
    })
    .route({
      method: 'post',
      path: '/api/admin/professionals/:id/reject',
      summary: 'Reject an application with a reason',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      body: z.object({ reason: decisionReasonSchema }),
      errors: [404, 409],
      answers: { 200: { description: 'The professional.', schema: adminProfessionalSchema } },
      handler: async (ctx, { params, body }) => reply(200, await service(ctx).decide(actor(ctx), params.id, 'reject', body.reason)),
    })
    .route({
      method: 'post',
      path: '/api/admin/professionals/:id/suspend',
      summary: 'Suspend an approved professional with a reason',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      body: z.object({ reason: decisionReasonSchema }),
      errors: [404, 409],
      answers: { 200: { description: 'The professional.', schema: adminProfessionalSchema } },
      handler: async (ctx, { params, body }) => reply(200, await service(ctx).decide(actor(ctx), params.id, 'suspend', body.reason)),
    })
    .route({
      method: 'post',
      path: '/api/admin/professionals/:id/feature',
      summary: 'Feature an approved professional until a day (null ends it)',
      tags: ['admin'],
      guard: admin,
      params: idParams,
      body: z.object({ until: z.iso.date({ error: 'Use a data no formato AAAA-MM-DD' }).nullable() }),
      errors: [404, 409],
      answers: { 200: { description: 'The professional.', schema: adminProfessionalSchema } },
      handler: async (ctx, { params, body }) =>
        reply(200, await service(ctx).feature(actor(ctx), params.id, body.until ? endOfDaySaoPaulo(body.until) : null)),
    });
}
