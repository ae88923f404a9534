// The catalog module's repositories in memory: plans and their categories.
import type { CatalogScope, PlanCategoryAdminRepository, PlanRepository } from '../../../core/catalog/ports';
import type { MemoryDb } from './db';
import { faked } from './table';

export function catalogFake(db: MemoryDb): CatalogScope {
  const plans = faked<PlanRepository>('catalog.plans', {
    findById: async (id) => db.plans.get(id),
    lock: async (id) => db.plans.get(id),
    listCategories: async ({ activeOnly }) => db.planCategories.all((c) => !activeOnly || c.active).sort((a, b) => a.sort_order - b.sort_order),
    create: async (p) => db.plans.insert(p),
  });
  return { catalog: { plans, categories: faked<PlanCategoryAdminRepository>('catalog.categories', {}) } };
}
