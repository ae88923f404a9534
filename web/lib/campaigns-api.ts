// The active campaign's public offer (GET /api/campaigns/active → 200 offer, or 204 when none): shown by the landing
// and the invite screens. `null` means "no campaign now".
import type { CampaignOffer } from '../../core/campaigns/schemas';
import { api } from './api';
import { useApiQuery } from './query';

export type { CampaignOffer };

export const campaignKeys = { active: () => ['campaigns', 'active'] as const };

export async function fetchActiveCampaign(signal?: AbortSignal): Promise<CampaignOffer | null> {
  return (await api.get<CampaignOffer | undefined>('/api/campaigns/active', { signal })) ?? null;
}

/** One read per page visit (the app's query defaults); an offer changes rarely. */
export function useActiveCampaign() {
  return useApiQuery(campaignKeys.active(), fetchActiveCampaign);
}
