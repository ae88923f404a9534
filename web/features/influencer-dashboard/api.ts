// The influencer's endpoints (docs/api.md), typed from the generated API description: the dashboard for a
// period (7, 30 or 90 days) and the PIX payouts with their receipts.
import { apiClient, call } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-client';

export type InfluencerDashboard = ApiAnswer<'/api/me/influencer', 'get'>;
export type DayPoint = InfluencerDashboard['series'][number];
export type MyPayouts = ApiAnswer<'/api/me/payouts', 'get'>;

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

export const influencerApi = {
  dashboard: (days: Period, signal?: AbortSignal) =>
    call(apiClient.GET('/api/me/influencer', { params: { query: { days: String(days) as `${Period}` } }, signal })),
  payouts: (signal?: AbortSignal) => call(apiClient.GET('/api/me/payouts', { signal })),
};

export const influencerKeys = {
  dashboard: (days: Period) => ['influencer', 'dashboard', days] as const,
  payouts: () => ['influencer', 'payouts'] as const,
};
