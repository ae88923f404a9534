// The group endpoints of docs/api.md, typed from the API description (web/lib/api-client.ts): create, join by
// invite, auto-match, the public invite view, my groups, the refund preference and the invite a visitor followed.
import { apiClient, call } from './api';
import type { ApiAnswer, ApiBody } from './api-client';

/** POST /api/groups, /api/groups/:id/join and /api/plans/:id/join: the group and the caller's held place. */
export type PlaceView = ApiAnswer<'/api/groups', 'post'>;
/** GET /api/groups/:id: what anyone with the invite link sees. */
export type PublicGroup = ApiAnswer<'/api/groups/{id}', 'get'>;
/** GET /api/me/groups. */
export type MyGroups = ApiAnswer<'/api/me/groups', 'get'>;
export type MyGroupItem = MyGroups['items'][number];
export type RefundTo = ApiBody<'/api/me/memberships/{id}', 'patch'>['refund_to'];
/** GET /api/me/wallet. */
export type Wallet = ApiAnswer<'/api/me/wallet', 'get'>;

export const groupsApi = {
  create: (planId: string) => call(apiClient.POST('/api/groups', { body: { plan_id: planId } })),
  join: (groupId: string, referralCode?: string | null) =>
    call(apiClient.POST('/api/groups/{id}/join', { params: { path: { id: groupId } }, body: referralCode ? { referral_code: referralCode } : {} })),
  autoJoin: (planId: string) => call(apiClient.POST('/api/plans/{id}/join', { params: { path: { id: planId } } })),
  /** Public (the invite page is open to signed-out visitors): never a redirect to /auth. */
  get: (groupId: string, referralCode?: string | null, signal?: AbortSignal) =>
    call(apiClient.GET('/api/groups/{id}', { params: { path: { id: groupId }, query: { referral_code: referralCode || undefined } }, signal }), {
      redirectOnUnauthorized: false,
    }),
  mine: (signal?: AbortSignal) => call(apiClient.GET('/api/me/groups', { signal })),
  wallet: (signal?: AbortSignal) => call(apiClient.GET('/api/me/wallet', { signal })),
  setRefundTo: (membershipId: string, refundTo: RefundTo) =>
    call(apiClient.PATCH('/api/me/memberships/{id}', { params: { path: { id: membershipId } }, body: { refund_to: refundTo } })),
  recordReferral: (groupId: string, referralCode: string) =>
    call(apiClient.PUT('/api/me/group-referral', { body: { group_id: groupId, referral_code: referralCode } })),
};

/** Full invite URL of an invite path (`/join/<group>/<code>`). */
export const inviteUrl = (path: string, origin: string = window.location.origin) => new URL(path, origin).toString();

/** The checkout's payment step for an entry (membership id) or a balance (voucher id). */
export const paymentPath = (purpose: 'entry' | 'balance', refId: string) =>
  `/checkout/payment?purpose=${purpose}&ref=${encodeURIComponent(refId)}`;

/** The group screen a confirmed payment lands on. */
export const groupPath = (groupId: string) => `/my-groups?grupo=${encodeURIComponent(groupId)}`;

/** TanStack Query keys of the group screens (invalidate `groupKeys.all` after a change). */
export const groupKeys = {
  all: ['groups'] as const,
  mine: () => ['groups', 'mine'] as const,
  wallet: () => ['groups', 'wallet'] as const,
  invite: (groupId: string, referralCode: string | null | undefined) => ['groups', 'invite', groupId, referralCode ?? null] as const,
};
