// Products, cart lines and orders on knex. Stock moves are single conditional statements; lists are one query each.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { containsPattern } from '../like';
import type { AdminOrderRow, CartCatalogItem, CartLineKey, CartLineWithItem, CartLineWrite, CartRepository, NewOrder, OrderAdminFilter, OrderAdminSort, NewProduct, OrderItemRecord, OrderRecord, OrderRepository, OrderStatusChangeRecord, ListCountFix, ProductCategoryRecord, ProductListFilter, ProductListPage, ProductRecord, ProductVersionPage, ProductRepository, ProductWithCategory } from '../../../core/marketplace/ports';
import type { OrderStatus } from '../../../core/marketplace/order-rules';
import type { ReturnStatus } from '../../../core/marketplace/order-return';

type Row = Record<string, any>;

const PRODUCT_COLUMNS = ['p.id', 'p.category_id', 'p.name', 'p.slug', 'p.description', 'p.price', 'p.stock_quantity', 'p.images', 'p.active', 'p.created_at', 'p.updated_at'];

const toProduct = (r: Row): ProductWithCategory => ({
  id: r.id,
  category_id: r.category_id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  price: r.price,
  stock_quantity: r.stock_quantity,
  images: Array.isArray(r.images) ? r.images : [],
  active: r.active,
  created_at: r.created_at,
  updated_at: r.updated_at,
  category: r.c_id ? { id: r.c_id, name: r.c_name, slug: r.c_slug } : null,
});

const toCategory = (r: Row): ProductCategoryRecord => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  sort_order: r.sort_order,
  active: r.active,
});

/** Each sort's order, the columns of its index (products_active_created, products_active_price and their per-category twins). */
const ORDER_SQL: Record<ProductListFilter['sort'], string> = {
  newest: 'p.created_at desc, p.id desc',
  price_asc: 'p.price asc, p.id asc',
  price_desc: 'p.price desc, p.id desc',
};

/** Each sort's columns, as a search's kept matches carry them to be cut into a page in the same order. */
const SORT_COLUMNS: Record<ProductListFilter['sort'], string> = {
  newest: 'p.created_at, p.id',
  price_asc: 'p.price, p.id',
  price_desc: 'p.price, p.id',
};

/** Where the kept counts put products without a category (migration 20261202120000_catalogue_counts). */
const NO_CATEGORY = '00000000-0000-0000-0000-000000000000';

/** From this offset a page skips entries in the index instead of whole rows (decision 035). */
const DEFERRED_FROM_OFFSET = 200;

const PAGE_COLUMNS = [...PRODUCT_COLUMNS, 'c.id as c_id', 'c.name as c_name', 'c.slug as c_slug'].join(', ');

/** Each sort's key as the cursor carries it: created_at in UTC to the microsecond (a JS Date keeps only ms), or the price. */
const SORT_KEY: Record<ProductListFilter['sort'], string> = {
  newest: `to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  price_asc: 'p.price',
  price_desc: 'p.price',
};

/** The rows after a cursor, as row comparisons the sort's index serves (its columns in the same order). */
const AFTER: Record<ProductListFilter['sort'], string> = {
  newest: '(p.created_at, p.id) < (cast(? as timestamptz), cast(? as uuid))',
  price_asc: '(p.price, p.id) > (cast(? as integer), cast(? as uuid))',
  price_desc: '(p.price, p.id) < (cast(? as integer), cast(? as uuid))',
};

/**
 * A product row's version, changed by every write to it: the transaction that wrote the row (xmin) and where its tuple
 * lies (ctid, new for each update, even for two in one transaction).
 */
const ROW_VERSION = `p.xmin::text || ':' || p.ctid::text`;

/** An integer written into SQL text (offsets and limits come validated; this keeps it so). */
function integer(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return String(n);
}

/** What a statement's text is turned into once: its prepared statement's name, and the text with `$n` placeholders. */
interface StatementForms {
  name: string;
  positional: string;
}
const statementForms = new Map<string, StatementForms>();
function formsOf(sql: string): StatementForms {
  let forms = statementForms.get(sql);
  if (!forms) {
    let n = 0;
    forms = {
      name: `catalogue_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
      // The texts are ours: no `?` inside a literal.
      positional: sql.replace(/\?/g, () => `$${++n}`),
    };
    if (statementForms.size >= 1_000) statementForms.clear();
    statementForms.set(sql, forms);
  }
  return forms;
}

/**
 * A named (prepared) statement: PostgreSQL parses and plans it once per connection instead of on every page, planning
 * being most of a small page's database time. Named after its text, which is all it may ever be (pg refuses a name
 * reused for other text); PGlite ignores the name.
 */
function named(sql: string): { name: string } {
  return { name: formsOf(sql).name };
}

/** A connection of knex's pool (pg's client), as `pageRows` uses it. */
interface PooledConnection {
  __knexUid?: string;
  query(config: { text: string; values: readonly Knex.Value[]; name?: string }): Promise<{ rows: Row[] }>;
}
let directQueries = 0;

export class KnexProductRepository implements ProductRepository {
  constructor(private readonly db: Knex) {}

  async listCategories({ activeOnly }: { activeOnly: boolean }) {
    const q = this.db('product_categories').orderBy('sort_order').orderBy('name');
    if (activeOnly) q.where('active', true);
    return ((await q) as Row[]).map(toCategory);
  }

  async upsertCategory(category: Omit<ProductCategoryRecord, 'id'>) {
    const [row] = await this.db('product_categories')
      .insert(category)
      .onConflict('slug')
      .merge({ ...category, updated_at: this.db.fn.now() })
      .returning('*');
    return toCategory(row as Row);
  }

  private base() {
    return this.db('products as p')
      .leftJoin('product_categories as c', 'c.id', 'p.category_id')
      .select(...PRODUCT_COLUMNS, 'c.id as c_id', 'c.name as c_name', 'c.slug as c_slug');
  }

  async list(filter: ProductListFilter): Promise<ProductListPage> {
    const { rows, total, nextKey } = await this.page(filter, `${PAGE_COLUMNS}`, true);
    return { items: rows.map(toProduct), total, nextKey };
  }

  async listVersions(filter: ProductListFilter): Promise<ProductVersionPage> {
    const { rows, total, nextKey } = await this.page(filter, `p.id, ${ROW_VERSION} as v`, false);
    return { items: rows.map((r) => ({ id: r.id as string, version: r.v as string })), total, nextKey };
  }

  async findVersions(ids: readonly string[]) {
    if (ids.length === 0) return [];
    const sql = `select ${PAGE_COLUMNS}, ${ROW_VERSION} as v from products p left join product_categories c on c.id = p.category_id where p.id = any(?::uuid[])`;
    const { rows } = (await this.db.raw(sql, [ids as string[]]).options(named(sql))) as { rows: Row[] };
    return rows.map((r) => ({ product: toProduct(r), version: r.v as string }));
  }

  /** One statement for a catalogue page, selecting `columns` (joined to the category when `withCategory`). */
  private async page(filter: ProductListFilter, columns: string, withCategory: boolean) {
    const where: string[] = [];
    const filterBindings: Knex.Value[] = [];
    if (filter.activeOnly) where.push('p.active = true');
    if (filter.categorySlug) {
      where.push('p.category_id = (select id from product_categories where slug = ?)');
      filterBindings.push(filter.categorySlug);
    }
    // Terms are normalised words (letters and digits only), so they never carry LIKE wildcards; a rare word is found
    // through the trigram index, a common one while walking the order's index.
    for (const term of filter.terms) {
      where.push('p.search_text like ?');
      filterBindings.push(`%${term}%`);
    }
    const order = ORDER_SQL[filter.sort];
    const filtered = where.length ? where.join(' and ') : 'true';
    // The count is needed only when the page itself cannot tell the total: an exact count (the CLI), a cursor page, or
    // a page that ends before the ceiling. A page reaching the ceiling knows it from its own rows (one more than the
    // page says a next one exists; fewer says where the list ends).
    const exact = filter.countUpTo === undefined;
    const needCount = exact || filter.after !== undefined || filter.countUpTo! > filter.offset + filter.limit + 1;
    // Active products without search words: the total the database keeps per category (migration
    // 20261202120000_catalogue_counts), a read of at most one row per category instead of a walk of the index.
    const kept = filter.activeOnly && filter.terms.length === 0;
    const countSql = kept
      ? `select coalesce(sum(active_products), 0) as count from product_list_counts${filter.categorySlug ? ' where category_id = (select id from product_categories where slug = ?)' : ''}`
      : exact
        ? `select count(*) from products p where ${filtered}`
        : `select count(*) from (select 1 from products p where ${filtered} order by ${order} limit ?) c`;
    const countBindings = kept || exact ? filterBindings : [...filterBindings, filter.countUpTo!];
    const upTo = (counted: number) => (filter.countUpTo === undefined ? counted : Math.min(counted, filter.countUpTo));
    const pageWhere = filter.after ? `${filtered} and ${AFTER[filter.sort]}` : filtered;
    const category = withCategory ? ' left join product_categories c on c.id = p.category_id' : '';
    // A page of a list without search words keeps its plan (named statement; decision 036), with its limit written in
    // the statement: a first page's offset too; a deep page's stays a parameter only when the page reads ids alone,
    // where PostgreSQL's generic plan (which guesses a tenth of the table for it) can only walk the order's index.
    const deep = filter.terms.length > 0 || filter.offset >= DEFERRED_FROM_OFFSET;
    const keepPlan = filter.terms.length === 0 && (filter.offset < DEFERRED_FROM_OFFSET || !withCategory);
    const limit = keepPlan ? integer(filter.limit + 1) : '?';
    const cut = deep ? `offset ? limit ${limit}` : `offset ${integer(filter.offset)} limit ${limit}`;
    // One statement. A deep page, or a search, first finds its ids in the order's index alone (the whole-catalogue
    // indexes carry search_text), skipping `offset` entries there, then reads only the page's rows (one more, to know
    // whether a next page exists). A first page reads its rows straight off the index walk: fewer joins to plan.
    // A search page that counts (the first pages): its matches up to the ceiling are found once and kept, and give both
    // the count and the page. The text test is planned and run once instead of twice (decision 039).
    const oneWalk = filter.terms.length > 0 && needCount && !exact && !filter.after;
    const select = `select ${columns}, ${SORT_KEY[filter.sort]} as k, ${oneWalk ? '(select count(*) from m)' : needCount ? `(${countSql})` : 'null'} as counted`;
    const sql = oneWalk
      ? `with m as materialized (select ${SORT_COLUMNS[filter.sort]} from products p where ${filtered} order by ${order} limit ?) ` +
        `${select} from (select m.id from m order by ${order.replaceAll('p.', 'm.')} offset ? limit ?) as ids` +
        ` join products p on p.id = ids.id${category} order by ${order}`
      : deep
        ? `${select} from (select p.id from products p where ${pageWhere} order by ${order} ${cut}) as ids` +
          ` join products p on p.id = ids.id${category} order by ${order}`
        : `${select} from products p${category} where ${pageWhere} order by ${order} ${cut}`;
    const bindings: Knex.Value[] = [];
    if (oneWalk) bindings.push(...filterBindings, filter.countUpTo!, filter.offset, filter.limit + 1);
    else {
      if (needCount) bindings.push(...countBindings);
      bindings.push(...filterBindings, ...(filter.after ? [filter.after.key, filter.after.id] : []));
      if (deep) bindings.push(filter.offset);
      if (!keepPlan) bindings.push(filter.limit + 1);
    }
    const rows = await this.pageRows(sql, bindings, keepPlan);
    let total: number;
    if (rows.length > 0) total = needCount ? upTo(Number(rows[0]!.counted)) : filter.offset + rows.length;
    else if (filter.offset === 0 && !filter.after) total = 0;
    else {
      // Past the end: one more query, only then, for the total to answer.
      const [counted] = ((await this.db.raw(countSql, countBindings)) as { rows: Array<{ count: number | string }> }).rows;
      total = upTo(Number(counted?.count ?? 0));
    }
    const items = rows.slice(0, filter.limit);
    const last = items[items.length - 1];
    return { rows: items, total, nextKey: rows.length > filter.limit && last ? { key: String(last.k), id: last.id as string } : null };
  }

  /**
   * A page's one statement. On PostgreSQL outside a transaction it goes to a connection of knex's pool directly, its `?`
   * turned into `$n` once per text: knex's builder, runner and executioner cost ~0.25 ms of the server's one thread per
   * miss, a quarter of it, for a statement that is already SQL text (docs/benchmarks.md). It still announces itself
   * through knex's query events, which tracing and the tests listen to. Elsewhere (PGlite, a transaction) through knex.
   */
  private async pageRows(sql: string, bindings: Knex.Value[], keepPlan: boolean): Promise<Row[]> {
    const client = this.db.client as Knex.Client & { config: { client?: unknown } };
    if (client.config.client !== 'pg' || (this.db as Knex & { isTransaction?: boolean }).isTransaction) {
      const query = this.db.raw(sql, bindings);
      return ((await (keepPlan ? query.options(named(sql)) : query)) as { rows: Row[] }).rows;
    }
    const text = formsOf(sql).positional;
    const options = keepPlan ? named(sql) : {};
    const conn = (await client.acquireConnection()) as PooledConnection;
    const event = { method: 'raw', sql: text, bindings, options, __knexUid: conn.__knexUid, __knexQueryUid: `catalogue-${++directQueries}` };
    try {
      client.emit('query', event);
      const result = await conn.query({ text, values: bindings, ...options });
      client.emit('query-response', result, event);
      return result.rows;
    } catch (err) {
      client.emit('query-error', err, event);
      throw err;
    } finally {
      await client.releaseConnection(conn);
    }
  }

  async findById(id: string) {
    const row = (await this.base().where('p.id', id).first()) as Row | undefined;
    return row ? toProduct(row) : null;
  }

  async findBySlug(slug: string) {
    const row = (await this.base().where('p.slug', slug).first()) as Row | undefined;
    return row ? toProduct(row) : null;
  }

  async upsertBySlug(product: NewProduct) {
    const values = { ...product, images: JSON.stringify(product.images) };
    const { rows } = (await this.db.raw(
      `insert into products (category_id, name, slug, description, price, stock_quantity, images, active, search_text)
       values (:category_id, :name, :slug, :description, :price, :stock_quantity, cast(:images as jsonb), :active, :search_text)
       on conflict (slug) do update set category_id = excluded.category_id, name = excluded.name, description = excluded.description,
         price = excluded.price, stock_quantity = excluded.stock_quantity, images = excluded.images, active = excluded.active,
         search_text = excluded.search_text, updated_at = now()
       returning id, category_id, name, slug, description, price, stock_quantity, images, active, created_at, updated_at, (xmax = 0) as inserted`,
      values,
    )) as { rows: Row[] };
    const row = rows[0]!;
    const { category: _c, ...record } = toProduct(row);
    return { product: record as ProductRecord, created: row.inserted === true };
  }

  async setStock(id: string, stock: number | null) {
    return (await this.db('products').where({ id }).update({ stock_quantity: stock, updated_at: this.db.fn.now() })) === 1;
  }

  async recountListCounts(): Promise<ListCountFix[]> {
    // Share mode lets reads through and holds every product write (and so every trigger) until the transaction ends.
    await this.db.raw('lock table products in share mode');
    const { rows } = (await this.db.raw(
      `with counted as (
         select coalesce(category_id, ?::uuid) as category_id, count(*)::int as n from products where active group by 1
       )
       select coalesce(c.category_id, k.category_id) as category_id, coalesce(k.active_products, 0) as kept, coalesce(c.n, 0) as counted, pc.name
       from counted c
       full join product_list_counts k on k.category_id = c.category_id
       left join product_categories pc on pc.id = coalesce(c.category_id, k.category_id)
       where coalesce(k.active_products, 0) <> coalesce(c.n, 0)
       order by pc.name nulls first`,
      [NO_CATEGORY],
    )) as { rows: Row[] };
    if (rows.length > 0) {
      await this.db.raw('delete from product_list_counts');
      await this.db.raw(
        `insert into product_list_counts (category_id, active_products)
           select coalesce(category_id, ?::uuid), count(*) from products where active group by 1 order by 1`,
        [NO_CATEGORY],
      );
    }
    return rows.map((r) => ({
      category: r.category_id === NO_CATEGORY ? null : { id: r.category_id as string, name: (r.name as string | null) ?? '—' },
      kept: Number(r.kept),
      counted: Number(r.counted),
    }));
  }

  async shippingFacts(ids: readonly string[]) {
    if (ids.length === 0) return [];
    return (await this.db('products')
      .select('id', 'name', 'price', 'active', 'weight_grams', 'height_cm', 'width_cm', 'length_cm')
      .whereIn('id', [...ids])) as Array<{ id: string; name: string; price: number; active: boolean; weight_grams: number; height_cm: number; width_cm: number; length_cm: number }>;
  }

  async reserveStock(id: string, quantity: number, expectedPrice: number) {
    // The reservation itself: never below zero under any concurrency (the row lock orders competing decrements,
    // and each re-checks the condition on the committed value). Unlimited stock stays null (null - q is null).
    const n = await this.db('products')
      .where({ id, active: true, price: expectedPrice })
      .where((w) => w.whereNull('stock_quantity').orWhere('stock_quantity', '>=', quantity))
      .update({ stock_quantity: this.db.raw('stock_quantity - ?', [quantity]), updated_at: this.db.fn.now() });
    return n === 1;
  }

  async returnStock(id: string, quantity: number) {
    await this.db('products')
      .where({ id })
      .whereNotNull('stock_quantity')
      .update({ stock_quantity: this.db.raw('stock_quantity + ?', [quantity]), updated_at: this.db.fn.now() });
  }
}

const productItem = (r: Row): CartCatalogItem => ({
  item_type: 'product',
  item_id: r.p_id,
  name: r.p_name,
  price: r.p_price,
  image_url: r.p_image ?? null,
  stock_quantity: r.p_stock,
  active: r.p_active,
});

const planItem = (r: Row): CartCatalogItem => ({
  item_type: 'plan',
  item_id: r.pl_id,
  name: r.pl_name,
  price: r.pl_price,
  image_url: r.pl_image ?? null,
  stock_quantity: null,
  active: r.pl_active,
});

export class KnexCartRepository implements CartRepository {
  constructor(private readonly db: Knex) {}

  async listForUser(userId: string, options: { lock?: boolean } = {}) {
    const q = this.db('cart_lines as l')
      .leftJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('plans as pl', 'pl.id', 'l.plan_id')
      .select(
        'l.item_type',
        'l.product_id',
        'l.plan_id',
        'l.quantity',
        'p.id as p_id',
        'p.name as p_name',
        'p.price as p_price',
        this.db.raw(`p.images->>0 as p_image`),
        'p.stock_quantity as p_stock',
        'p.active as p_active',
        'pl.id as pl_id',
        'pl.name as pl_name',
        'pl.price as pl_price',
        'pl.image_url as pl_image',
        'pl.active as pl_active',
      )
      .where('l.user_id', userId)
      .orderBy('l.created_at')
      .orderBy('l.id');
    if (options.lock) q.forUpdate('l');
    return ((await q) as Row[]).map((r): CartLineWithItem => {
      const isProduct = r.item_type === 'product';
      return {
        item_type: r.item_type,
        item_id: isProduct ? r.product_id : r.plan_id,
        quantity: r.quantity,
        item: isProduct ? (r.p_id ? productItem(r) : null) : r.pl_id ? planItem(r) : null,
      };
    });
  }

  async catalogItems(keys: CartLineKey[]) {
    const productIds = keys.filter((k) => k.item_type === 'product').map((k) => k.item_id);
    const planIds = keys.filter((k) => k.item_type === 'plan').map((k) => k.item_id);
    const out: CartCatalogItem[] = [];
    if (productIds.length) {
      const rows = (await this.db('products as p')
        .select('p.id as p_id', 'p.name as p_name', 'p.price as p_price', this.db.raw(`p.images->>0 as p_image`), 'p.stock_quantity as p_stock', 'p.active as p_active')
        .whereIn('p.id', productIds)) as Row[];
      out.push(...rows.map(productItem));
    }
    if (planIds.length) {
      const rows = (await this.db('plans as pl')
        .select('pl.id as pl_id', 'pl.name as pl_name', 'pl.price as pl_price', 'pl.image_url as pl_image', 'pl.active as pl_active')
        .whereIn('pl.id', planIds)) as Row[];
      out.push(...rows.map(planItem));
    }
    return out;
  }

  async upsert(userId: string, lines: CartLineWrite[]) {
    let written = 0;
    for (const type of ['product', 'plan'] as const) {
      const group = lines.filter((l) => l.item_type === type);
      if (!group.length) continue;
      const column = type === 'product' ? 'product_id' : 'plan_id';
      // One statement per item type; the partial unique index is the conflict target.
      const { rows } = (await this.db.raw(
        `insert into cart_lines (user_id, item_type, ${column}, quantity) values ${group.map(() => '(?, ?, ?, ?)').join(', ')}
         on conflict (user_id, ${column}) where ${column} is not null
         do update set quantity = excluded.quantity, updated_at = now()
         returning 1`,
        group.flatMap((l) => [userId, type, l.item_id, l.quantity]),
      )) as { rows: unknown[] };
      written += rows.length;
    }
    return written;
  }

  async delete(userId: string, keys: CartLineKey[]) {
    const productIds = keys.filter((k) => k.item_type === 'product').map((k) => k.item_id);
    const planIds = keys.filter((k) => k.item_type === 'plan').map((k) => k.item_id);
    if (!productIds.length && !planIds.length) return 0;
    // Counted from RETURNING: knex-pglite answers a bare del() with its raw result instead of the row count.
    const rows = (await this.db('cart_lines')
      .where('user_id', userId)
      .where((w) => {
        if (productIds.length) w.orWhereIn('product_id', productIds);
        if (planIds.length) w.orWhereIn('plan_id', planIds);
      })
      .del()
      .returning('id')) as unknown[];
    return rows.length;
  }
}

const ORDER_COLUMNS = [
  'id', 'user_id', 'status', 'payment_id', 'subtotal', 'total_amount', 'items_count', 'address', 'tracking_code', 'cancel_reason',
  'expires_at', 'paid_at', 'preparing_at', 'shipped_at', 'delivered_at', 'cancelled_at', 'refunded_at', 'created_at', 'updated_at',
  'return_status', 'return_reason', 'return_requested_at', 'return_decided_at', 'return_reject_reason',
  'shipping_amount', 'shipping_option_id', 'shipping_option_name', 'shipping_days',
  'source', 'voucher_id',
];

export class KnexOrderRepository implements OrderRepository {
  constructor(private readonly db: Knex) {}

  async create(order: NewOrder) {
    const [row] = await this.db('marketplace_orders')
      .insert({ ...order, address: JSON.stringify(order.address), status: 'pending' })
      .returning(ORDER_COLUMNS);
    return row as OrderRecord;
  }
  async addItems(orderId: string, items: Array<Omit<OrderItemRecord, 'id' | 'order_id'>>) {
    if (items.length) await this.db('order_items').insert(items.map((i) => ({ ...i, order_id: orderId })));
  }
  async findById(id: string) {
    return ((await this.db('marketplace_orders').select(ORDER_COLUMNS).where({ id }).first()) as OrderRecord | undefined) ?? null;
  }
  async lock(id: string) {
    return ((await this.db('marketplace_orders').select(ORDER_COLUMNS).where({ id }).forUpdate().first()) as OrderRecord | undefined) ?? null;
  }
  async items(orderId: string) {
    return (await this.db('order_items')
      .select('id', 'order_id', 'product_id', 'product_name', 'image_url', 'unit_price', 'quantity', 'subtotal')
      .where({ order_id: orderId })
      // Product lines only: a plan order's line is read by KnexPlanOrderRepository.lines.
      .whereNotNull('product_id')
      .orderBy('product_name')
      .orderBy('id')) as OrderItemRecord[];
  }
  async history(orderId: string) {
    return (await this.db('order_status_history')
      .select('id', 'order_id', 'from_status', 'to_status', 'actor', 'note', 'created_at')
      .where({ order_id: orderId })
      .orderBy('seq')) as OrderStatusChangeRecord[];
  }
  async moveIf(id: string, from: readonly OrderStatus[], to: OrderStatus, patch: Partial<OrderRecord> = {}) {
    const n = await this.db('marketplace_orders')
      .where({ id })
      .whereIn('status', from as OrderStatus[])
      .update({ ...patch, status: to, updated_at: this.db.fn.now() });
    return n === 1;
  }
  async updateReturnIf(id: string, from: ReturnStatus | null, patch: Partial<OrderRecord>) {
    const q = this.db('marketplace_orders').where({ id });
    if (from === null) q.whereNull('return_status');
    else q.where({ return_status: from });
    return (await q.update({ ...patch, updated_at: this.db.fn.now() })) === 1;
  }
  async recordStatus(change: Omit<OrderStatusChangeRecord, 'id' | 'created_at'> & { created_at: Date }) {
    await this.db('order_status_history').insert(change);
  }
  async listForUser(userId: string, offset: number, limit: number) {
    const rows = (await this.db('marketplace_orders')
      .select(...ORDER_COLUMNS, this.db.raw('count(*) over () as total_count'))
      .where({ user_id: userId })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)) as Row[];
    let total = rows.length ? Number(rows[0]!.total_count) : 0;
    if (!rows.length && offset > 0) {
      const [{ count }] = (await this.db('marketplace_orders').where({ user_id: userId }).count<{ count: number }[]>('* as count')) as [{ count: number }];
      total = Number(count);
    }
    return { items: rows.map(({ total_count: _t, ...o }) => o as OrderRecord), total };
  }
  async listPendingWithPayment(userId: string, limit: number) {
    return (await this.db('marketplace_orders')
      .select(ORDER_COLUMNS)
      .where({ user_id: userId, status: 'pending' })
      .whereNotNull('payment_id')
      .orderBy('created_at', 'desc')
      .limit(limit)) as OrderRecord[];
  }
  async listExpired(now: Date, limit: number) {
    // A boleto pending and not yet past its due date (São Paulo calendar) keeps its order alive.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
    return (await this.db('marketplace_orders as o')
      .leftJoin('payments as pay', 'pay.id', 'o.payment_id')
      .select(ORDER_COLUMNS.map((c) => `o.${c}`))
      .where('o.status', 'pending')
      .where('o.expires_at', '<=', now)
      .whereRaw(`not coalesce(pay.method = 'BOLETO' and pay.status = 'pending' and pay.due_date >= ?::date, false)`, [today])
      .orderBy('o.expires_at')
      .limit(limit)) as OrderRecord[];
  }
  async adminList(filter: OrderAdminFilter, sort: { field: OrderAdminSort; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const q = applyOrderAdminFilter(this.db('marketplace_orders as o').leftJoin('users as u', 'u.id', 'o.user_id').leftJoin('profiles as pr', 'pr.user_id', 'o.user_id'), filter);
    const direction = sort.order === 'ASC' ? 'asc' : 'desc';
    const rows = (await q
      .select(...ORDER_COLUMNS.map((c) => `o.${c}`), 'u.email', 'pr.full_name', this.db.raw('count(*) over () as total_count'))
      .orderByRaw(`o.${sort.field} ${direction} nulls last`)
      .orderBy('o.id', direction)
      .offset(offset)
      .limit(limit)) as Row[];
    let total = rows.length ? Number(rows[0]!.total_count) : 0;
    if (!rows.length && offset > 0) {
      const counted = applyOrderAdminFilter(this.db('marketplace_orders as o').leftJoin('users as u', 'u.id', 'o.user_id').leftJoin('profiles as pr', 'pr.user_id', 'o.user_id'), filter);
      const [{ count }] = (await counted.count<{ count: number }[]>('* as count')) as [{ count: number }];
      total = Number(count);
    }
    return { items: rows.map(({ total_count: _t, ...o }) => o as AdminOrderRow), total };
  }
  async list(filter: { status?: OrderStatus; offset: number; limit: number }) {
    const q = this.db('marketplace_orders as o').leftJoin('users as u', 'u.id', 'o.user_id');
    if (filter.status) q.where('o.status', filter.status);
    const rows = (await q
      .select(...ORDER_COLUMNS.map((c) => `o.${c}`), 'u.email', this.db.raw('count(*) over () as total_count'))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)) as Row[];
    return { items: rows.map(({ total_count: _t, ...o }) => o as OrderRecord & { email: string | null }), total: rows.length ? Number(rows[0]!.total_count) : 0 };
  }
}

/**
 * The back office's order filters on `marketplace_orders as o` joined with `users as u` and `profiles as pr` (the
 * list and the CSV export use the same ones, so an export is exactly what the list shows).
 */
export function applyOrderAdminFilter(q: Knex.QueryBuilder, filter: OrderAdminFilter): Knex.QueryBuilder {
  if (filter.status?.length) q.whereIn('o.status', filter.status);
  if (filter.user_id) q.where('o.user_id', filter.user_id);
  if (filter.id?.length) q.whereIn('o.id', filter.id);
  if (filter.created_at_gte) q.where('o.created_at', '>=', filter.created_at_gte);
  if (filter.created_at_lte) q.where('o.created_at', '<=', filter.created_at_lte);
  const text = filter.q?.trim();
  if (text) {
    const hex = text.replace(/^#/, '').toLowerCase();
    const like = containsPattern(text);
    q.where((w) => {
      w.whereILike('u.email', like).orWhereILike('pr.full_name', like);
      if (/^[0-9a-f]{4,32}$/.test(hex)) w.orWhereRaw(`replace(o.id::text, '-', '') like ?`, [`${hex}%`]);
    });
  }
  return q;
}
