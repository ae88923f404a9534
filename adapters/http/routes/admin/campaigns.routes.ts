// Back office: campaigns (ra-data-simple-rest contract) and `POST /api/admin/campaigns/:id/end`. Campaigns are never
// edited or deleted once created (bonuses were paid under their terms): an admin ends one and creates another.
import { z } from 'zod';
import { adminCampaignDetailSchema, adminCampaignSchema, campaignInputSchema, CAMPAIGN_STATUSES, type CampaignService } from '../../../../core/campaigns';
import { TOKENS } from '../../../tokens';
import type { AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const filterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  id: z.union([z.uuid(), z.array(z.uuid()).max(1000)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});

const admin = { roles: ['admin' as const] };
const idParams = z.object({ id: z.string() });

export function campaignAdminRoutes() {
  const service = (ctx: AppContext) => ctx.container.get<CampaignService>(TOKENS.CampaignService);
  const actor = (ctx: AppContext) => ({ id: ctx.state.user!.id, email: ctx.state.user!.email });

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/campaigns' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Campaigns (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(filterSchema),
      errors: [400],
      answers: { 200: { description: 'A page of campaigns, newest first by default.', schema: z.array(adminCampaignSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, filterSchema, { field: 'created_at', order: 'DESC' });
        const { items, total } = await service(ctx).adminList(query);
        sendList(ctx, 'campaigns', query, items, total);
        return reply(200, items);
      },
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One campaign, with spent/budget and its newest bonuses',
      guard: admin,
      params: idParams,
      errors: [404],
      answers: { 200: { description: 'The campaign.', schema: adminCampaignDetailSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).adminGet(params.id)),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Create a campaign (refused with 409 when its period overlaps another one not ended)',
      guard: admin,
      describedBody: campaignInputSchema,
      errors: [400, 409],
      answers: { 201: { description: 'The new campaign.', schema: adminCampaignSchema } },
      handler: async (ctx) => reply(201, await service(ctx).create(ctx.request.body, actor(ctx))),
    })
    .route({
      method: 'post',
      path: '/:id/end',
      summary: 'End a campaign now (audited)',
      guard: admin,
      params: idParams,
      errors: [404, 409],
      answers: { 200: { description: 'The ended campaign.', schema: adminCampaignSchema } },
      handler: async (ctx, { params }) => reply(200, await service(ctx).end(params.id, actor(ctx))),
    });
}
