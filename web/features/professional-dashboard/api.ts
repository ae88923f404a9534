// The professional's endpoints (docs/api.md), typed from the generated API description: own profile, vouchers
// at the counter, receivables, payouts, reviews and replies.
import { api, isApiError } from '../../lib/api';
import type { ApiAnswer, components, paths } from '../../lib/api-client';

export type MyProfessional = ApiAnswer<'/api/me/professional', 'get'>;
export type ProfessionalPatch = NonNullable<paths['/api/me/professional']['patch']['requestBody']>['content']['application/json'];
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
export type MyPayouts = components['schemas']['PayoutList'];
export type Payout = MyPayouts['items'][number];

export const professionalApi = {
  /** 404 when the caller has no application: an answer, not a failure. */
  mine: (signal?: AbortSignal) => api.get<MyProfessional>('/api/me/professional', { signal }),
  update: (patch: ProfessionalPatch) => api.patch<MyProfessional>('/api/me/professional', patch),
  lookup: (code: string, signal?: AbortSignal) => api.get<VoucherLookup>('/api/vouchers/lookup', { query: { code }, signal }),
  redeem: (code: string) => api.post<Redeemed>('/api/vouchers/redeem', { code }),
  receivables: (status: ReceivableStatus | null, signal?: AbortSignal) =>
    api.get<MyReceivables>('/api/me/receivables', { query: { status: status ?? undefined }, signal }),
  /** A server without the payouts route (404) has, for this screen, no payouts. */
  payouts: async (signal?: AbortSignal): Promise<MyPayouts> => {
    try {
      return await api.get<MyPayouts>('/api/me/payouts', { signal });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { items: [], total: 0 };
      throw error;
    }
  },
  publicProfile: (id: string, signal?: AbortSignal) => api.get<PublicProfile>(`/api/professionals/${encodeURIComponent(id)}`, { signal }),
  categories: (signal?: AbortSignal) => api.get<PlanCategories>('/api/plan-categories', { signal }),
  reply: (reviewId: string, reply: string) => api.post<unknown>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, { reply }),
};

export const professionalKeys = {
  all: ['professional'] as const,
  mine: () => ['professional', 'mine'] as const,
  receivables: (status: ReceivableStatus | null) => ['professional', 'receivables', status] as const,
  payouts: () => ['professional', 'payouts'] as const,
  profile: (id: string) => ['professional', 'public', id] as const,
  categories: () => ['professional', 'categories'] as const,
};
