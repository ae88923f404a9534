// The back office's catalogue on knex: products, product categories and plan categories with their usage
// counts, whitelisted sorts (the services pass only known fields), one page plus the total per list.
import type { Knex } from 'knex';
import { conflict } from '../../../core/shared/errors';
import type { ListQuery } from '../../../core/shared/list-query';
import { ORDER_STATUSES, type OrderStatus } from '../../../core/marketplace/order-rules';
import { searchTerms } from '../../../core/marketplace/search';
import type { AdminProductCategoryFilter, AdminProductFilter, MarketplaceOverview, ProductAdminRepository, ProductAdminRow, ProductCategoryAdminRow } from '../../../core/marketplace/product-admin';
import type { AdminPlanCategoryFilter, PlanCategoryAdminRepository, PlanCategoryAdminRow } from '../../../core/catalog/plan-category-admin';
import type { PlanCategoryRecord } from '../../../core/catalog/ports';
import type { ProductCategoryRecord } from '../../../core/marketplace/ports';
import { containsPattern } from '../like';
import { uniqueViolation } from './identity.repos';

type Row = Record<string, any>;

const slugTaken = (constraint: string, message: string) => (err: unknown): never => {
  if (uniqueViolation(err) === constraint) throw conflict('slug_taken', message);
  throw err;
};
const productSlugTaken = slugTaken('products_slug_unique', 'Já existe um produto com este identificador (slug).');
const categorySlugTaken = slugTaken('product_categories_slug_unique', 'Já existe uma categoria com este identificador (slug).');
const planCategorySlugTaken = slugTaken('plan_categories_slug_unique', 'Já existe uma categoria de plano com este identificador (slug).');

const PRODUCT_COLUMNS = ['p.id', 'p.category_id', 'p.name', 'p.slug', 'p.description', 'p.price', 'p.stock_quantity', 'p.images', 'p.active', 'p.created_at', 'p.updated_at', 'p.weight_grams', 'p.height_cm', 'p.width_cm', 'p.length_cm', 'p.fiscal_kind', 'p.ncm'];

const toProduct = (r: Row): ProductAdminRow => ({
  id: r.id,
  category_id: r.category_id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  price: r.price,
  stock_quantity: r.stock_quantity,
  images: Array.isArray(r.images) ? r.images : [],
  active: r.active,
  weight_grams: r.weight_grams,
  height_cm: r.height_cm,
  width_cm: r.width_cm,
  length_cm: r.length_cm,
  fiscal_kind: r.fiscal_kind,
  ncm: r.ncm ?? null,
  created_at: r.created_at,
  updated_at: r.updated_at,
  category: r.c_id ? { id: r.c_id, name: r.c_name, slug: r.c_slug } : null,
});

const toCategory = (r: Row): ProductCategoryAdminRow => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description ?? null,
  sort_order: r.sort_order,
  active: r.active,
  products_count: Number(r.products_count ?? 0),
});

const toPlanCategory = (r: Row): PlanCategoryAdminRow => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  kind: r.kind,
  description: r.description ?? null,
  sort_order: r.sort_order,
  active: r.active,
  plans_count: Number(r.plans_count ?? 0),
  professionals_count: Number(r.professionals_count ?? 0),
});

const dir = (order: 'ASC' | 'DESC') => (order === 'DESC' ? 'desc' : 'asc');

type ProductWrite = Parameters<ProductAdminRepository['create']>[0];

export class KnexProductAdminRepository implements ProductAdminRepository {
  constructor(private readonly db: Knex) {}

  private selectProducts(q: Knex.QueryBuilder) {
    return q.leftJoin('product_categories as c', 'c.id', 'p.category_id').select(...PRODUCT_COLUMNS, 'c.id as c_id', 'c.name as c_name', 'c.slug as c_slug');
  }

  async list({ filter, sort, offset, limit }: ListQuery<AdminProductFilter & { lowStockThreshold: number }>) {
    const q = this.db('products as p');
    if (filter.id?.length) q.whereIn('p.id', filter.id);
    if (filter.category_id) q.where('p.category_id', filter.category_id);
    if (filter.active !== undefined) q.where('p.active', filter.active);
    if (filter.low_stock === true) q.whereNotNull('p.stock_quantity').where('p.stock_quantity', '<=', filter.lowStockThreshold);
    if (filter.low_stock === false) q.where((w) => w.whereNull('p.stock_quantity').orWhere('p.stock_quantity', '>', filter.lowStockThreshold));
    if (filter.q) {
      const slug = containsPattern(filter.q);
      const terms = searchTerms(filter.q);
      q.where((w) => {
        w.where('p.slug', 'ilike', slug);
        if (terms.length) w.orWhere((t) => terms.forEach((term) => t.where('p.search_text', 'like', `%${term}%`)));
      });
    }
    const [counted] = (await q.clone().count<{ count: number }[]>('* as count')) as Array<{ count: number | string }>;
    // Unlimited stock (null) sorts as the largest.
    const page = this.selectProducts(q.clone());
    if (sort.field === 'stock_quantity') page.orderByRaw(`coalesce(p.stock_quantity, 2147483647) ${dir(sort.order)}`);
    else page.orderBy(`p.${sort.field}`, dir(sort.order));
    const rows = (await page.orderBy('p.id', 'asc').offset(offset).limit(limit)) as Row[];
    return { items: rows.map(toProduct), total: Number(counted?.count ?? 0) };
  }

  async lock(id: string) {
    const locked = await this.db('products').where({ id }).forUpdate().first('id');
    if (!locked) return null;
    const row = (await this.selectProducts(this.db('products as p')).where('p.id', id).first()) as Row | undefined;
    return row ? toProduct(row) : null;
  }

  private async byId(id: string) {
    const row = (await this.selectProducts(this.db('products as p')).where('p.id', id).first()) as Row | undefined;
    return row ? toProduct(row) : null;
  }

  private values(p: ProductWrite) {
    // Weight, dimensions and the fiscal facts only when given: an edit without them keeps the product's own.
    const shipping = Object.fromEntries((['weight_grams', 'height_cm', 'width_cm', 'length_cm', 'fiscal_kind', 'ncm'] as const).filter((k) => p[k] !== undefined).map((k) => [k, p[k]]));
    return { category_id: p.category_id, name: p.name, slug: p.slug, description: p.description, price: p.price, stock_quantity: p.stock_quantity, images: JSON.stringify(p.images), active: p.active, search_text: p.search_text, ...shipping };
  }

  async create(p: ProductWrite) {
    const [row] = (await this.db('products').insert(this.values(p)).returning('id').catch(productSlugTaken)) as Row[];
    return (await this.byId(row!.id as string))!;
  }

  async update(id: string, p: ProductWrite) {
    const n = await this.db('products').where({ id }).update({ ...this.values(p), updated_at: this.db.fn.now() }).catch(productSlugTaken);
    return n === 1 ? this.byId(id) : null;
  }

  async setActive(id: string, active: boolean) {
    const n = await this.db('products').where({ id }).update({ active, updated_at: this.db.fn.now() });
    return n === 1 ? this.byId(id) : null;
  }

  private categories() {
    return this.db('product_categories as pc').select('pc.*', this.db.raw('(select count(*)::int from products p where p.category_id = pc.id) as products_count'));
  }

  async listCategories({ filter, sort, offset, limit }: ListQuery<AdminProductCategoryFilter>) {
    const q = this.db('product_categories as pc');
    if (filter.id?.length) q.whereIn('pc.id', filter.id);
    if (filter.active !== undefined) q.where('pc.active', filter.active);
    if (filter.q) q.where((w) => w.where('pc.name', 'ilike', containsPattern(filter.q!)).orWhere('pc.slug', 'ilike', containsPattern(filter.q!)));
    const [counted] = (await q.clone().count<{ count: number }[]>('* as count')) as Array<{ count: number | string }>;
    const page = q.clone().select('pc.*', this.db.raw('(select count(*)::int from products p where p.category_id = pc.id) as products_count'));
    page.orderBy(sort.field === 'products_count' ? 'products_count' : `pc.${sort.field}`, dir(sort.order)).orderBy('pc.name').orderBy('pc.id');
    const rows = (await page.offset(offset).limit(limit)) as Row[];
    return { items: rows.map(toCategory), total: Number(counted?.count ?? 0) };
  }

  async findCategory(id: string, options: { lock?: boolean } = {}) {
    if (options.lock && !(await this.db('product_categories').where({ id }).forUpdate().first('id'))) return null;
    const row = (await this.categories().where('pc.id', id).first()) as Row | undefined;
    return row ? toCategory(row) : null;
  }

  async createCategory(c: Omit<ProductCategoryRecord, 'id'>) {
    const [row] = (await this.db('product_categories').insert(c).returning('id').catch(categorySlugTaken)) as Row[];
    return (await this.findCategory(row!.id as string))!;
  }

  async updateCategory(id: string, c: Omit<ProductCategoryRecord, 'id'>) {
    const n = await this.db('product_categories').where({ id }).update({ ...c, updated_at: this.db.fn.now() }).catch(categorySlugTaken);
    return n === 1 ? this.findCategory(id) : null;
  }

  async deleteCategory(id: string) {
    return (await this.db('product_categories').where({ id }).delete()) === 1;
  }

  async overview(input: { lowStockThreshold: number; today: { from: Date; to: Date }; month: { from: Date; to: Date }; lowStockLimit: number }): Promise<MarketplaceOverview> {
    const t = input.lowStockThreshold;
    const [productsRow] = (await this.db('products').select(
      this.db.raw('count(*) filter (where active)::int as active'),
      this.db.raw('count(*) filter (where not active)::int as inactive'),
      this.db.raw('count(*) filter (where active and stock_quantity is not null and stock_quantity > 0 and stock_quantity <= ?)::int as low_stock', [t]),
      this.db.raw('count(*) filter (where active and stock_quantity = 0)::int as sold_out'),
    )) as Row[];
    const lowStock = (await this.db('products')
      .select('id', 'name', 'slug', 'stock_quantity', 'active')
      .whereNotNull('stock_quantity')
      .where('stock_quantity', '<=', t)
      .where('active', true)
      .orderBy('stock_quantity')
      .orderBy('name')
      .limit(input.lowStockLimit)) as Row[];
    const byStatus = async (from: Date, to: Date) => {
      const rows = (await this.db('marketplace_orders').select('status').count<Row[]>('* as n').where('created_at', '>=', from).where('created_at', '<', to).groupBy('status')) as Row[];
      const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
      for (const r of rows) if ((ORDER_STATUSES as readonly string[]).includes(r.status)) counts[r.status as OrderStatus] = Number(r.n);
      return counts;
    };
    const [salesRow] = (await this.db('payments')
      .select(this.db.raw('count(*)::int as n'), this.db.raw('coalesce(sum(amount), 0)::bigint as v'))
      .where('purpose', 'order')
      .where('confirmed_at', '>=', input.month.from)
      .where('confirmed_at', '<', input.month.to)) as Row[];
    return {
      products: { active: Number(productsRow?.active ?? 0), inactive: Number(productsRow?.inactive ?? 0), low_stock: Number(productsRow?.low_stock ?? 0), sold_out: Number(productsRow?.sold_out ?? 0) },
      low_stock_threshold: t,
      low_stock: lowStock.map((r) => ({ id: r.id, name: r.name, slug: r.slug, stock_quantity: Number(r.stock_quantity), active: r.active })),
      orders_today: await byStatus(input.today.from, input.today.to),
      orders_month: await byStatus(input.month.from, input.month.to),
      sales_month: { count: Number(salesRow?.n ?? 0), amount: Number(salesRow?.v ?? 0) },
    };
  }
}

export class KnexPlanCategoryAdminRepository implements PlanCategoryAdminRepository {
  constructor(private readonly db: Knex) {}

  private withCounts(q: Knex.QueryBuilder) {
    return q.select(
      'pc.*',
      this.db.raw('(select count(*)::int from plans p where p.category_id = pc.id) as plans_count'),
      this.db.raw('(select count(*)::int from professionals pr where pr.category = pc.slug) as professionals_count'),
    );
  }

  async list({ filter, sort, offset, limit }: ListQuery<AdminPlanCategoryFilter>) {
    const q = this.db('plan_categories as pc');
    if (filter.id?.length) q.whereIn('pc.id', filter.id);
    if (filter.kind) q.where('pc.kind', filter.kind);
    if (filter.active !== undefined) q.where('pc.active', filter.active);
    if (filter.q) q.where((w) => w.where('pc.name', 'ilike', containsPattern(filter.q!)).orWhere('pc.slug', 'ilike', containsPattern(filter.q!)));
    const [counted] = (await q.clone().count<{ count: number }[]>('* as count')) as Array<{ count: number | string }>;
    const page = this.withCounts(q.clone());
    const counts = sort.field === 'plans_count' || sort.field === 'professionals_count';
    page.orderBy(counts ? sort.field : `pc.${sort.field}`, dir(sort.order)).orderBy('pc.name').orderBy('pc.id');
    const rows = (await page.offset(offset).limit(limit)) as Row[];
    return { items: rows.map(toPlanCategory), total: Number(counted?.count ?? 0) };
  }

  async find(id: string, options: { lock?: boolean } = {}) {
    if (options.lock && !(await this.db('plan_categories').where({ id }).forUpdate().first('id'))) return null;
    const row = (await this.withCounts(this.db('plan_categories as pc')).where('pc.id', id).first()) as Row | undefined;
    return row ? toPlanCategory(row) : null;
  }

  async create(c: Omit<PlanCategoryRecord, 'id'>) {
    const [row] = (await this.db('plan_categories').insert(c).returning('id').catch(planCategorySlugTaken)) as Row[];
    return (await this.find(row!.id as string))!;
  }

  async update(id: string, c: Omit<PlanCategoryRecord, 'id'>) {
    const n = await this.db('plan_categories').where({ id }).update({ ...c, updated_at: this.db.fn.now() }).catch(planCategorySlugTaken);
    return n === 1 ? this.find(id) : null;
  }

  async delete(id: string) {
    return (await this.db('plan_categories').where({ id }).delete()) === 1;
  }
}
