// Influencer commissions: the influencer's own dashboard (`GET /api/me/influencer`) and the back office's
// commissions panel of one influencer (`GET /api/admin/influencers/:id/commissions`, ra-data-simple-rest, and totals).
import QRCode from 'qrcode';
import { z } from 'zod';
import { COMMISSION_STATUSES, adminCommissionSchema, adminCommissionTotalsSchema, influencerDashboardQuerySchema, influencerDashboardSchema } from '../../../core/influencers';
import type { InfluencerDashboardFlow } from '../../../core/flows';
import { TOKENS } from '../../tokens';
import type { AppContext } from '../context';
import { ContractRouter, reply } from '../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../simple-rest';

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });
const filterSchema = z.object({ status: z.enum(COMMISSION_STATUSES).optional() });

export function commissionRoutes() {
  const flow = (ctx: AppContext) => ctx.container.get<InfluencerDashboardFlow>(TOKENS.InfluencerDashboardFlow);

  return new ContractRouter({ tag: 'influencers' })
    .route({
      method: 'get',
      path: '/api/me/influencer',
      summary: 'The influencer\'s own dashboard: link, funnel and commissions over 7, 30 or 90 days',
      description: 'Clicks are counted ones only (bots and repeats left out); paying users are referred sign-ups with a confirmed payment; commissions are totals by status (centavos); the series has one point per São Paulo day.',
      guard: 'user',
      query: influencerDashboardQuerySchema,
      errors: [400, 403],
      answers: { 200: { description: 'The dashboard.', schema: influencerDashboardSchema } },
      handler: async (ctx, { query }) => {
        ctx.set('Cache-Control', 'no-store');
        const dashboard = await flow(ctx).mine(ctx.state.user!.id, query.days);
        const qr_svg = dashboard.links ? await QRCode.toString(dashboard.links.short, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) : null;
        return reply(200, { ...dashboard, qr_svg });
      },
    })
    .route({
      method: 'get',
      path: '/api/admin/influencers/:id/commissions',
      summary: 'One influencer\'s commissions (ra-data-simple-rest list, newest first)',
      guard: admin,
      params: idParams,
      describedQuery: simpleRestQueryDoc(filterSchema),
      errors: [400, 404],
      answers: { 200: { description: 'A page of commissions.', schema: z.array(adminCommissionSchema), headers: contentRangeHeader } },
      handler: async (ctx, { params }) => {
        const query = parseSimpleRestQuery(ctx, filterSchema, { field: 'created_at', order: 'DESC' });
        const { items, total } = await flow(ctx).forAdmin(params.id, query.filter, query.offset, query.limit);
        sendList(ctx, 'commissions', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/api/admin/influencers/:id/commission-totals',
      summary: 'One influencer\'s commission totals by status (centavos)',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'Pending, available, paid and reversed totals, and the claw-back still owed (paid out, then refunded).', schema: adminCommissionTotalsSchema } },
      handler: async (ctx, { params }) => reply(200, (await flow(ctx).forAdmin(params.id, {}, 0, 1)).totals),
    });
}
