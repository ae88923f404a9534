// The group endpoints of docs/api.md, typed from core's use cases (type-only imports: no server
// code reaches the bundle): create, join by invite, auto-match, the public invite view, my groups,
// the refund preference and the invite a signed-out visitor followed.
import type { GroupService } from '../../core/groups/group.service';
import type { WalletService } from '../../core/wallet/wallet.service';
import { api } from './api';

/** POST /api/groups, /api/groups/:id/join and /api/plans/:id/join: the group and the caller's held place. */
export type PlaceView = Awaited<ReturnType<GroupService['createGroup']>>;
/** GET /api/groups/:id: what anyone with the invite link sees. */
export type PublicGroup = Awaited<ReturnType<GroupService['publicGroup']>>;
/** GET /api/me/groups. */
export type MyGroups = Awaited<ReturnType<GroupService['myGroups']>>;
export type MyGroupItem = MyGroups['items'][number];
export type RefundTo = 'original' | 'wallet';
/** GET /api/me/wallet (dates as ISO strings). */
export type Wallet = Omit<Awaited<ReturnType<WalletService['summary']>>, 'items'> & {
  items: Array<Omit<Awaited<ReturnType<WalletService['summary']>>['items'][number], 'created_at'> & { created_at: string }>;
};

export const groupsApi = {
  create: (planId: string) => api.post<PlaceView>('/api/groups', { plan_id: planId }),
  join: (groupId: string, referralCode?: string | null) =>
    api.post<PlaceView>(`/api/groups/${encodeURIComponent(groupId)}/join`, referralCode ? { referral_code: referralCode } : {}),
  autoJoin: (planId: string) => api.post<PlaceView>(`/api/plans/${encodeURIComponent(planId)}/join`),
  /** Public (the invite page is open to signed-out visitors): never a redirect to /auth. */
  get: (groupId: string, referralCode?: string | null, signal?: AbortSignal) =>
    api.get<PublicGroup>(`/api/groups/${encodeURIComponent(groupId)}`, {
      query: { referral_code: referralCode || undefined },
      signal,
      redirectOnUnauthorized: false,
    }),
  mine: (signal?: AbortSignal) => api.get<MyGroups>('/api/me/groups', { signal }),
  wallet: (signal?: AbortSignal) => api.get<Wallet>('/api/me/wallet', { signal }),
  setRefundTo: (membershipId: string, refundTo: RefundTo) =>
    api.patch<{ id: string; refund_to: RefundTo }>(`/api/me/memberships/${encodeURIComponent(membershipId)}`, { refund_to: refundTo }),
  recordReferral: (groupId: string, referralCode: string) =>
    api.put<unknown>('/api/me/group-referral', { group_id: groupId, referral_code: referralCode }),
};

/** Full invite URL of an invite path (`/join/<group>/<code>`). */
export const inviteUrl = (path: string) => new URL(path, window.location.origin).toString();

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
