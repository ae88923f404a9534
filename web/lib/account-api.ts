// The identity endpoints of docs/api.md, typed. Shapes come from core (type-only imports, so no
// server code reaches the bundle): the public user of the auth service and the profile record.
import type { toPublicUser } from '../../core/identity/auth.service';
import type { ProfileRecord } from '../../core/identity/ports';
import { api } from './api';

export type SessionUser = ReturnType<typeof toPublicUser>;
export type Profile = ProfileRecord;

export interface MeResponse {
  user: SessionUser;
  profile: Profile | null;
}

/** Navigation state for `redirect_to` (a checkout the server kept pending: `{ plan }`). */
export type RedirectState = Record<string, unknown>;

export interface LoginResponse {
  user: SessionUser;
  redirect_to: string;
  redirect_state?: RedirectState;
}

export interface SignupResponse {
  user: SessionUser;
  message?: string;
}

/** 200 `{ user, redirect_to }` with a session cookie; `user` missing would mean no session. */
export interface ConfirmResponse {
  user?: SessionUser | null;
  redirect_to?: string;
  redirect_state?: RedirectState;
}

// "Signed out" is an answer of these calls, not a lost session: no redirect to /auth on a 401.
const quiet = { redirectOnUnauthorized: false } as const;

/** GET /api/auth/session: who is signed in; a visitor gets `user: null` (a 200, so the browser logs no failed request). */
export interface SessionProbe {
  user: SessionUser | null;
  profile: Profile | null;
}

export const authApi = {
  me: (signal?: AbortSignal) => api.get<MeResponse>('/api/me', { ...quiet, signal }),
  session: (signal?: AbortSignal) => api.get<SessionProbe>('/api/auth/session', { ...quiet, signal }),
  login: (body: { email: string; password: string }) => api.post<LoginResponse>('/api/auth/login', body, quiet),
  logout: () => api.post<void>('/api/auth/logout', undefined, quiet),
  signup: (body: Record<string, unknown>) => api.post<SignupResponse>('/api/auth/signup', body, quiet),
  confirm: (token: string) => api.post<ConfirmResponse>('/api/auth/confirm', { token }, quiet),
  resendConfirmation: (email: string) => api.post<{ message?: string }>('/api/auth/resend-confirmation', { email }, quiet),
  recover: (email: string) => api.post<unknown>('/api/auth/recover', { email }, quiet),
  reset: (token: string, password: string) => api.post<unknown>('/api/auth/reset', { token, password }, quiet),
  recordOrigin: (path: string) => api.post<unknown>('/api/me/origin', { path }, quiet),
};

export const accountApi = {
  update: (patch: Record<string, unknown>) => api.patch<MeResponse>('/api/me', patch),
  // A wrong current password is a 401 too (`invalid_credentials`), handled by the form.
  changePassword: (body: { current_password: string; new_password: string }) => api.post<unknown>('/api/me/password', body),
  remove: (password: string) => api.delete<unknown>('/api/me', { body: { password } }),
};

/** "Maria da Silva" → "Maria"; the e-mail's local part when the name is empty. */
export function firstName(user: Pick<SessionUser, 'full_name' | 'email'>): string {
  const first = user.full_name.trim().split(/\s+/)[0];
  return first || user.email.split('@')[0] || user.email;
}
