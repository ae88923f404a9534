// The back office's CSV exports read here: keyset pages (newest first, `(created_at, id) < cursor`) so any number of
// rows streams with one page in memory; each export applies the same filters as its list screen.
import type { Knex } from 'knex';
import type { OrderAdminFilter } from '../../../core/marketplace/ports';
import type { OrderStatus } from '../../../core/marketplace/order-rules';
import { containsPattern } from '../like';
import { applyOrderAdminFilter } from './marketplace.repos';

/** The last row's exact key: the timestamp as PostgreSQL's text (microseconds kept; a JS Date would drop them). */
export type ExportCursor = { ts: string; id: string };
export type WithCursor<R> = R & { cursor_ts: string };

export interface OrderExportRow {
  id: string;
  status: OrderStatus;
  email: string | null;
  full_name: string | null;
  items_count: number;
  subtotal: number;
  total_amount: number;
  tracking_code: string | null;
  city: string | null;
  state: string | null;
  created_at: Date;
  paid_at: Date | null;
  shipped_at: Date | null;
}

export interface CommissionExportRow {
  id: string;
  influencer_code: string | null;
  influencer_name: string | null;
  source_type: 'group_member' | 'order';
  base_fee: number;
  rate_bp: number;
  amount: number;
  status: string;
  available_at: Date;
  reversed_at: Date | null;
  created_at: Date;
}

export interface PayoutExportRow {
  id: string;
  recipient_kind: 'professional' | 'influencer' | 'wallet_refund';
  recipient_name: string | null;
  amount: number;
  status: string;
  failure_reason: string | null;
  paid_at: Date | null;
  created_at: Date;
}

/** A creation window [from, to) for the dated reports. */
export interface CreatedBetween {
  from: Date;
  to: Date;
}

export interface ProductExportRow {
  id: string;
  name: string;
  slug: string;
  category: string | null;
  price: number;
  stock_quantity: number | null;
  active: boolean;
  created_at: Date;
}

export interface UserExportRow {
  id: string;
  email: string;
  full_name: string | null;
  role: string;
  phone: string | null;
  city: string | null;
  state: string | null;
  email_confirmed_at: Date | null;
  blocked_at: Date | null;
  created_at: Date;
}

export interface GroupExportRow {
  id: string;
  plan_name: string;
  status: string;
  group_size: number;
  paid_members: number;
  price: number;
  entry_price: number;
  deadline_at: Date;
  created_at: Date;
}

export interface ExportFilters {
  products: { q?: string; category_id?: string; active?: boolean };
  users: { q?: string; role?: string };
  groups: { status?: string; plan_id?: string };
}

/** The cursor after a row of any export page. */
export const exportCursorOf = (row: { cursor_ts: string; id: string }): ExportCursor => ({ ts: row.cursor_ts, id: row.id });

export class KnexAdminExports {
  constructor(private readonly db: Knex) {}

  private page<R>(q: Knex.QueryBuilder, alias: string, after: ExportCursor | null, size: number): Promise<Array<WithCursor<R>>> {
    if (after) q.whereRaw(`(${alias}.created_at, ${alias}.id) < (?::timestamptz, ?::uuid)`, [after.ts, after.id]);
    q.select(this.db.raw(`${alias}.created_at::text as cursor_ts`));
    return q.orderBy(`${alias}.created_at`, 'desc').orderBy(`${alias}.id`, 'desc').limit(size) as Promise<Array<WithCursor<R>>>;
  }

  ordersPage(filter: OrderAdminFilter, after: ExportCursor | null, size: number) {
    const q = applyOrderAdminFilter(this.db('marketplace_orders as o').leftJoin('users as u', 'u.id', 'o.user_id').leftJoin('profiles as pr', 'pr.user_id', 'o.user_id'), filter).select(
      'o.id', 'o.status', 'u.email', 'pr.full_name', 'o.items_count', 'o.subtotal', 'o.total_amount', 'o.tracking_code',
      this.db.raw(`o.address->>'city' as city`), this.db.raw(`o.address->>'state' as state`), 'o.created_at', 'o.paid_at', 'o.shipped_at',
    );
    return this.page<OrderExportRow>(q, 'o', after, size);
  }

  commissionsPage(window: CreatedBetween, after: ExportCursor | null, size: number) {
    const q = this.db('commissions as c')
      .join('influencers as i', 'i.id', 'c.influencer_id')
      .leftJoin('profiles as pr', 'pr.user_id', 'i.user_id')
      .where('c.created_at', '>=', window.from)
      .where('c.created_at', '<', window.to)
      .select('c.id', 'i.code as influencer_code', 'pr.full_name as influencer_name', 'c.source_type', 'c.base_fee', 'c.rate_bp', 'c.amount', 'c.status', 'c.available_at', 'c.reversed_at', 'c.created_at');
    return this.page<CommissionExportRow>(q, 'c', after, size);
  }

  payoutsPage(window: CreatedBetween, after: ExportCursor | null, size: number) {
    const q = this.db('payouts as o')
      .leftJoin('professionals as p', 'p.id', 'o.professional_id')
      .leftJoin('influencers as i', 'i.id', 'o.influencer_id')
      .leftJoin('profiles as pr', 'pr.user_id', 'i.user_id')
      .where('o.created_at', '>=', window.from)
      .where('o.created_at', '<', window.to)
      .select(
        'o.id', 'o.amount', 'o.status', 'o.failure_reason', 'o.paid_at', 'o.created_at',
        this.db.raw(`case when o.professional_id is not null then 'professional' when o.influencer_id is not null then 'influencer' else 'wallet_refund' end as recipient_kind`),
        this.db.raw(`coalesce(p.business_name, pr.full_name) as recipient_name`),
      );
    return this.page<PayoutExportRow>(q, 'o', after, size);
  }

  productsPage(filter: ExportFilters['products'], after: ExportCursor | null, size: number) {
    const q = this.db('products as p').leftJoin('product_categories as c', 'c.id', 'p.category_id').select('p.id', 'p.name', 'p.slug', 'c.name as category', 'p.price', 'p.stock_quantity', 'p.active', 'p.created_at');
    if (filter.q) q.where((w) => w.whereILike('p.name', containsPattern(filter.q!)).orWhereILike('p.slug', containsPattern(filter.q!)));
    if (filter.category_id) q.where('p.category_id', filter.category_id);
    if (filter.active !== undefined) q.where('p.active', filter.active);
    return this.page<ProductExportRow>(q, 'p', after, size);
  }

  usersPage(filter: ExportFilters['users'], after: ExportCursor | null, size: number) {
    const q = this.db('users as u').leftJoin('profiles as pr', 'pr.user_id', 'u.id').select(
      'u.id', 'u.email', 'pr.full_name', 'u.role', 'pr.phone', 'pr.address_city as city', 'pr.address_state as state', 'u.email_confirmed_at', 'u.blocked_at', 'u.created_at',
    );
    if (filter.q) q.where((w) => w.whereILike('u.email', containsPattern(filter.q!)).orWhereILike('pr.full_name', containsPattern(filter.q!)));
    if (filter.role) q.where('u.role', filter.role);
    return this.page<UserExportRow>(q, 'u', after, size);
  }

  groupsPage(filter: ExportFilters['groups'], after: ExportCursor | null, size: number) {
    const q = this.db('groups as g').join('plans as pl', 'pl.id', 'g.plan_id').select(
      'g.id', 'pl.name as plan_name', 'g.status', 'g.group_size', 'g.price', 'g.entry_price', 'g.deadline_at', 'g.created_at',
      this.db.raw(`(select count(*)::int from group_members m where m.group_id = g.id and m.status in ('paid','awarded')) as paid_members`),
    );
    if (filter.status) q.where('g.status', filter.status);
    if (filter.plan_id) q.where('g.plan_id', filter.plan_id);
    return this.page<GroupExportRow>(q, 'g', after, size);
  }
}
