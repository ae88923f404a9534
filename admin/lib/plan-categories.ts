// Plan categories for the plans screens, from the public catalogue (no admin resource for them yet).
import { useEffect, useState } from 'react';
import { adminApi, call } from './api';
import type { PlanCategoryRecord } from './api-types';

/** One item of GET /api/plan-categories (generated from the API description). */
export type PlanCategory = PlanCategoryRecord;

/** One request per page load, shared by the list and the forms; a failure is retried on the next mount. */
let pending: Promise<PlanCategory[]> | null = null;

function loadPlanCategories(): Promise<PlanCategory[]> {
  pending ??= call(adminApi.GET('/api/plan-categories'))
    .then((body) => body.items ?? [])
    .catch((err: unknown) => {
      pending = null;
      throw err;
    });
  return pending;
}

export interface PlanCategoriesState {
  categories: PlanCategory[];
  isPending: boolean;
  failed: boolean;
}

export function usePlanCategories(): PlanCategoriesState {
  const [state, setState] = useState<PlanCategoriesState>({ categories: [], isPending: true, failed: false });
  useEffect(() => {
    let alive = true;
    loadPlanCategories().then(
      (categories) => alive && setState({ categories, isPending: false, failed: false }),
      () => alive && setState({ categories: [], isPending: false, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
