// Who is signed in, app-wide: the session is an httpOnly cookie and GET /api/auth/session says whose (`user: null` =
// signed out). A non-secret localStorage marker ("a session may exist") lets anonymous visitors skip that call; other
// tabs follow through the storage event.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError, setUnauthorizedHandler } from './api';
import { notify } from './toast';
import { authApi, type MeResponse, type Profile, type SessionProbe, type SessionUser } from './account-api';
import { readMarker, SESSION_MARKER_KEY, SESSION_QUERY_KEY, writeMarker } from './session-marker';

export { SESSION_MARKER_KEY };

export type SessionState =
  | { status: 'loading' }
  /** `leaving`: the signed-in page being left after a sign-out (its guard waits instead of bouncing). */
  | { status: 'signedOut'; leaving?: string }
  | { status: 'signedIn'; user: SessionUser; profile: Profile | null };

export type SessionValue = SessionState & {
  /** Re-reads GET /api/auth/session; resolves to the answer, or null when signed out. */
  refresh: () => Promise<MeResponse | null>;
  /** After login or e-mail confirmation: the cookie is set, remember who it is. */
  signIn: (user: SessionUser, profile?: Profile | null) => void;
  /** After PATCH /api/me. */
  update: (user: SessionUser, profile: Profile | null) => void;
  /** POST /api/auth/logout, then go to `to` (default '/'); false when the server could not be reached. */
  signOut: (to?: string) => Promise<boolean>;
  /** The server already ended the session (account deleted): forget it locally, then go to `to`. */
  forget: (to?: string) => Promise<void>;
};

const SessionContext = createContext<SessionValue | null>(null);

const SIGNED_OUT: SessionState = { status: 'signedOut' };

/**
 * The server render's hint that the request carried a session cookie: the page it draws then waits for the session
 * (a neutral account corner) instead of claiming the visitor is signed out. The browser has its marker instead.
 */
export const ServerSessionHint = createContext(false);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const serverHint = useContext(ServerSessionHint);
  const client = useQueryClient();
  // A page the server drew for a signed-in person carries who it was drawn for: the first render is that page.
  const [initial] = useState<SessionState>(() => {
    const drawnFor = client.getQueryData<SessionProbe>(SESSION_QUERY_KEY);
    if (drawnFor?.user) return { status: 'signedIn', user: drawnFor.user, profile: drawnFor.profile ?? null };
    return readMarker() || serverHint ? { status: 'loading' } : SIGNED_OUT;
  });
  const [state, setState] = useState<SessionState>(initial);

  const refresh = useCallback(async () => {
    try {
      const { user, profile } = await authApi.session();
      if (!user) {
        writeMarker(false);
        setState(SIGNED_OUT);
        return null;
      }
      writeMarker(true);
      setState({ status: 'signedIn', user, profile: profile ?? null });
      return { user, profile: profile ?? null };
    } catch {
      // Server unreachable: keep what we knew; a first load counts as signed out (the marker stays,
      // so the next page load asks again).
      setState((current) => (current.status === 'loading' ? SIGNED_OUT : current));
      return null;
    }
  }, []);

  // Asked again even when the page came drawn for a session (it also puts the marker back if it was lost).
  useEffect(() => {
    if (readMarker() || initial.status === 'signedIn') void refresh();
  }, [refresh, initial]);

  // The page left after a sign-out is gone: guards behave normally again.
  useEffect(() => {
    setState((current) => (current.status === 'signedOut' && current.leaving && current.leaving !== pathname ? SIGNED_OUT : current));
  }, [pathname]);

  // Sign-in and sign-out in another tab.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_MARKER_KEY) return;
      if (event.newValue === '1') void refresh();
      else setState(SIGNED_OUT);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  // A protected call answered 401 `unauthenticated`: the session is gone; sign in again and come back.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        writeMarker(false);
        setState(SIGNED_OUT);
        const { pathname, search } = window.location;
        if (pathname === '/auth' || pathname.startsWith('/auth/')) return;
        notify.info(t('account.sessionExpired'), t('account.sessionExpiredBody'), { id: 'session-expired' });
        void navigate(`/auth?next=${encodeURIComponent(pathname + search)}`, { replace: true });
      }),
    [navigate, t],
  );

  const signIn = useCallback(
    (user: SessionUser, profile: Profile | null = null) => {
      writeMarker(true);
      setState({ status: 'signedIn', user, profile });
      void refresh();
    },
    [refresh],
  );

  const update = useCallback((user: SessionUser, profile: Profile | null) => {
    setState({ status: 'signedIn', user, profile });
  }, []);

  const forget = useCallback(
    async (to = '/') => {
      writeMarker(false);
      // The router shows the next page only once its lazy chunk is in; until then the signed-in page
      // stays on screen, and its guard must not send the user to /auth?next=<that page>.
      setState({ status: 'signedOut', leaving: window.location.pathname });
      await navigate(to, { replace: true });
    },
    [navigate],
  );

  const signOut = useCallback(
    async (to = '/') => {
      try {
        await authApi.logout();
      } catch (error) {
        // 401: the session had already ended, which is what the user asked for.
        if (!(isApiError(error) && error.status === 401)) {
          notify.error(t('account.signOutFailed'));
          return false;
        }
      }
      await forget(to);
      notify.success(t('account.signedOut'), undefined, { id: 'signed-out' });
      return true;
    },
    [forget, t],
  );

  const value = useMemo<SessionValue>(
    () => ({ ...state, refresh, signIn, update, signOut, forget }),
    [state, refresh, signIn, update, signOut, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within SessionProvider');
  return value;
}
