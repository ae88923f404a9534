// Auth provider: the same accounts and httpOnly session cookie as the customer app, admins only.
import type { AuthProvider, UserIdentity } from 'react-admin';
import { writeMarker } from '../../web/lib/session-marker';
import { SESSION_INIT, SESSION_URL, takeEarly } from './early';

export interface SessionUser {
  id: string;
  email: string;
  role: string;
  full_name: string | null;
}

interface ApiErrorBody {
  error?: { code?: string; message?: string };
}

/** Translation key (i18n/*) shown when a non-admin account tries the back office. */
export const ADMIN_ONLY_MESSAGE = 'turma.auth.admin_only';

const jsonHeaders = { Accept: 'application/json', 'Content-Type': 'application/json' };

async function readJson<T>(response: Response): Promise<T | undefined> {
  try {
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}

async function postLogout(): Promise<void> {
  await fetch('/api/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
}

/**
 * What the last session probe said: lets logout() skip the server call when there is no admin session
 * to end, so a customer who merely opens /admin keeps their session in the customer app.
 */
let lastKnownRole: string | null | undefined;

/**
 * What an admin's password-only session still needs ('enrol' on the first admin sign-in, else 'verify'); null
 * once the second factor is passed (or for other roles). The login page shows the step while it is set.
 */
export type SecondFactorStep = 'enrol' | 'verify' | null;
let secondFactorStep: SecondFactorStep = null;
const secondFactorListeners = new Set<() => void>();
export const getSecondFactorStep = () => secondFactorStep;
export function subscribeSecondFactor(listener: () => void) {
  secondFactorListeners.add(listener);
  return () => {
    secondFactorListeners.delete(listener);
  };
}
export function setSecondFactorStep(step: SecondFactorStep) {
  if (step === secondFactorStep) return;
  secondFactorStep = step;
  for (const listener of secondFactorListeners) listener();
}

/** POST to a /api/auth/2fa/* route; the server's pt-BR message on failure. */
export async function secondFactorRequest<T>(path: 'enrol' | 'confirm' | 'verify', body: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`/api/auth/2fa/${path}`, { method: 'POST', credentials: 'same-origin', headers: jsonHeaders, body: JSON.stringify(body) });
  if (!response.ok) {
    const error = await readJson<ApiErrorBody>(response);
    throw new Error(error?.error?.message ?? 'ra.notification.http_error');
  }
  return (await readJson<T>(response)) as T;
}

/** The session's user (null when signed out). One in-flight session probe at a time: react-admin asks checkAuth, identity and permissions together. */
let pendingMe: Promise<SessionUser | null> | null = null;

export function fetchMe(): Promise<SessionUser | null> {
  pendingMe ??= (async () => {
    try {
      // The session probe: signed out is a 200 with `user: null`, so opening /admin logs no failed request. The first
      // one was started by admin/main.tsx while the app loaded.
      const response = await (takeEarly(SESSION_URL) ?? fetch(SESSION_URL, SESSION_INIT));
      if (!response.ok) throw new Error('ra.notification.http_error');
      const body = await readJson<{ user?: SessionUser | null; second_factor?: 'enrol' | 'verify' }>(response);
      const user = body?.user ?? null;
      if (!user) {
        lastKnownRole = null;
        writeMarker(false);
        return null;
      }
      lastKnownRole = user?.role ?? null;
      setSecondFactorStep(user?.role === 'admin' ? (body?.second_factor ?? null) : null);
      return user;
    } finally {
      pendingMe = null;
    }
  })();
  return pendingMe;
}

async function requireAdmin(): Promise<SessionUser> {
  const user = await fetchMe();
  if (!user) throw new Error('ra.auth.auth_check_error');
  if (user.role !== 'admin') throw new Error(ADMIN_ONLY_MESSAGE);
  // A password-only admin session: the login page asks for the second factor.
  if (secondFactorStep) throw new Error('ra.auth.auth_check_error');
  return user;
}

/** The admin as react-admin's user menu shows them. */
export const identityOf = (user: SessionUser): UserIdentity => ({ id: user.id, fullName: user.full_name || user.email, email: user.email });

export const authProvider: AuthProvider = {
  async login(params: { username?: string; email?: string; password?: string }) {
    let response: Response;
    try {
      response = await fetch('/api/auth/login', {
        method: 'POST',
        credentials: 'same-origin',
        headers: jsonHeaders,
        body: JSON.stringify({
          email: (params.username ?? params.email ?? '').trim(),
          password: params.password ?? '',
        }),
      });
    } catch {
      throw new Error('ra.notification.http_error');
    }
    if (!response.ok) {
      const body = await readJson<ApiErrorBody>(response);
      // The server's pt-BR message ('E-mail ou senha incorretos.', 'E-mail não confirmado', …).
      throw new Error(body?.error?.message ?? 'ra.auth.sign_in_error');
    }
    const body = await readJson<{ user?: SessionUser }>(response);
    if (body?.user?.role !== 'admin') {
      // A valid customer/professional account: end the session it just opened.
      await postLogout().catch(() => undefined);
      lastKnownRole = null;
      throw new Error(ADMIN_ONLY_MESSAGE);
    }
    lastKnownRole = 'admin';
    // One session for the site and the back office: the web app now asks who is signed in (its marker).
    writeMarker(true);
    // The login page now shows the second factor (enrolment or code); no redirect until it is passed.
    await fetchMe();
    if (secondFactorStep) return { redirectTo: '/login' };
    // The admin's own routes start at the dashboard, whatever the server's redirect_to says.
    return { redirectTo: '/' };
  },

  async logout() {
    if (lastKnownRole === null || (lastKnownRole !== undefined && lastKnownRole !== 'admin')) {
      // No session, or a non-admin's session we must not end from here.
      return;
    }
    lastKnownRole = null;
    await postLogout().catch(() => undefined);
    writeMarker(false);
  },

  async checkAuth() {
    try {
      await requireAdmin();
    } catch (err) {
      const message = err instanceof Error ? err.message : ADMIN_ONLY_MESSAGE;
      // Signed out: the login page says it all, and a toast would sit on top of the login errors.
      throw { message: message === 'ra.auth.auth_check_error' ? false : message };
    }
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401 || error?.status === 403) {
      // The admin API refused the session: ask for a fresh admin login.
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity(): Promise<UserIdentity> {
    return identityOf(await requireAdmin());
  },

  async getPermissions() {
    const user = await fetchMe();
    return user?.role;
  },
};
