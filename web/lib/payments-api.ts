// The payment endpoints of docs/api.md, typed from core's payment view (type-only import).
import type { PaymentView } from '../../core/payments/payment-rules';
import { api, type ListResponse } from './api';

export type Payment = PaymentView;
export type PaymentMethod = 'PIX' | 'BOLETO' | 'CREDIT_CARD';
export type PaymentPurpose = 'entry' | 'balance' | 'order';
export interface PaymentStatus {
  id: string;
  status: string;
  confirmed: boolean;
}

/** docs/product/spec.md §9: the screen polls every 8 s and stops after 5 minutes; at most 5 pending items are checked. */
export const POLL_INTERVAL_MS = 8_000;
export const POLL_WINDOW_MS = 5 * 60_000;
export const MAX_POLLED_ITEMS = 5;
export const MAX_INSTALLMENTS = 12;

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['PIX', 'BOLETO', 'CREDIT_CARD'];

export const paymentsApi = {
  create: (body: { purpose: PaymentPurpose; ref_id: string; method: PaymentMethod; installments?: number; use_wallet?: boolean }) => api.post<Payment>('/api/payments', body),
  get: (id: string, signal?: AbortSignal) => api.get<Payment>(`/api/payments/${encodeURIComponent(id)}`, { signal }),
  status: (id: string, signal?: AbortSignal) => api.get<PaymentStatus>(`/api/payments/${encodeURIComponent(id)}/status`, { signal }),
  list: (page: number, perPage: number, signal?: AbortSignal) => api.get<ListResponse<Payment>>('/api/payments', { query: { page, per_page: perPage }, signal }),
  /** Sandbox only: the provider "receives" the money (same webhook path as the real provider). */
  simulate: (id: string) => api.post<PaymentStatus>(`/api/sandbox/payments/${encodeURIComponent(id)}/confirm`),
};

export const isMethod = (value: unknown): value is PaymentMethod => value === 'PIX' || value === 'BOLETO' || value === 'CREDIT_CARD';

/** TanStack Query keys of the payment screens. */
export const paymentKeys = {
  openCharges: () => ['payments', 'open-charges'] as const,
  history: (page: number) => ['payments', 'history', page] as const,
  status: (id: string) => ['payments', 'status', id] as const,
};
