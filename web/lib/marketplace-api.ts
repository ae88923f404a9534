// The marketplace endpoints of docs/api.md, typed from the API description (web/lib/api-client.ts): catalogue
// (anyone), orders (signed in, own only).
import { apiClient, call } from './api';
import type { ApiAnswer, ApiBody, ApiQuery } from './api-client';

export type Product = ApiAnswer<'/api/products/{id}', 'get'>;
/** A catalogue page: `total` counted up to a ceiling (`total_capped`), and the keyset cursor of the next page. */
export type ProductPage = ApiAnswer<'/api/products', 'get'>;
export type StockState = Product['stock_state'];
export type ProductSort = NonNullable<ApiQuery<'/api/products', 'get'>['sort']>;
export type OrderSummary = ApiAnswer<'/api/orders', 'get'>['items'][number];
export type OrderStatus = OrderSummary['status'];
export type OrderDetails = ApiAnswer<'/api/orders/{id}', 'get'>;
export type OrderAddressInput = ApiBody<'/api/orders', 'post'>['address'];
export type ShippingQuote = ApiAnswer<'/api/shipping/quote', 'get'>;
export type ShippingOption = ShippingQuote['options'][number];
export type ProductCategory = ApiAnswer<'/api/product-categories', 'get'>['items'][number];

export interface ProductQuery {
  category?: string | null;
  q?: string | null;
  sort?: ProductSort;
  page?: number;
  per_page?: number;
}

export const PRODUCT_SORTS: readonly ProductSort[] = ['newest', 'price_asc', 'price_desc'];

// The catalogue is public: a 401 there is not a lost session.
const open = { redirectOnUnauthorized: false } as const;

export const marketplaceApi = {
  categories: (signal?: AbortSignal) => call(apiClient.GET('/api/product-categories', { signal }), open),
  products: (query: ProductQuery, signal?: AbortSignal) =>
    call(apiClient.GET('/api/products', { params: { query: { ...query, category: query.category || undefined, q: query.q || undefined } }, signal }), open),
  product: (id: string, signal?: AbortSignal) => call(apiClient.GET('/api/products/{id}', { params: { path: { id } }, signal }), open),
  /** The server prices the chosen freight option again; only its id is sent. */
  createOrder: (address: OrderAddressInput, shippingOptionId?: string | null) =>
    call(apiClient.POST('/api/orders', { body: { address, ...(shippingOptionId ? { shipping_option_id: shippingOptionId } : {}) } })),
  /** Freight options for a product (the product page) or the caller's cart (the checkout) to a CEP. */
  shippingQuote: (cep: string, productId: string, quantity: number, signal?: AbortSignal) =>
    call(apiClient.GET('/api/shipping/quote', { params: { query: { cep, product_id: productId, quantity } }, signal }), open),
  cartShipping: (cep: string, signal?: AbortSignal) => call(apiClient.GET('/api/cart/shipping', { params: { query: { cep } }, signal })),
  orders: (page: number, perPage: number, signal?: AbortSignal) =>
    call(apiClient.GET('/api/orders', { params: { query: { page, per_page: perPage } }, signal })),
  order: (id: string, signal?: AbortSignal) => call(apiClient.GET('/api/orders/{id}', { params: { path: { id } }, signal })),
  /** CDC art. 49: ask to return a delivered order within 7 days of delivery. */
  requestReturn: (id: string, reason: string) => call(apiClient.POST('/api/orders/{id}/return', { params: { path: { id } }, body: { reason } })),
  /** docs/product/spec.md §7: at most the 5 newest pending orders that have a payment. */
  pendingPayments: (signal?: AbortSignal) => call(apiClient.GET('/api/orders/pending-payments', { signal })),
};

export const productPath = (id: string) => `/marketplace/products/${id}`;
export const orderPath = (id: string) => `/marketplace/orders/${id}`;
export const orderPaymentPath = (orderId: string, paymentId?: string | null) =>
  `/marketplace/checkout/payment?order=${encodeURIComponent(orderId)}${paymentId ? `&payment=${encodeURIComponent(paymentId)}` : ''}`;

/** '#A1B2C3D4' (what core's orderNumber prints), for an order the client only knows by id. */
export const orderNumber = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** TanStack Query keys of the marketplace screens. */
export const marketplaceKeys = {
  categories: () => ['marketplace', 'categories'] as const,
  products: (query: ProductQuery) => ['marketplace', 'products', query] as const,
  product: (id: string) => ['marketplace', 'product', id] as const,
  services: () => ['marketplace', 'services'] as const,
  orders: (page: number, perPage: number) => ['marketplace', 'orders', page, perPage] as const,
  order: (id: string) => ['marketplace', 'order', id] as const,
  pendingPayments: () => ['marketplace', 'pending-payments'] as const,
};
