// Plan categories and plans.
import type { Knex } from 'knex';
import type { ListQuery } from '../../../core/shared/list-query';
import type { PlanCategoryRecord, PlanRecord, PlanRepository } from '../../../core/catalog/ports';
import { conflict } from '../../../core/shared/errors';
import { uniqueViolation } from './identity.repos';

const slugTaken = (err: unknown): never => {
  if (uniqueViolation(err) === 'plans_slug_unique') throw conflict('slug_taken', 'Já existe um plano com este identificador (slug).');
  throw err;
};
import { PlanCategoryModel, PlanModel } from '../models';

const toCategory = (m: PlanCategoryModel): PlanCategoryRecord => ({
  id: m.id,
  name: m.name,
  slug: m.slug,
  kind: m.kind,
  description: m.description,
  sort_order: m.sort_order,
  active: m.active,
});

const toPlan = (m: PlanModel): PlanRecord => ({
  id: m.id,
  category_id: m.category_id,
  name: m.name,
  slug: m.slug,
  description: m.description,
  kind: m.kind,
  price: m.price,
  full_price: m.full_price,
  entry_price: m.entry_price,
  group_size: m.group_size,
  window_days: m.window_days,
  image_url: m.image_url,
  active: m.active,
  created_at: m.created_at,
});

export class KnexPlanRepository implements PlanRepository {
  constructor(private readonly db: Knex) {}

  async listCategories({ activeOnly }: { activeOnly: boolean }) {
    const q = PlanCategoryModel.query(this.db).orderBy('sort_order').orderBy('name');
    if (activeOnly) q.where('active', true);
    return (await q).map(toCategory);
  }

  async upsertCategory(category: Omit<PlanCategoryRecord, 'id'>) {
    const [row] = await this.db('plan_categories')
      .insert(category)
      .onConflict('slug')
      .merge({ ...category, updated_at: this.db.fn.now() })
      .returning('*');
    return toCategory(row as PlanCategoryModel);
  }

  async list(filter: { activeOnly: boolean; kind?: 'service' | 'product'; categorySlug?: string; offset: number; limit: number }) {
    const q = PlanModel.query(this.db);
    if (filter.activeOnly) q.where('plans.active', true);
    if (filter.kind) q.where('plans.kind', filter.kind);
    if (filter.categorySlug) {
      q.whereIn('plans.category_id', PlanCategoryModel.query(this.db).select('id').where('slug', filter.categorySlug));
    }
    const total = await q.clone().resultSize();
    const rows = await q.orderBy('plans.price').orderBy('plans.id').offset(filter.offset).limit(filter.limit);
    return { items: rows.map(toPlan), total };
  }

  async findById(id: string) {
    const m = await PlanModel.query(this.db).findById(id);
    return m ? toPlan(m) : null;
  }

  async listAdmin({ filter, sort, offset, limit }: ListQuery<{ q?: string; kind?: 'service' | 'product'; category_id?: string; active?: boolean; id?: string[] }>) {
    const q = PlanModel.query(this.db);
    if (filter.id?.length) q.whereIn('id', filter.id);
    if (filter.kind) q.where('kind', filter.kind);
    if (filter.category_id) q.where('category_id', filter.category_id);
    if (filter.active !== undefined) q.where('active', filter.active);
    if (filter.q) q.where((w) => w.where('name', 'ilike', `%${filter.q}%`).orWhere('slug', 'ilike', `%${filter.q}%`));
    const total = await q.clone().resultSize();
    const rows = await q.orderBy(sort.field, sort.order.toLowerCase() as 'asc' | 'desc').orderBy('id').offset(offset).limit(limit);
    return { items: rows.map(toPlan), total };
  }

  async create(plan: Omit<PlanRecord, 'id' | 'created_at'>) {
    return toPlan(await PlanModel.query(this.db).insertAndFetch(plan).catch(slugTaken));
  }

  async updateById(id: string, plan: Omit<PlanRecord, 'id' | 'created_at'>) {
    const m = await PlanModel.query(this.db).patchAndFetchById(id, { ...plan, updated_at: new Date() } as Partial<PlanModel>).catch(slugTaken);
    return m ? toPlan(m) : null;
  }

  async lock(id: string) {
    const m = await PlanModel.query(this.db).findById(id).forUpdate();
    return m ? toPlan(m) : null;
  }

  async upsertBySlug(plan: Omit<PlanRecord, 'id' | 'created_at'>) {
    const [row] = await this.db('plans')
      .insert(plan)
      .onConflict('slug')
      .merge({ ...plan, updated_at: this.db.fn.now() })
      .returning('*');
    return toPlan(row as PlanModel);
  }
}
