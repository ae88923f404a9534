// The member's vouchers (GET /api/me/vouchers) and reviews (POST /api/reviews), typed from the generated API
// description. Shared by the dashboard and /my-groups (two features), so it lives here.
import { apiClient, call } from '../../lib/api';
import type { ApiAnswer, ApiBody } from '../../lib/api-client';

export type MyVouchers = ApiAnswer<'/api/me/vouchers', 'get'>;
export type MyVoucher = MyVouchers['items'][number];
export type ReviewInput = ApiBody<'/api/reviews', 'post'>;

export const vouchersApi = {
  mine: (signal?: AbortSignal) => call(apiClient.GET('/api/me/vouchers', { signal })),
  review: (input: ReviewInput) => call(apiClient.POST('/api/reviews', { body: input })),
};

export const voucherKeys = {
  all: ['vouchers'] as const,
  mine: () => ['vouchers', 'mine'] as const,
};

/** The SVG of the code's QR as an image source (an <img> never runs what an SVG might carry). */
export const qrImageSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
