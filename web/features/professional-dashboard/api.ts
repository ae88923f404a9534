// The professional's endpoints (docs/api.md), typed from the generated API description: own profile, vouchers
// at the counter, receivables, payouts, reviews and replies.
import { apiClient, call, isApiError } from '../../lib/api';
import type { ApiAnswer, ApiBody } from '../../lib/api-client';

export type MyProfessional = ApiAnswer<'/api/me/professional', 'get'>;
export type ProfessionalPatch = ApiBody<'/api/me/professional', 'patch'>;
export type VoucherLookup = ApiAnswer<'/api/vouchers/lookup', 'get'>;
export type Redeemed = ApiAnswer<'/api/vouchers/redeem', 'post'>;
export type MyReceivables = ApiAnswer<'/api/me/receivables', 'get'>;
export type Receivable = MyReceivables['items'][number];
export type ReceivableStatus = Receivable['status'];
export type PublicProfile = ApiAnswer<'/api/professionals/{id}', 'get'>;
export type PublicReview = PublicProfile['reviews'][number];

export type PlanCategories = ApiAnswer<'/api/plan-categories', 'get'>;

export const RECEIVABLE_STATUSES: readonly ReceivableStatus[] = ['pending', 'available', 'in_payout', 'paid', 'reversed'];

/** GET /api/me/payouts: the professional's PIX payouts with their receipts. */
export type MyPayouts = ApiAnswer<'/api/me/payouts', 'get'>;
export type Payout = MyPayouts['items'][number];

export const professionalApi = {
  /** 404 when the caller has no application: an answer, not a failure. */
  mine: (signal?: AbortSignal) => call(apiClient.GET('/api/me/professional', { signal })),
  update: (patch: ProfessionalPatch) => call(apiClient.PATCH('/api/me/professional', { body: patch })),
  /** The pin moved by hand; 409 `pin_far_from_city` asks for `pin_confirmed` (docs/product/professionals.md#the-pin-by-hand). */
  moveLocation: (body: ApiBody<'/api/me/professional/location', 'put'>) => call(apiClient.PUT('/api/me/professional/location', { body })),
  lookup: (code: string, signal?: AbortSignal) => call(apiClient.GET('/api/vouchers/lookup', { params: { query: { code } }, signal })),
  redeem: (code: string) => call(apiClient.POST('/api/vouchers/redeem', { body: { code } })),
  receivables: (status: ReceivableStatus | null, signal?: AbortSignal) =>
    call(apiClient.GET('/api/me/receivables', { params: { query: { status: status ?? undefined } }, signal })),
  /** A server without the payouts route (404) has, for this screen, no payouts. */
  payouts: async (signal?: AbortSignal): Promise<MyPayouts> => {
    try {
      return await call(apiClient.GET('/api/me/payouts', { signal }));
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { items: [], total: 0 };
      throw error;
    }
  },
  publicProfile: (id: string, signal?: AbortSignal) => call(apiClient.GET('/api/professionals/{id}', { params: { path: { id } }, signal })),
  categories: (signal?: AbortSignal) => call(apiClient.GET('/api/plan-categories', { signal })),
  reply: (reviewId: string, reply: string) =>
    call(apiClient.POST('/api/reviews/{id}/reply', { params: { path: { id: reviewId } }, body: { reply } })),
};

export const professionalKeys = {
  all: ['professional'] as const,
  mine: () => ['professional', 'mine'] as const,
  receivables: (status: ReceivableStatus | null) => ['professional', 'receivables', status] as const,
  payouts: () => ['professional', 'payouts'] as const,
  profile: (id: string) => ['professional', 'public', id] as const,
  categories: () => ['professional', 'categories'] as const,
};
