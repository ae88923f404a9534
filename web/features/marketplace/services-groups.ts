// The service plans grouped by category for /marketplace/services: shared by the screen and the server render
// (web/ssr/pages.ts), which must not import the screen itself (it is a lazy chunk of the browser's build).
import type { ApiAnswer } from '../../lib/api-client';

export type Plan = ApiAnswer<'/api/plans', 'get'>['items'][number];
export type PlanCategory = ApiAnswer<'/api/plan-categories', 'get'>['items'][number];

export interface Group {
  key: string;
  title: string;
  description: string | null;
  plans: Plan[];
}

/** The service plans under their categories (in the catalogue's order; plans without one at the end). Also used by the server render. */
export function groupServices(planItems: Plan[], categoryItems: PlanCategory[]): Group[] {
  const services = planItems.filter((p) => p.kind === 'service');
  const groups = new Map<string, Group>();
  // Categories in the catalogue's order first; plans without one at the end.
  for (const c of categoryItems) groups.set(c.id, { key: c.id, title: c.name, description: c.description, plans: [] });
  for (const plan of services) {
    const id = plan.category?.id ?? '';
    if (!groups.has(id)) groups.set(id, { key: id || 'other', title: plan.category?.name ?? '', description: null, plans: [] });
    groups.get(id)!.plans.push(plan);
  }
  return [...groups.values()].filter((g) => g.plans.length > 0);
}
