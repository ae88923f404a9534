// An anonymous visitor's cart (docs/product/spec.md §6): localStorage `turma_cart`, docs/product/spec.md §3's in-memory items.
// Read defensively (another version of the app, or a hand edit, may have written it).
import type { CartItem } from './cart-lines';

export const CART_STORAGE_KEY = 'turma_cart';

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function isItem(v: unknown): v is CartItem {
  if (!v || typeof v !== 'object') return false;
  const i = v as Record<string, unknown>;
  return (
    typeof i.id === 'string' &&
    i.id.length > 0 &&
    typeof i.name === 'string' &&
    isCount(i.price) &&
    isCount(i.quantity) &&
    i.quantity >= 1 &&
    (i.image_url === null || typeof i.image_url === 'string') &&
    (i.stock_quantity === null || isCount(i.stock_quantity)) &&
    (i.item_type === 'product' ? i.plan_id === null : i.item_type === 'plan' && typeof i.plan_id === 'string')
  );
}

export function readLocalCart(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value) ? value.filter(isItem) : [];
  } catch {
    return [];
  }
}

export function writeLocalCart(items: readonly CartItem[]) {
  try {
    if (items.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage blocked: the cart lasts for this page only.
  }
}
