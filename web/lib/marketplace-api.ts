// The marketplace endpoints of docs/api.md, typed from core (type-only imports: no server code and no
// zod reach the bundle): catalogue (anyone), orders (signed in, own only).
import type { OrderService, OrderSummary as CoreOrderSummary } from '../../core/marketplace/order.service';
import type { OrderAddressInput, OrderStatus } from '../../core/marketplace/order-rules';
import type { ProductSort, PublicProduct, StockState } from '../../core/marketplace/product-schemas';
import type { ShippingQuoteResult } from '../../core/shipping';
import { api, type ListResponse } from './api';

export type Product = PublicProduct;
export type { OrderStatus, ProductSort, StockState };
export type OrderSummary = CoreOrderSummary;
export type OrderDetails = Awaited<ReturnType<OrderService['get']>>;
export type ShippingQuote = ShippingQuoteResult;
export type ShippingOption = ShippingQuoteResult['options'][number];

export interface ProductCategory {
  id: string;
  name: string;
  slug: string;
  description: string | null;
}

export interface ProductQuery {
  category?: string | null;
  q?: string | null;
  sort?: ProductSort;
  page?: number;
  per_page?: number;
}

export const PRODUCT_SORTS: readonly ProductSort[] = ['newest', 'price_asc', 'price_desc'];
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled', 'refunded'];

// The catalogue is public: a 401 there is not a lost session.
const open = { redirectOnUnauthorized: false } as const;

export const marketplaceApi = {
  categories: (signal?: AbortSignal) => api.get<ListResponse<ProductCategory>>('/api/product-categories', { ...open, signal }),
  products: (query: ProductQuery, signal?: AbortSignal) =>
    api.get<ListResponse<Product>>('/api/products', { ...open, signal, query: { ...query, category: query.category || undefined, q: query.q || undefined } }),
  product: (id: string, signal?: AbortSignal) => api.get<Product>(`/api/products/${encodeURIComponent(id)}`, { ...open, signal }),
  /** The server prices the chosen freight option again; only its id is sent. */
  createOrder: (address: OrderAddressInput, shippingOptionId?: string | null) =>
    api.post<OrderDetails>('/api/orders', { address, ...(shippingOptionId ? { shipping_option_id: shippingOptionId } : {}) }),
  /** Freight options for a product (the product page) or the caller's cart (the checkout) to a CEP. */
  shippingQuote: (cep: string, productId: string, quantity: number, signal?: AbortSignal) =>
    api.get<ShippingQuote>('/api/shipping/quote', { ...open, signal, query: { cep, product_id: productId, quantity } }),
  cartShipping: (cep: string, signal?: AbortSignal) => api.get<ShippingQuote>('/api/cart/shipping', { signal, query: { cep } }),
  orders: (page: number, perPage: number, signal?: AbortSignal) => api.get<ListResponse<OrderSummary>>('/api/orders', { signal, query: { page, per_page: perPage } }),
  order: (id: string, signal?: AbortSignal) => api.get<OrderDetails>(`/api/orders/${encodeURIComponent(id)}`, { signal }),
  /** CDC art. 49: ask to return a delivered order within 7 days of delivery. */
  requestReturn: (id: string, reason: string) => api.post<OrderDetails>(`/api/orders/${encodeURIComponent(id)}/return`, { reason }),
  /** docs/product/spec.md §7: at most the 5 newest pending orders that have a payment. */
  pendingPayments: (signal?: AbortSignal) => api.get<ListResponse<OrderSummary>>('/api/orders/pending-payments', { signal }),
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
