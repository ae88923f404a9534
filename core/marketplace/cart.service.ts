// The signed-in user's cart on the server (docs/product/spec.md §6): read with current catalogue data, changed by difference in
// one transaction, merged with the browser's cart at login. Prices, names and stock always come from the catalogue.
import { addToCart, setItemQuantity, type CartItem, type CartOutcome } from './cart-rules';
import type { CartCatalogItem, CartItemType, CartLineKey, CartLineWithItem } from './ports';
import { conflict } from '../shared/errors';
import { MAX_CART_LINES, cartPatchSchema, diffCart, lineKey, mergeCarts, type CartDiffLine, type CartLineChange, type CartPatchInput } from './cart';
import { stockState, type StockState } from './product-schemas';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { MarketplaceScope } from './ports';

/** The cart reads and writes marketplace tables only. */
type CartScope = MarketplaceScope;

/** One line as the API answers it (docs/product/spec.md §3 shopping_cart line, plus availability). */
export interface CartLineView {
  /** The item's id (product_id or plan_id): the `id` of core/cart's CartItem. */
  id: string;
  item_type: CartItemType;
  product_id: string | null;
  plan_id: string | null;
  product_name: string;
  product_price: number;
  product_image_url: string | null;
  quantity: number;
  stock_quantity: number | null;
  stock_state: StockState;
  /** price × quantity; 0 for an unavailable line, which does not count in the total. */
  subtotal: number;
  available: boolean;
  /** Why a line is unavailable or was adjusted ('Esgotado', 'Produto indisponível', 'Só restam 2 unidades'). */
  reason: string | null;
}

export interface CartView {
  items: CartLineView[];
  /** Sum of the available lines' subtotals. */
  total: number;
  /** What an order of the cart's products would charge (plans are paid through their group). */
  products_total: number;
  /** Units in the available lines (the header badge). */
  count: number;
}

export interface CartChangeReport {
  item_type: CartItemType;
  id: string;
  outcome: CartOutcome;
  reason: string | null;
}

export interface CartApplyResult extends CartView {
  changes: CartChangeReport[];
  /** Rows the change wrote (upserts + deletes): what the difference saves over a full replace. */
  rows_written: number;
}

/** A line of the cart while it is being worked on: the stored quantity and the catalogue item behind it. */
interface WorkingLine {
  item_type: CartItemType;
  id: string;
  quantity: number;
  item: CartCatalogItem | null;
  reason: string | null;
}

const unavailableReason = (type: CartItemType) => (type === 'product' ? 'Produto indisponível' : 'Plano indisponível');

function toCartItem(line: { item_type: CartItemType; id: string; quantity: number }, item: CartCatalogItem): CartItem {
  return {
    id: line.id,
    name: item.name,
    price: item.price,
    quantity: line.quantity,
    image_url: item.image_url,
    stock_quantity: item.item_type === 'product' ? item.stock_quantity : null,
    item_type: line.item_type,
    plan_id: line.item_type === 'plan' ? line.id : null,
  };
}

const isUsable = (l: WorkingLine): l is WorkingLine & { item: CartCatalogItem } => l.item !== null && l.item.active;

function toCartView(lines: readonly WorkingLine[]): CartView {
  const items = lines.map((l): CartLineView => {
    const stock = l.item?.item_type === 'product' ? l.item.stock_quantity : null;
    const soldOut = l.item_type === 'product' && stock !== null && stock <= 0;
    const available = isUsable(l) && !soldOut;
    return {
      id: l.id,
      item_type: l.item_type,
      product_id: l.item_type === 'product' ? l.id : null,
      plan_id: l.item_type === 'plan' ? l.id : null,
      product_name: l.item?.name ?? unavailableReason(l.item_type),
      product_price: l.item?.price ?? 0,
      product_image_url: l.item?.image_url ?? null,
      quantity: l.quantity,
      stock_quantity: stock,
      stock_state: l.item_type === 'product' ? stockState(stock) : 'available',
      subtotal: available ? l.item!.price * l.quantity : 0,
      available,
      reason: !isUsable(l) ? unavailableReason(l.item_type) : soldOut ? 'Esgotado' : l.reason,
    };
  });
  const usable = items.filter((i) => i.available);
  return {
    items,
    total: usable.reduce((s, i) => s + i.subtotal, 0),
    products_total: usable.filter((i) => i.item_type === 'product').reduce((s, i) => s + i.subtotal, 0),
    count: usable.reduce((s, i) => s + i.quantity, 0),
  };
}

const toWorking = (l: CartLineWithItem): WorkingLine => ({ item_type: l.item_type, id: l.item_id, quantity: l.quantity, item: l.item, reason: null });
const toDiffLine = (l: WorkingLine): CartDiffLine => ({ item_type: l.item_type, id: l.id, quantity: l.quantity });
const cappedReason = (stock: number) => (stock === 1 ? 'Só resta 1 unidade' : `Só restam ${stock} unidades`);

/** A stored quantity above the stock left (someone bought the rest) comes down to it; sold-out lines stay, flagged. */
function capToStock(lines: WorkingLine[]): WorkingLine[] {
  return lines.map((l) => {
    const stock = l.item?.item_type === 'product' ? l.item.stock_quantity : null;
    if (stock === null || stock <= 0 || l.quantity <= stock) return l;
    return { ...l, quantity: stock, reason: cappedReason(stock) };
  });
}

export class CartService {
  constructor(private readonly uow: UnitOfWork<CartScope>) {}

  /** GET /api/cart: the stored lines with today's prices; a quantity above the stock left is lowered (and saved). */
  async get(userId: string): Promise<CartView> {
    const stored = (await this.uow.repos.marketplace.cart.listForUser(userId)).map(toWorking);
    const capped = capToStock(stored);
    const diff = diffCart(stored.map(toDiffLine), capped.map(toDiffLine));
    if (diff.upserts.length === 0) return toCartView(capped);
    return this.uow.run(async (tx) => {
      const current = (await tx.marketplace.cart.listForUser(userId, { lock: true })).map(toWorking);
      const lowered = capToStock(current);
      await this.write(tx, userId, current, lowered);
      return toCartView(lowered);
    });
  }

  /**
   * PATCH /api/cart: each line sets the quantity of one item (0 removes it); lines not mentioned stay as they are.
   * The docs/product/spec.md §5 rules decide (cap at stock, refuse a sold-out product, plans never capped); only the rows that
   * change are written, in one transaction.
   */
  async apply(userId: string, raw: CartPatchInput | unknown): Promise<CartApplyResult> {
    const { lines: changes } = cartPatchSchema.parse(raw);
    return this.uow.run(async (tx) => {
      const before = (await tx.marketplace.cart.listForUser(userId, { lock: true })).map(toWorking);
      const current = capToStock(before);
      const catalog = await this.catalogFor(tx, current, changes);
      const reports: CartChangeReport[] = [];
      let working = current;
      for (const change of lastPerItem(changes)) {
        const { lines, report } = applyChange(working, change, catalog.get(lineKey({ item_type: change.item_type, id: change.item_id })) ?? null);
        working = lines;
        reports.push(report);
      }
      const written = await this.write(tx, userId, before, working);
      return { ...toCartView(working), changes: reports, rows_written: written };
    });
  }

  /** POST /api/cart/merge: the browser's cart joins the stored one at login (quantities added, then capped). */
  async merge(userId: string, raw: CartPatchInput | unknown): Promise<CartApplyResult> {
    const { lines: local } = cartPatchSchema.parse(raw);
    return this.uow.run(async (tx) => {
      const before = (await tx.marketplace.cart.listForUser(userId, { lock: true })).map(toWorking);
      const current = capToStock(before);
      const catalog = await this.catalogFor(tx, current, local);
      const usable = current.filter(isUsable);
      const localItems: CartItem[] = [];
      for (const l of lastPerItem(local)) {
        const item = catalog.get(lineKey({ item_type: l.item_type, id: l.item_id }));
        if (l.quantity > 0 && item?.active) localItems.push(toCartItem({ item_type: l.item_type, id: l.item_id, quantity: l.quantity }, item));
      }
      const merged = mergeCarts(usable.map((l) => toCartItem(l, l.item)), localItems);
      const mergedByKey = new Map(merged.map((i) => [lineKey(i), i]));
      const localQuantity = new Map(localItems.map((i) => [lineKey(i), i.quantity]));
      const wasStored = new Set(current.map(lineKey));
      // Unavailable stored lines stay (flagged); usable ones take the merged quantity; new ones are appended.
      const after: WorkingLine[] = current.map((l) => {
        const m = mergedByKey.get(lineKey(l));
        if (!m || !localQuantity.has(lineKey(l))) return l;
        const wanted = l.quantity + localQuantity.get(lineKey(l))!;
        return { ...l, quantity: m.quantity, reason: m.quantity < wanted ? cappedReason(m.quantity) : l.reason };
      });
      for (const m of merged) {
        if (wasStored.has(lineKey(m))) continue;
        const wanted = localQuantity.get(lineKey(m)) ?? m.quantity;
        after.push({ item_type: m.item_type, id: m.id, quantity: m.quantity, item: catalog.get(lineKey(m))!, reason: m.quantity < wanted ? cappedReason(m.quantity) : null });
      }
      const written = await this.write(tx, userId, before, after);
      const reports = lastPerItem(local).map((l): CartChangeReport => {
        const key = lineKey({ item_type: l.item_type, id: l.item_id });
        const line = localQuantity.has(key) ? after.find((a) => lineKey(a) === key) : undefined;
        if (!line) {
          const item = catalog.get(key);
          return { item_type: l.item_type, id: l.item_id, outcome: 'refused', reason: !item?.active ? unavailableReason(l.item_type) : 'Esgotado' };
        }
        const outcome: CartOutcome = line.reason ? 'capped' : wasStored.has(key) ? 'updated' : 'added';
        return { item_type: l.item_type, id: l.item_id, outcome, reason: line.reason };
      });
      return { ...toCartView(after), changes: reports, rows_written: written };
    });
  }

  /** Writes only the difference between what is stored and what the cart should hold; returns rows written. */
  private async write(tx: CartScope, userId: string, stored: readonly WorkingLine[], after: readonly WorkingLine[]): Promise<number> {
    if (after.length > MAX_CART_LINES && after.length > stored.length) {
      throw conflict('cart_full', `O carrinho pode ter no máximo ${MAX_CART_LINES} itens diferentes.`);
    }
    const { upserts, deletes } = diffCart(stored.map(toDiffLine), after.map(toDiffLine));
    const keys = (ls: Array<{ item_type: CartItemType; id: string }>): CartLineKey[] => ls.map((l) => ({ item_type: l.item_type, item_id: l.id }));
    let written = 0;
    if (deletes.length) written += await tx.marketplace.cart.delete(userId, keys(deletes));
    if (upserts.length) written += await tx.marketplace.cart.upsert(userId, upserts.map((u) => ({ item_type: u.item_type, item_id: u.id, quantity: u.quantity })));
    return written;
  }

  /** Catalogue items for the lines in the cart and those the request brings (one query per item type). */
  private async catalogFor(tx: CartScope, current: readonly WorkingLine[], changes: readonly CartLineChange[]) {
    const catalog = new Map<string, CartCatalogItem>();
    for (const l of current) if (l.item) catalog.set(lineKey(l), l.item);
    const missing = changes.filter((c) => !catalog.has(lineKey({ item_type: c.item_type, id: c.item_id })));
    if (missing.length) {
      for (const item of await tx.marketplace.cart.catalogItems(missing.map((c) => ({ item_type: c.item_type, item_id: c.item_id })))) {
        catalog.set(lineKey({ item_type: item.item_type, id: item.item_id }), item);
      }
    }
    return catalog;
  }
}

/** A request naming the same item twice: the last line wins (as if applied in order). */
function lastPerItem(changes: readonly CartLineChange[]): CartLineChange[] {
  const byKey = new Map<string, CartLineChange>();
  for (const c of changes) {
    const key = lineKey({ item_type: c.item_type, id: c.item_id });
    byKey.delete(key);
    byKey.set(key, c);
  }
  return [...byKey.values()];
}

/** One change through the cart rules: set an existing line's quantity, add a new one, or remove (quantity 0). */
function applyChange(lines: WorkingLine[], change: CartLineChange, item: CartCatalogItem | null): { lines: WorkingLine[]; report: CartChangeReport } {
  const key = lineKey({ item_type: change.item_type, id: change.item_id });
  const index = lines.findIndex((l) => lineKey(l) === key);
  const existing = index >= 0 ? lines[index]! : null;
  const report = (outcome: CartOutcome, reason: string | null = null): CartChangeReport => ({ item_type: change.item_type, id: change.item_id, outcome, reason });

  if (change.quantity === 0) {
    return existing ? { lines: lines.filter((_, i) => i !== index), report: report('removed') } : { lines, report: report('unchanged') };
  }
  if (!item || !item.active) return { lines, report: report('refused', unavailableReason(change.item_type)) };

  const line = { item_type: change.item_type, id: change.item_id, quantity: existing?.quantity ?? 0 };
  if (existing) {
    const result = setItemQuantity([toCartItem(line, item)], change.item_id, change.quantity);
    const next = result.items[0]!;
    const reason = result.outcome === 'capped' ? cappedReason(next.stock_quantity ?? next.quantity) : result.outcome === 'refused' ? 'Esgotado' : null;
    const updated = { ...existing, item, quantity: next.quantity, reason };
    return { lines: lines.map((l, i) => (i === index ? updated : l)), report: report(result.outcome, reason) };
  }
  const { quantity: _none, ...snapshot } = toCartItem({ ...line, quantity: 1 }, item);
  const result = addToCart([], snapshot, change.quantity);
  const added = result.items[0];
  if (!added) return { lines, report: report('refused', 'Esgotado') };
  const reason = result.outcome === 'capped' ? cappedReason(added.quantity) : null;
  return { lines: [...lines, { item_type: change.item_type, id: change.item_id, quantity: added.quantity, item, reason }], report: report(result.outcome, reason) };
}
