// The cart model on top of core/cart/cart-rules.ts: the change request a client sends, the login merge, and the
// difference between two carts (what the server writes instead of the spec's delete-all + insert-all).
import { z } from 'zod';
import { addToCart, type CartItem } from './cart-rules';

/** Largest quantity of one line a request may ask for (stock caps real products far below it). */
export const MAX_LINE_QUANTITY = 999;
/** Most lines one PATCH or merge may carry. */
export const MAX_CART_LINES = 100;

const QUANTITY_MESSAGE = `Quantidade deve ser um número inteiro entre 0 e ${MAX_LINE_QUANTITY}`;

/**
 * One line of `PATCH /api/cart` or `POST /api/cart/merge`: which item and the quantity wanted (0 removes). Anything
 * else a client sends — a price, a name — is dropped here: the server takes those from the catalogue.
 */
export const cartLineChangeSchema = z
  .object({
    item_type: z.enum(['product', 'plan'], { message: 'Tipo de item inválido (product ou plan)' }),
    product_id: z.uuid({ message: 'Produto inválido' }).nullish(),
    plan_id: z.uuid({ message: 'Plano inválido' }).nullish(),
    quantity: z.number({ message: QUANTITY_MESSAGE }).int({ message: QUANTITY_MESSAGE }).min(0, { message: QUANTITY_MESSAGE }).max(MAX_LINE_QUANTITY, { message: QUANTITY_MESSAGE }),
  })
  .superRefine((line, ctx) => {
    if (line.item_type === 'product' && (!line.product_id || line.plan_id)) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'Um produto precisa de product_id (e não de plan_id)' });
    }
    if (line.item_type === 'plan' && (!line.plan_id || line.product_id)) {
      ctx.addIssue({ code: 'custom', path: ['plan_id'], message: 'Um plano precisa de plan_id (e não de product_id)' });
    }
  })
  .transform((line) => ({ item_type: line.item_type, item_id: (line.item_type === 'product' ? line.product_id : line.plan_id)!, quantity: line.quantity }));
export type CartLineChangeInput = z.input<typeof cartLineChangeSchema>;
export type CartLineChange = z.output<typeof cartLineChangeSchema>;

export const cartPatchSchema = z.object({
  lines: z.array(cartLineChangeSchema, { message: 'Envie as linhas do carrinho em "lines"' }).max(MAX_CART_LINES, { message: `No máximo ${MAX_CART_LINES} linhas por vez` }),
});
export type CartPatchInput = z.input<typeof cartPatchSchema>;

/** The key of a line: one line per product and one per plan. */
export const lineKey = (line: { item_type: string; id: string }) => `${line.item_type}:${line.id}`;

/**
 * At login the browser's cart joins the server's (docs/product/spec.md §6): quantities of the same item are added, then capped
 * at the known stock; plans are not capped; a sold-out product from the browser is not added. The server's lines
 * carry the freshest catalogue snapshot, so an item on both sides keeps the server's name, price and stock.
 */
export function mergeCarts(server: readonly CartItem[], local: readonly CartItem[]): CartItem[] {
  let items: CartItem[] = [...server];
  for (const incoming of local) {
    if (!Number.isInteger(incoming.quantity) || incoming.quantity < 1) continue;
    const existing = items.find((i) => i.id === incoming.id && i.item_type === incoming.item_type);
    const { quantity: _ignored, ...snapshot } = existing ?? incoming;
    items = addToCart(items, snapshot, incoming.quantity).items;
  }
  return items;
}

export interface CartDiffLine {
  item_type: 'product' | 'plan';
  id: string;
  quantity: number;
}

export interface CartDiff {
  /** New lines and lines whose quantity changed. */
  upserts: CartDiffLine[];
  /** Lines gone from the cart. */
  deletes: Array<Pick<CartDiffLine, 'item_type' | 'id'>>;
}

/** The rows to write to go from `before` to `after`: nothing for a line that did not change. */
export function diffCart(before: readonly CartDiffLine[], after: readonly CartDiffLine[]): CartDiff {
  const old = new Map(before.map((l) => [lineKey(l), l]));
  const kept = new Set(after.map(lineKey));
  const upserts = after.filter((l) => old.get(lineKey(l))?.quantity !== l.quantity).map(({ item_type, id, quantity }) => ({ item_type, id, quantity }));
  const deletes = before.filter((l) => !kept.has(lineKey(l))).map(({ item_type, id }) => ({ item_type, id }));
  return { upserts, deletes };
}

/** The same difference as the `lines` of a `PATCH /api/cart` (deletes as quantity 0), for a client that syncs. */
export function cartChangesBetween(before: readonly CartDiffLine[], after: readonly CartDiffLine[]): CartLineChangeInput[] {
  const { upserts, deletes } = diffCart(before, after);
  const toLine = (l: { item_type: 'product' | 'plan'; id: string }, quantity: number): CartLineChangeInput =>
    l.item_type === 'product' ? { item_type: 'product', product_id: l.id, quantity } : { item_type: 'plan', plan_id: l.id, quantity };
  return [...upserts.map((l) => toLine(l, l.quantity)), ...deletes.map((l) => toLine(l, 0))];
}
