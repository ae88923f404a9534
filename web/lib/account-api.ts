// The identity endpoints of docs/api.md, typed from the API description (web/lib/api-client.ts).
import { apiClient, call } from './api';
import type { ApiAnswer, ApiBody } from './api-client';

export type MeResponse = ApiAnswer<'/api/me', 'get'>;
export type SessionUser = MeResponse['user'];
export type Profile = NonNullable<MeResponse['profile']>;

/** Navigation state for `redirect_to` (a checkout the server kept pending: `{ plan }`). */
export type RedirectState = Record<string, unknown>;

export type LoginResponse = ApiAnswer<'/api/auth/login', 'post'>;
export type SignupBody = ApiBody<'/api/auth/signup', 'post'>;
export type SignupResponse = ApiAnswer<'/api/auth/signup', 'post'>;
/** 200 `{ user, redirect_to }` with a session cookie. */
export type ConfirmResponse = ApiAnswer<'/api/auth/confirm', 'post'>;
export type ProfilePatch = ApiBody<'/api/me', 'patch'>;
export type AccountDeletionBody = ApiBody<'/api/me', 'delete'>;
export type DeletionPlan = ApiAnswer<'/api/me/account/deletion-plan', 'get'>;

// "Signed out" is an answer of these calls, not a lost session: no redirect to /auth on a 401.
const quiet = { redirectOnUnauthorized: false } as const;

/** GET /api/auth/session: who is signed in; a visitor gets `user: null` (a 200, so the browser logs no failed request). */
export type SessionProbe = ApiAnswer<'/api/auth/session', 'get'>;

export const authApi = {
  me: (signal?: AbortSignal) => call(apiClient.GET('/api/me', { signal }), quiet),
  session: (signal?: AbortSignal) => call(apiClient.GET('/api/auth/session', { signal }), quiet),
  login: (body: { email: string; password: string }) => call(apiClient.POST('/api/auth/login', { body }), quiet),
  logout: () => call(apiClient.POST('/api/auth/logout'), quiet),
  signup: (body: SignupBody) => call(apiClient.POST('/api/auth/signup', { body }), quiet),
  confirm: (token: string) => call(apiClient.POST('/api/auth/confirm', { body: { token } }), quiet),
  resendConfirmation: (email: string) => call(apiClient.POST('/api/auth/resend-confirmation', { body: { email } }), quiet),
  recover: (email: string) => call(apiClient.POST('/api/auth/recover', { body: { email } }), quiet),
  reset: (token: string, password: string) => call(apiClient.POST('/api/auth/reset', { body: { token, password } }), quiet),
  recordOrigin: (path: string) => call(apiClient.POST('/api/me/origin', { body: { path } }), quiet),
};

export const accountApi = {
  update: (patch: ProfilePatch) => call(apiClient.PATCH('/api/me', { body: patch })),
  // A wrong current password is a 401 too (`invalid_credentials`), handled by the form.
  changePassword: (body: { current_password: string; new_password: string }) => call(apiClient.POST('/api/me/password', { body })),
  /** What deleting the account now would do (memberships, charges, credit), or why it cannot yet. */
  deletionPlan: (signal?: AbortSignal) => call(apiClient.GET('/api/me/account/deletion-plan', { signal })),
  remove: (body: AccountDeletionBody) => call(apiClient.DELETE('/api/me', { body })),
};

/** "Maria da Silva" → "Maria"; the e-mail's local part when the name is empty. */
export function firstName(user: Pick<SessionUser, 'full_name' | 'email'>): string {
  const first = user.full_name.trim().split(/\s+/)[0];
  return first || user.email.split('@')[0] || user.email;
}
