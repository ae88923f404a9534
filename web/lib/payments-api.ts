// The payment endpoints of docs/api.md, typed from the API description (web/lib/api-client.ts).
import { apiClient, call } from './api';
import type { ApiAnswer, ApiBody } from './api-client';

export type Payment = ApiAnswer<'/api/payments/{id}', 'get'>;
export type NewPayment = ApiBody<'/api/payments', 'post'>;
export type PaymentMethod = NewPayment['method'];
export type PaymentPurpose = NewPayment['purpose'];
export type PaymentStatus = ApiAnswer<'/api/payments/{id}/status', 'get'>;

/** docs/product/spec.md §9: the screen polls every 8 s and stops after 5 minutes; at most 5 pending items are checked. */
export const POLL_INTERVAL_MS = 8_000;
export const POLL_WINDOW_MS = 5 * 60_000;
export const MAX_POLLED_ITEMS = 5;
export const MAX_INSTALLMENTS = 12;

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['PIX', 'BOLETO', 'CREDIT_CARD'];

export const paymentsApi = {
  create: (body: NewPayment) => call(apiClient.POST('/api/payments', { body })),
  get: (id: string, signal?: AbortSignal) => call(apiClient.GET('/api/payments/{id}', { params: { path: { id } }, signal })),
  status: (id: string, signal?: AbortSignal) => call(apiClient.GET('/api/payments/{id}/status', { params: { path: { id } }, signal })),
  list: (page: number, perPage: number, signal?: AbortSignal) =>
    call(apiClient.GET('/api/payments', { params: { query: { page, per_page: perPage } }, signal })),
  /** The caller's authorised service invoices (NFS-e), each with the payment it belongs to. */
  serviceInvoices: (signal?: AbortSignal) => call(apiClient.GET('/api/me/service-invoices', { signal })),
  /** Sandbox only: the provider "receives" the money (same webhook path as the real provider). */
  simulate: (id: string) => call(apiClient.POST('/api/sandbox/payments/{id}/confirm', { params: { path: { id } } })),
};

export const isMethod = (value: unknown): value is PaymentMethod => value === 'PIX' || value === 'BOLETO' || value === 'CREDIT_CARD';

/** TanStack Query keys of the payment screens. */
export const paymentKeys = {
  openCharges: () => ['payments', 'open-charges'] as const,
  history: (page: number) => ['payments', 'history', page] as const,
  status: (id: string) => ['payments', 'status', id] as const,
};
