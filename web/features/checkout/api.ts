// The plan behind a checkout (GET /api/plans/:id): the navigation state carries docs/product/spec.md §3's fields;
// the steps also show the group size and the window, which only the catalogue knows.
import { apiClient, call } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-client';
import { useApiQuery } from '../../lib/query';

export type PlanDetails = ApiAnswer<'/api/plans/{id}', 'get'>;

export const plansApi = {
  get: (id: string, signal?: AbortSignal) =>
    call(apiClient.GET('/api/plans/{id}', { params: { path: { id } }, signal }), { redirectOnUnauthorized: false }),
};

export const checkoutKeys = {
  plan: (planId: string | null) => ['checkout', 'plan', planId] as const,
  me: () => ['checkout', 'me'] as const,
  charge: (purpose: string, ref: string) => ['checkout', 'charge', purpose, ref] as const,
};

export function usePlanDetails(planId: string | null) {
  return useApiQuery<PlanDetails | null>(checkoutKeys.plan(planId), (signal) => (planId ? plansApi.get(planId, signal) : Promise.resolve(null)));
}
