// The active campaign's public offer (GET /api/campaigns/active → 200 offer, or 204 when none): shown by the landing
// and the invite screens. `null` means "no campaign now".
import { apiClient, call } from './api';
import type { ApiAnswer } from './api-client';
import { useApiQuery } from './query';

export type CampaignOffer = ApiAnswer<'/api/campaigns/active', 'get'>;

export const campaignKeys = { active: () => ['campaigns', 'active'] as const };

export async function fetchActiveCampaign(signal?: AbortSignal): Promise<CampaignOffer | null> {
  return ((await call(apiClient.GET('/api/campaigns/active', { signal }))) as CampaignOffer | undefined) ?? null;
}

/** One read per page visit (the app's query defaults); an offer changes rarely. */
export function useActiveCampaign() {
  return useApiQuery(campaignKeys.active(), fetchActiveCampaign);
}
