// The member's vouchers (GET /api/me/vouchers) and reviews (POST /api/reviews), typed from the generated API
// description. Shared by the dashboard and /my-groups (two features), so it lives here.
import { api } from '../../lib/api';
import type { components, paths } from '../../lib/api-client';

export type MyVouchers = components['schemas']['MyVouchers'];
export type MyVoucher = MyVouchers['items'][number];
export type ReviewInput = NonNullable<paths['/api/reviews']['post']['requestBody']>['content']['application/json'];

export const vouchersApi = {
  mine: (signal?: AbortSignal) => api.get<MyVouchers>('/api/me/vouchers', { signal }),
  review: (input: ReviewInput) => api.post<{ id: string }>('/api/reviews', input),
};

export const voucherKeys = {
  all: ['vouchers'] as const,
  mine: () => ['vouchers', 'mine'] as const,
};

/** The SVG of the code's QR as an image source (an <img> never runs what an SVG might carry). */
export const qrImageSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
