// The cart's lines in the browser: docs/product/spec.md §3's in-memory item (what core's rules work on) plus what
// only the server knows (availability, stock state), and the conversions between the three shapes:
// the item the rules take, the line the server answers, and the change a request carries.
import type { CartItem } from '../../../core/marketplace/cart-rules';
import type { CartDiffLine } from '../../../core/marketplace/cart';
import type { StockState } from '../../../core/marketplace/product-schemas';
import type { CartLineChangeInput, CartLineView } from './cart-api';

export type { CartItem };

const lineKey = (l: Pick<CartDiffLine, 'item_type' | 'id'>) => `${l.item_type}:${l.id}`;

export interface CartLine extends CartItem {
  /** False for a sold-out or withdrawn item: shown flagged, left out of the totals and the order. */
  available: boolean;
  stock_state: StockState;
  /** The server lowered the quantity to the stock left. */
  capped: boolean;
}

/** Stock state as the catalogue computes it (core/marketplace/product-schemas: 'low' from 3 left down). */
export function stockStateOf(stock: number | null): StockState {
  if (stock === null) return 'available';
  if (stock <= 0) return 'sold_out';
  return stock <= 3 ? 'low' : 'available';
}

/** A line the rules produced, keeping what the server last said about it while its quantity stands. */
export function fromItem(item: CartItem, previous?: CartLine): CartLine {
  const state = item.item_type === 'product' ? stockStateOf(item.stock_quantity) : 'available';
  const same = previous !== undefined && previous.quantity === item.quantity;
  return {
    ...item,
    available: state !== 'sold_out' && (previous?.available ?? true),
    stock_state: state,
    capped: same ? previous.capped : false,
  };
}

export function fromView(line: CartLineView): CartLine {
  return {
    id: line.id,
    name: line.product_name,
    price: line.product_price,
    quantity: line.quantity,
    image_url: line.product_image_url,
    stock_quantity: line.stock_quantity,
    item_type: line.item_type,
    plan_id: line.plan_id,
    available: line.available,
    stock_state: line.stock_state,
    // An available line with a reason is one the server lowered to the stock left ('Só restam 2 unidades').
    capped: line.available && line.reason !== null,
  };
}

/** Just docs/product/spec.md §3's fields (what local storage keeps). */
export function toItem(line: CartLine): CartItem {
  const { id, name, price, quantity, image_url, stock_quantity, item_type, plan_id } = line;
  return { id, name, price, quantity, image_url, stock_quantity, item_type, plan_id };
}

export const toDiffLine = (line: Pick<CartLine, 'item_type' | 'id' | 'quantity'>): CartDiffLine => ({ item_type: line.item_type, id: line.id, quantity: line.quantity });

export function toChange(line: Pick<CartLine, 'item_type' | 'id' | 'quantity'>): CartLineChangeInput {
  return line.item_type === 'product'
    ? { item_type: 'product', product_id: line.id, quantity: line.quantity }
    : { item_type: 'plan', plan_id: line.id, quantity: line.quantity };
}

/** Units in the available lines (the header badge). */
export const countOf = (lines: readonly CartLine[]) => lines.reduce((sum, l) => sum + (l.available ? l.quantity : 0), 0);

/** Price × quantity of the available lines (core's lineSubtotal, without importing the rules module). */
export const totalOf = (lines: readonly CartLine[], type?: CartLine['item_type']) =>
  lines.reduce((sum, l) => sum + (l.available && (!type || l.item_type === type) ? l.price * l.quantity : 0), 0);

/** `now` minus what was already sent (a merge answered while the visitor kept adding): what is left to send. */
export function subtractLines(now: readonly CartItem[], sent: readonly CartItem[]): CartItem[] {
  const sentQty = new Map(sent.map((l) => [lineKey(l), l.quantity]));
  return now
    .map((l) => ({ ...l, quantity: l.quantity - (sentQty.get(lineKey(l)) ?? 0) }))
    .filter((l) => l.quantity > 0);
}

/** Same lines with the same quantities (nothing left to send). */
export function sameQuantities(a: readonly CartDiffLine[], b: readonly CartDiffLine[]): boolean {
  if (a.length !== b.length) return false;
  const quantities = new Map(a.map((l) => [lineKey(l), l.quantity]));
  return b.every((l) => quantities.get(lineKey(l)) === l.quantity);
}
