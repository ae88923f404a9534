// Cart rules shared by the browser cart and the server cart (docs/product/spec.md §3 in-memory item, §5 validation, §9 sync delay).
import { z } from 'zod';
import { invalid } from '../shared/errors';
import type { Cents } from '../shared/money';

/** Debounce before the whole cart is written to the server after a change (docs/product/spec.md §9). */
export const CART_SYNC_DELAY_MS = 100;

export const CART_MIN_QUANTITY = 1;
const MIN_QUANTITY_MESSAGE = 'Quantidade mínima é 1';

export const cartItemSchema = z
  .object({
    id: z.string().min(1, { error: 'Item sem identificador' }),
    name: z.string(),
    price: z.int({ error: 'Preço deve ser um número inteiro de centavos' }).min(0, { error: 'Preço não pode ser negativo' }),
    quantity: z.int({ error: 'Quantidade deve ser um número inteiro' }).min(CART_MIN_QUANTITY, { error: MIN_QUANTITY_MESSAGE }),
    image_url: z.string().nullable(),
    stock_quantity: z.int({ error: 'Estoque deve ser um número inteiro' }).min(0, { error: 'Estoque não pode ser negativo' }).nullable(),
    item_type: z.enum(['product', 'plan']),
    plan_id: z.string().min(1).nullable(),
  })
  // Mirrors the shopping_cart row (docs/product/spec.md §3): a plan line points at its plan, a product line never does.
  .refine((item) => (item.item_type === 'plan') === (item.plan_id !== null), {
    error: 'plan_id é obrigatório para planos e proibido para produtos',
    path: ['plan_id'],
  });

export type CartItem = z.infer<typeof cartItemSchema>;

/** What the caller hands to addToCart: a catalogue snapshot; its own quantity, if any, is ignored. */
export type CartItemInput = Omit<CartItem, 'quantity'> & { quantity?: number };

export type CartOutcome = 'added' | 'updated' | 'capped' | 'refused' | 'removed' | 'unchanged';

/** `items` is always a new array, so callers can hand it to state setters; `outcome` says whether to toast or sync. */
export interface CartChange {
  items: CartItem[];
  outcome: CartOutcome;
}

/** Stock only limits products whose stock is known; plans are group places, not inventory (docs/product/spec.md §5). */
function stockLimit(item: Pick<CartItem, 'item_type' | 'stock_quantity'>): number | null {
  return item.item_type === 'product' && item.stock_quantity !== null ? Math.max(0, item.stock_quantity) : null;
}

function replaceLine(items: readonly CartItem[], line: CartItem): CartItem[] {
  return items.map((i) => (i.id === line.id ? line : i));
}

function assertWholeQuantity(quantity: number): void {
  if (!Number.isInteger(quantity)) {
    throw invalid('invalid_quantity', 'Quantidade inválida', { quantity: 'Quantidade inválida' });
  }
}

export function addToCart(items: readonly CartItem[], item: CartItemInput, quantity = 1): CartChange {
  if (!Number.isInteger(quantity) || quantity < CART_MIN_QUANTITY) {
    throw invalid('invalid_quantity', MIN_QUANTITY_MESSAGE, { quantity: MIN_QUANTITY_MESSAGE });
  }
  const existing = items.find((i) => i.id === item.id);
  const current = existing?.quantity ?? 0;
  const wanted = current + quantity;
  // The incoming item is the freshest catalogue snapshot, so its stock is the one that caps.
  const limit = stockLimit(item);
  const next = limit === null ? wanted : Math.min(wanted, limit);

  if (next <= 0 || next === current) return { items: [...items], outcome: 'refused' };

  const line: CartItem = { ...existing, ...item, quantity: next };
  const nextItems = existing ? replaceLine(items, line) : [...items, line];
  const outcome: CartOutcome = next < wanted ? 'capped' : existing ? 'updated' : 'added';
  return { items: nextItems, outcome };
}

export function incrementItem(items: readonly CartItem[], id: string): CartChange {
  const line = items.find((i) => i.id === id);
  if (!line) return { items: [...items], outcome: 'unchanged' };
  const limit = stockLimit(line);
  if (limit !== null && line.quantity + 1 > limit) return { items: [...items], outcome: 'refused' };
  return { items: replaceLine(items, { ...line, quantity: line.quantity + 1 }), outcome: 'updated' };
}

export function decrementItem(items: readonly CartItem[], id: string): CartChange {
  const line = items.find((i) => i.id === id);
  if (!line) return { items: [...items], outcome: 'unchanged' };
  if (line.quantity - 1 <= 0) return removeItem(items, id);
  return { items: replaceLine(items, { ...line, quantity: line.quantity - 1 }), outcome: 'updated' };
}

export function setItemQuantity(items: readonly CartItem[], id: string, quantity: number): CartChange {
  assertWholeQuantity(quantity);
  const line = items.find((i) => i.id === id);
  if (!line) return { items: [...items], outcome: 'unchanged' };
  if (quantity <= 0) return removeItem(items, id);

  const limit = stockLimit(line);
  const next = limit === null ? quantity : Math.min(quantity, limit);
  // Out of stock: removing the line behind the user's back would be a surprise, so the request is refused.
  if (next <= 0) return { items: [...items], outcome: 'refused' };
  const outcome: CartOutcome = next < quantity ? 'capped' : next === line.quantity ? 'unchanged' : 'updated';
  if (next === line.quantity) return { items: [...items], outcome };
  return { items: replaceLine(items, { ...line, quantity: next }), outcome };
}

export function removeItem(items: readonly CartItem[], id: string): CartChange {
  const kept = items.filter((i) => i.id !== id);
  return { items: kept, outcome: kept.length === items.length ? 'unchanged' : 'removed' };
}

export function lineSubtotal(item: Pick<CartItem, 'price' | 'quantity'>): Cents {
  return item.price * item.quantity;
}

export function cartTotal(items: readonly CartItem[]): Cents {
  return items.reduce((sum, i) => sum + lineSubtotal(i), 0);
}

export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}
