// Remembers which channel brought a visitor (docs/product/referrals.md#visitor-type-and-origin): signed out in
// sessionStorage `turma_origin` (sent with the sign-up), signed in by POST /api/me/origin, failures ignored. core's rule
// loads on demand, only on the paths it concerns, so the landing's first paint does not wait for it.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { authApi } from '../../lib/account-api';
import { useSession } from '../../lib/session';

export const ORIGIN_STORAGE_KEY = 'turma_origin';

const REFERRAL_PATH = /^\/(r|ref|indicacao|join)\//;
const ENTRY_PATHS = new Set(['/', '/auth', '/auth/']);

export function readStoredOrigin(): string | null {
  try {
    return window.sessionStorage.getItem(ORIGIN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeOrigin(origin: string) {
  try {
    window.sessionStorage.setItem(ORIGIN_STORAGE_KEY, origin);
  } catch {
    // Storage blocked: the sign-up simply goes without an origin ('www' on the server).
  }
}

export function OriginTracker() {
  const { pathname } = useLocation();
  const session = useSession();
  const status = session.status;
  const profileOrigin = session.status === 'signedIn' ? (session.profile?.origem ?? null) : null;

  useEffect(() => {
    if (status === 'loading') return;
    if (!REFERRAL_PATH.test(pathname) && !ENTRY_PATHS.has(pathname)) return;
    // Entry pages only fill an empty origin: nothing to do once one is known.
    if (ENTRY_PATHS.has(pathname) && (status === 'signedOut' ? readStoredOrigin() : profileOrigin)) return;

    let cancelled = false;
    import('../../../core/referrals/origin')
      .then(({ originForPath, isOrigin }) => {
        if (cancelled) return;
        if (status === 'signedOut') {
          const stored = readStoredOrigin();
          const next = originForPath(pathname, isOrigin(stored) ? stored : null);
          if (next) storeOrigin(next);
          return;
        }
        const next = originForPath(pathname, isOrigin(profileOrigin) ? profileOrigin : null);
        if (next && next !== profileOrigin) authApi.recordOrigin(pathname).catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pathname, status, profileOrigin]);

  return null;
}
