// The public plan catalogue (GET /api/plans) and the shape /checkout/plan expects (SPEC §3).
import { useCallback, useEffect, useState } from 'react';
import type { toPublicPlan } from '../../../../core/catalog/plan.service';
import { api, ApiError, type ListResponse } from '../../../lib/api';
import { i18n } from '../../../i18n';

/** One plan as GET /api/plans lists it (the core's public shape; money in integer centavos). */
export type Plan = ReturnType<typeof toPublicPlan>;

/** "Plan passed to checkout" (SPEC §3): the navigation state of /checkout/plan. */
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
  return api.get<ListResponse<Plan>>('/api/plans', { signal });
}

export type PlansState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'success'; plans: Plan[] };

export function usePlans() {
  const [state, setState] = useState<PlansState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchPlans(controller.signal).then(
      (body) => setState({ status: 'success', plans: Array.isArray(body?.items) ? body.items : [] }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'error',
          error: error instanceof ApiError ? error : new ApiError(0, 'unexpected', i18n.t('errors.generic')),
        });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
