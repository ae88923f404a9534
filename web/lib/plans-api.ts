// The public plan catalogue (GET /api/plans) and the shape /checkout/plan expects (docs/product/spec.md §3).
import { apiClient, call, type ApiError } from './api';
import type { ApiAnswer } from './api-client';
import { useApiQuery } from './query';

/** One plan as GET /api/plans lists it (the core's public shape; money in integer centavos). */
export type Plan = ApiAnswer<'/api/plans', 'get'>['items'][number];

/** "Plan passed to checkout" (docs/product/spec.md §3): the navigation state of /checkout/plan. */
export interface CheckoutPlan {
  id: string;
  name: string;
  price: number;
  full_price: number;
  entry_price: number;
  description: string;
  item_type: 'plan';
}

export function toCheckoutPlan(plan: Plan): CheckoutPlan {
  const { id, name, price, full_price, entry_price, description } = plan;
  return { id, name, price, full_price, entry_price, description, item_type: 'plan' };
}

export function fetchPlans(signal?: AbortSignal) {
  return call(apiClient.GET('/api/plans', { signal }));
}

export type PlansState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'success'; plans: Plan[] };

export const planKeys = {
  catalogue: () => ['plans', 'catalogue'] as const,
};

export function usePlans() {
  const { state, retry } = useApiQuery(planKeys.catalogue(), (signal) => fetchPlans(signal).then((body) => (Array.isArray(body?.items) ? body.items : [])));
  const plans: PlansState = state.status === 'ready' ? { status: 'success', plans: state.data } : state;
  return { state: plans, retry };
}
