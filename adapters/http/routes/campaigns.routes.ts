// The active campaign's public offer (GET /api/campaigns/active): what the landing and the invite screens show.
import { campaignOfferSchema, type CampaignService } from '../../../core/campaigns';
import { TOKENS } from '../../tokens';
import { ContractRouter, reply } from '../contract';

export function campaignRoutes() {
  return new ContractRouter({ tag: 'campaigns' }).route({
    method: 'get',
    path: '/api/campaigns/active',
    summary: "The active campaign's public offer",
    guard: 'public',
    answers: {
      200: { description: 'The campaign running now (and with budget left).', schema: campaignOfferSchema },
      204: { description: 'No campaign is active.' },
    },
    handler: async (ctx) => {
      const offer = await ctx.container.get<CampaignService>(TOKENS.CampaignService).activeOffer();
      ctx.set('Cache-Control', 'no-cache');
      return offer ? reply(200, offer) : reply(204, undefined);
    },
  });
}
