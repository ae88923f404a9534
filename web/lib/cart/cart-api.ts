// The server cart of a signed-in user (docs/api.md): read, change by difference, merge at login.
// Shapes come from the API description (web/lib/api-client.ts).
import { apiClient, call } from '../api';
import type { ApiAnswer, ApiBody } from '../api-client';

export type CartView = ApiAnswer<'/api/cart', 'get'>;
export type CartLineView = CartView['items'][number];
export type CartLineChangeInput = ApiBody<'/api/cart', 'patch'>['lines'][number];

export const cartApi = {
  get: () => call(apiClient.GET('/api/cart')),
  /** Each line sets one item's quantity (0 removes); the answer is the authoritative cart. */
  patch: (lines: CartLineChangeInput[]) => call(apiClient.PATCH('/api/cart', { body: { lines } })),
  /** At login: the browser's cart joins the stored one (quantities added, then capped). */
  merge: (lines: CartLineChangeInput[]) => call(apiClient.POST('/api/cart/merge', { body: { lines } })),
};
