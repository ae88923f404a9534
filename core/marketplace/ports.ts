// The marketplace's persistence ports: product catalogue, server-side carts, orders with their items and timeline.
import type { ProductSort } from './product-schemas';
import type { OrderAddress, OrderStatus } from './order-rules';
import type { ReturnStatus } from './order-return';
import type { ListQuery } from '../shared/list-query';
import type { ShippingProductReader } from '../shipping';
import type { OrderLineRefundRepository } from './order-line-refund';
import type { ProductUploadRepository } from './product-uploads';
import type { OrderShipmentRepository } from './order-parcel';

export interface ProductCategoryRecord {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  sort_order: number;
  active: boolean;
}

export interface ProductRecord {
  id: string;
  category_id: string | null;
  name: string;
  slug: string;
  description: string;
  price: number;
  /** null = unlimited. */
  stock_quantity: number | null;
  images: string[];
  active: boolean;
  /** For the freight quote; read by the back office (the quote reads them through `shippingFacts`). */
  weight_grams?: number;
  height_cm?: number;
  width_cm?: number;
  length_cm?: number;
  /** For the invoices: goods (NF-e, the default) or a service (NFS-e), and the goods' NCM (null: NFE_NCM applies). */
  fiscal_kind?: 'goods' | 'service';
  ncm?: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ProductWithCategory extends ProductRecord {
  category: { id: string; name: string; slug: string } | null;
}

export type NewProduct = Omit<ProductRecord, 'id' | 'created_at' | 'updated_at'> & { search_text: string };

export interface ProductListFilter {
  activeOnly: boolean;
  categorySlug?: string;
  /** Normalised words (core/marketplace/search), all of which must appear in `search_text`. */
  terms: string[];
  sort: ProductSort;
  offset: number;
  limit: number;
  /** Keyset: only rows after this one in the sort's order (then `offset` is 0). */
  after?: { key: string; id: string };
  /** Count matching rows only up to this many (core/marketplace/catalogue-paging); absent: an exact count. */
  countUpTo?: number;
}

export interface ProductListPage {
  items: ProductWithCategory[];
  /** Matching rows, at most `countUpTo`. */
  total: number;
  /** The last item's sort key (price, or created_at in UTC to the µs) when a row follows it, else null. */
  nextKey: { key: string; id: string } | null;
}

/** A page of the catalogue as row versions only: which products, in which order, and the version of each. */
export interface ProductVersionPage {
  items: Array<{ id: string; version: string }>;
  total: number;
  nextKey: { key: string; id: string } | null;
}

/** A category whose kept count of active products differed from a count of the table (`category` null: no category). */
export interface ListCountFix {
  category: { id: string; name: string } | null;
  kept: number;
  counted: number;
}

/** `shippingFacts`: weight and dimensions of products for the freight quote. */
export interface ProductRepository extends ShippingProductReader {
  listCategories(options: { activeOnly: boolean }): Promise<ProductCategoryRecord[]>;
  upsertCategory(category: Omit<ProductCategoryRecord, 'id'>): Promise<ProductCategoryRecord>;
  /** One query: the page, its categories and the total matching (up to `countUpTo`). */
  list(filter: ProductListFilter): Promise<ProductListPage>;
  /**
   * The same page as `list`, but each row only as its id and version: a version changes with every write to the
   * product row (not to its category), so what was built from a version stays true while it is the one listed.
   */
  listVersions(filter: ProductListFilter): Promise<ProductVersionPage>;
  /** These products (active or not) with their current versions; unknown ids are left out. */
  findVersions(ids: readonly string[]): Promise<Array<{ product: ProductWithCategory; version: string }>>;
  findById(id: string): Promise<ProductWithCategory | null>;
  findBySlug(slug: string): Promise<ProductWithCategory | null>;
  /** Creates or updates by slug; `created` tells which. */
  upsertBySlug(product: NewProduct): Promise<{ product: ProductRecord; created: boolean }>;
  setStock(id: string, stock: number | null): Promise<boolean>;
  /**
   * Counts the active products of each category again and replaces the kept totals with that count, with product writes
   * locked out meanwhile (run inside a transaction). Answers each category whose kept total was wrong.
   */
  recountListCounts(): Promise<ListCountFix[]>;
  /**
   * The stock reservation: `stock_quantity = stock_quantity - q where id = ? and active and price = ? and
   * (stock_quantity is null or stock_quantity >= q)`; false when it did not apply (nothing changed).
   */
  reserveStock(id: string, quantity: number, expectedPrice: number): Promise<boolean>;
  /** Gives units back (cancelled or expired order); a product with unlimited stock is left alone. */
  returnStock(id: string, quantity: number): Promise<void>;
}

export type CartItemType = 'product' | 'plan';

/** A stored cart line: the reference and the quantity only; names, prices and stock always come from the catalogue. */
export interface CartLineKey {
  item_type: CartItemType;
  /** product_id or plan_id. */
  item_id: string;
}

export interface CartLineWrite extends CartLineKey {
  quantity: number;
}

/** A catalogue item as the cart sees it (product or plan), current at read time. */
export interface CartCatalogItem {
  item_type: CartItemType;
  item_id: string;
  name: string;
  price: number;
  image_url: string | null;
  /** Products only; null = unlimited (and always null for plans). */
  stock_quantity: number | null;
  active: boolean;
}

export interface CartLineWithItem {
  item_type: CartItemType;
  item_id: string;
  quantity: number;
  /** null when the product/plan no longer exists. */
  item: CartCatalogItem | null;
}

export interface CartRepository {
  /** The user's lines joined with their catalogue items (one query); `lock` takes FOR UPDATE on the lines. */
  listForUser(userId: string, options?: { lock?: boolean }): Promise<CartLineWithItem[]>;
  /** Catalogue snapshots for items not in the cart yet (one query per item type). */
  catalogItems(keys: CartLineKey[]): Promise<CartCatalogItem[]>;
  /** Inserts or updates these lines (insert … on conflict do update); returns rows written. */
  upsert(userId: string, lines: CartLineWrite[]): Promise<number>;
  /** Deletes these lines; returns rows deleted. */
  delete(userId: string, keys: CartLineKey[]): Promise<number>;
}

export interface OrderRecord {
  id: string;
  user_id: string;
  status: OrderStatus;
  /** The latest payment created for the order (kept by the database when a payment with purpose 'order' is inserted). */
  payment_id: string | null;
  subtotal: number;
  total_amount: number;
  items_count: number;
  address: OrderAddress;
  tracking_code: string | null;
  cancel_reason: string | null;
  expires_at: Date;
  paid_at: Date | null;
  preparing_at: Date | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
  cancelled_at: Date | null;
  refunded_at: Date | null;
  /** CDC art. 49: the customer's return request and the back office's decision. */
  return_status: ReturnStatus | null;
  return_reason: string | null;
  return_requested_at: Date | null;
  return_decided_at: Date | null;
  return_reject_reason: string | null;
  /** The freight chosen at checkout, priced by the server (part of total_amount); 0 and nulls before it existed. */
  shipping_amount: number;
  shipping_option_id: string | null;
  shipping_option_name: string | null;
  shipping_days: number | null;
  /** `plan` for a product plan's purchase shipped as an order (plan-order.ts); absent/`cart` otherwise. */
  source?: OrderSource;
  /** The voucher a plan order ships (unique). */
  voucher_id?: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface OrderItemRecord {
  id: string;
  order_id: string;
  product_id: string;
  product_name: string;
  image_url: string | null;
  unit_price: number;
  quantity: number;
  subtotal: number;
}

export interface OrderStatusChangeRecord {
  id: string;
  order_id: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor: string;
  note: string | null;
  created_at: Date;
}

export type NewOrder = Pick<OrderRecord, 'user_id' | 'subtotal' | 'total_amount' | 'items_count' | 'address' | 'expires_at'> &
  Partial<Pick<OrderRecord, 'shipping_amount' | 'shipping_option_id' | 'shipping_option_name' | 'shipping_days'>>;

export interface OrderRepository {
  create(order: NewOrder): Promise<OrderRecord>;
  addItems(orderId: string, items: Array<Omit<OrderItemRecord, 'id' | 'order_id'>>): Promise<void>;
  findById(id: string): Promise<OrderRecord | null>;
  /** SELECT … FOR UPDATE. */
  lock(id: string): Promise<OrderRecord | null>;
  items(orderId: string): Promise<OrderItemRecord[]>;
  history(orderId: string): Promise<OrderStatusChangeRecord[]>;
  /** Conditional move: true only for the one caller that found it in one of `from`. */
  moveIf(id: string, from: readonly OrderStatus[], to: OrderStatus, patch?: Partial<Pick<OrderRecord, 'return_status' | 'return_decided_at' | 'payment_id' | 'tracking_code' | 'cancel_reason' | 'paid_at' | 'preparing_at' | 'shipped_at' | 'delivered_at' | 'cancelled_at' | 'refunded_at'>>): Promise<boolean>;
  /** Sets the return fields only while the return is still `from` (null: none asked yet); false when it moved. */
  updateReturnIf(id: string, from: ReturnStatus | null, patch: Partial<Pick<OrderRecord, 'return_status' | 'return_reason' | 'return_requested_at' | 'return_decided_at' | 'return_reject_reason'>>): Promise<boolean>;
  recordStatus(change: Omit<OrderStatusChangeRecord, 'id' | 'created_at'> & { created_at: Date }): Promise<void>;
  /** The user's orders, newest first. */
  listForUser(userId: string, offset: number, limit: number): Promise<{ items: OrderRecord[]; total: number }>;
  /** docs/product/spec.md §7: pending orders of the user with a payment, newest first. */
  listPendingWithPayment(userId: string, limit: number): Promise<OrderRecord[]>;
  /**
   * Pending orders whose payment window ended, oldest first — except those whose latest payment is a boleto still
   * pending and not past its due date (a boleto takes days; its order keeps the stock until then).
   */
  listExpired(now: Date, limit: number): Promise<OrderRecord[]>;
  /** Operators (CLI): newest first, optionally by status. */
  list(filter: { status?: OrderStatus; offset: number; limit: number }): Promise<{ items: Array<OrderRecord & { email: string | null }>; total: number }>;
  /** Back office: filtered, sorted, one window and the total (one query). */
  adminList(filter: OrderAdminFilter, sort: { field: OrderAdminSort; order: 'ASC' | 'DESC' }, offset: number, limit: number): Promise<{ items: AdminOrderRow[]; total: number }>;
}

/** Back office list of orders (ra-data-simple-rest): every filter optional, the sort field already whitelisted. */
export interface OrderAdminFilter {
  status?: OrderStatus[];
  /** E-mail, name fragment or the order number (#A1B2C3D4 or its 8 hex digits). */
  q?: string;
  user_id?: string;
  created_at_gte?: Date;
  created_at_lte?: Date;
  id?: string[];
}
export const ORDER_ADMIN_SORTS = ['created_at', 'total_amount', 'status', 'items_count', 'paid_at'] as const;
export type OrderAdminSort = (typeof ORDER_ADMIN_SORTS)[number];

export type AdminOrderRow = OrderRecord & { email: string | null; full_name: string | null };

export interface MarketplaceRepositories {
  products: ProductRepository;
  cart: CartRepository;
  orders: OrderRepository;
  /** The back office's catalogue: products, product categories and the overview. */
  admin: ProductAdminRepository;
  /** Refunds of one order line (order-line-refund.ts). */
  lineRefunds: OrderLineRefundRepository;
  /** Product images uploaded and not yet checked by the cleanup job (product-uploads.ts). */
  uploads: ProductUploadRepository;
  /** Product plans shipped as orders (plan-order.ts). */
  planOrders: PlanOrderRepository;
  /** Each shipped order's parcel and the carrier's steps (order-parcel.ts). */
  shipments: OrderShipmentRepository;
}

/** The marketplace module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type MarketplaceScope = { marketplace: MarketplaceRepositories };

// ---------------------------------------------------------------------------------------------------------------------
// The back office's product port (core/marketplace/product-admin.ts; adapters/db/repos/catalogue-admin.repos.ts)

/** What the admin product list filters by (adminProductFilterSchema's output). */
export interface AdminProductFilter {
  q?: string;
  category_id?: string;
  active?: boolean;
  low_stock?: boolean;
  id?: string[];
}
/** What the admin product category list filters by (adminProductCategoryFilterSchema's output). */
export interface AdminProductCategoryFilter {
  q?: string;
  active?: boolean;
  id?: string[];
}
/** The marketplace overview of the back office (marketplaceOverviewSchema's output). */
export interface MarketplaceOverview {
  products: { active: number; inactive: number; low_stock: number; sold_out: number };
  low_stock_threshold: number;
  low_stock: Array<{ id: string; name: string; slug: string; stock_quantity: number; active: boolean }>;
  orders_today: Record<OrderStatus, number>;
  orders_month: Record<OrderStatus, number>;
  sales_month: { count: number; amount: number };
}

export type ProductAdminRow = ProductWithCategory;
export type ProductCategoryAdminRow = ProductCategoryRecord & { products_count: number };
type ProductAdminWrite = Omit<ProductWithCategory, 'id' | 'created_at' | 'updated_at' | 'category'> & { search_text: string };
type ProductCategoryWrite = Omit<ProductCategoryRecord, 'id'>;

export interface ProductAdminRepository {
  list(query: ListQuery<AdminProductFilter & { lowStockThreshold: number }>): Promise<{ items: ProductAdminRow[]; total: number }>;
  /** SELECT … FOR UPDATE (inside a transaction): the before of an audited change. */
  lock(id: string): Promise<ProductAdminRow | null>;
  /** 409 `slug_taken` when the slug belongs to another product. */
  create(product: ProductAdminWrite): Promise<ProductAdminRow>;
  update(id: string, product: ProductAdminWrite): Promise<ProductAdminRow | null>;
  setActive(id: string, active: boolean): Promise<ProductAdminRow | null>;
  listCategories(query: ListQuery<AdminProductCategoryFilter>): Promise<{ items: ProductCategoryAdminRow[]; total: number }>;
  findCategory(id: string, options?: { lock?: boolean }): Promise<ProductCategoryAdminRow | null>;
  /** 409 `slug_taken` when the slug belongs to another category. */
  createCategory(category: ProductCategoryWrite): Promise<ProductCategoryAdminRow>;
  updateCategory(id: string, category: ProductCategoryWrite): Promise<ProductCategoryAdminRow | null>;
  deleteCategory(id: string): Promise<boolean>;
  overview(input: { lowStockThreshold: number; today: { from: Date; to: Date }; month: { from: Date; to: Date }; lowStockLimit: number }): Promise<MarketplaceOverview>;
}

// ---------------------------------------------------------------------------------------------------------------------
// Plan orders (core/marketplace/plan-order.ts; adapters/db/repos/plan-orders.repo.ts)

export type OrderSource = 'cart' | 'plan';

/** The plan's line of a plan order (the plan, its price, one unit). */
export interface PlanOrderLine {
  plan_id: string;
  product_name: string;
  image_url: string | null;
  unit_price: number;
  quantity: 1;
  subtotal: number;
}

export interface PlanOrderDraft {
  order: NewOrder & { source: 'plan'; voucher_id: string; status: 'paid'; paid_at: Date; shipping_amount: 0 };
  item: PlanOrderLine;
}

/** Persistence of plan orders (adapters/db/repos/plan-orders.repo.ts). */
export interface PlanOrderRepository {
  findByVoucher(voucherId: string): Promise<OrderRecord | null>;
  /**
   * Inserts the order and its line unless the voucher already has one (the unique index on voucher_id decides between
   * concurrent calls); `created` is false when it existed, and then the existing order is answered.
   */
  createIfAbsent(draft: PlanOrderDraft): Promise<{ order: OrderRecord; created: boolean }>;
  /** The plan lines of an order (empty for a cart order). */
  lines(orderId: string): Promise<Array<PlanOrderLine & { id: string }>>;
}
