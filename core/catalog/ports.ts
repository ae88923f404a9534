// The plan catalogue's persistence port.
import type { ListQuery } from '../shared/list-query';

export interface PlanCategoryRecord {
  id: string;
  name: string;
  slug: string;
  kind: 'service' | 'product';
  description: string | null;
  sort_order: number;
  active: boolean;
}

export interface PlanRecord {
  id: string;
  category_id: string | null;
  name: string;
  slug: string;
  description: string;
  kind: 'service' | 'product';
  price: number;
  full_price: number;
  entry_price: number;
  group_size: number;
  window_days: number;
  image_url: string | null;
  active: boolean;
  created_at: Date;
}

export interface PlanRepository {
  listCategories(options: { activeOnly: boolean }): Promise<PlanCategoryRecord[]>;
  upsertCategory(category: Omit<PlanCategoryRecord, 'id'>): Promise<PlanCategoryRecord>;
  list(filter: { activeOnly: boolean; kind?: 'service' | 'product'; categorySlug?: string; offset: number; limit: number }): Promise<{ items: PlanRecord[]; total: number }>;
  findById(id: string): Promise<PlanRecord | null>;
  /** SELECT … FOR UPDATE on the plan: serialises auto-matching into the plan's groups. */
  lock(id: string): Promise<PlanRecord | null>;
  upsertBySlug(plan: Omit<PlanRecord, 'id' | 'created_at'>): Promise<PlanRecord>;
  /** Back office: every plan (active or not), filtered and sorted. */
  listAdmin(query: ListQuery<{ q?: string; kind?: 'service' | 'product'; category_id?: string; active?: boolean; id?: string[] }>): Promise<{ items: PlanRecord[]; total: number }>;
  create(plan: Omit<PlanRecord, 'id' | 'created_at'>): Promise<PlanRecord>;
  updateById(id: string, plan: Omit<PlanRecord, 'id' | 'created_at'>): Promise<PlanRecord | null>;
}

export interface CatalogRepositories {
  plans: PlanRepository;
  /** The back office's plan categories. */
  categories: PlanCategoryAdminRepository;
}

/** The catalog module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type CatalogScope = { catalog: CatalogRepositories };

// ---------------------------------------------------------------------------------------------------------------------
// The back office's plan category port (core/catalog/plan-category-admin.ts; adapters/db/repos/catalogue-admin.repos.ts)

/** What the admin plan category list filters by (adminPlanCategoryFilterSchema's output). */
export interface AdminPlanCategoryFilter {
  q?: string;
  kind?: 'service' | 'product';
  active?: boolean;
  id?: string[];
}

export type PlanCategoryAdminRow = PlanCategoryRecord & { plans_count: number; professionals_count: number };
type PlanCategoryWrite = Omit<PlanCategoryRecord, 'id'>;

export interface PlanCategoryAdminRepository {
  list(query: ListQuery<AdminPlanCategoryFilter>): Promise<{ items: PlanCategoryAdminRow[]; total: number }>;
  find(id: string, options?: { lock?: boolean }): Promise<PlanCategoryAdminRow | null>;
  /** 409 `slug_taken` when another category has the slug. */
  create(category: PlanCategoryWrite): Promise<PlanCategoryAdminRow>;
  update(id: string, category: PlanCategoryWrite): Promise<PlanCategoryAdminRow | null>;
  delete(id: string): Promise<boolean>;
}
