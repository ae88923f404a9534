// The server cart of a signed-in user (docs/api.md): read, change by difference, merge at login.
// Shapes come from core (type-only imports: no server code, and no zod, reaches the entry chunk).
import type { CartLineChangeInput } from '../../../core/marketplace/cart';
import type { CartApplyResult, CartLineView, CartView } from '../../../core/marketplace/cart.service';
import { api } from '../api';

export type { CartLineChangeInput, CartLineView, CartView };

export const cartApi = {
  get: () => api.get<CartView>('/api/cart'),
  /** Each line sets one item's quantity (0 removes); the answer is the authoritative cart. */
  patch: (lines: CartLineChangeInput[]) => api.patch<CartApplyResult>('/api/cart', { lines }),
  /** At login: the browser's cart joins the stored one (quantities added, then capped). */
  merge: (lines: CartLineChangeInput[]) => api.post<CartApplyResult>('/api/cart/merge', { lines }),
};
