// Remembers which channel brought a visitor (docs/product/referrals.md#visitor-type-and-origin): signed out in
// sessionStorage `turma_origin` (sent with the sign-up), signed in by POST /api/me/origin, failures ignored. core's rule
// loads on demand, only on the paths it concerns, so the landing's first paint does not wait for it.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { authApi } from '../../lib/account-api';
import { useSession } from '../../lib/session';

export const ORIGIN_STORAGE_KEY = 'turma_origin';
/** The visitor type of this session (influencer, referral or direct), from the landing URL by core's rule. */
export const VISITOR_TYPE_STORAGE_KEY = 'turma_visitor_type';

const REFERRAL_PATH = /^\/(r|ref|indicacao|join)\//;
const ENTRY_PATHS = new Set(['/', '/auth', '/auth/']);

export function readStoredOrigin(): string | null {
  try {
    return window.sessionStorage.getItem(ORIGIN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function readStoredVisitorType(): string | null {
  try {
    return window.sessionStorage.getItem(VISITOR_TYPE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeVisitorType(type: string) {
  try {
    window.sessionStorage.setItem(VISITOR_TYPE_STORAGE_KEY, type);
  } catch {
    // Storage blocked: the sign-up goes without a type (direct on the server).
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
  const { pathname, search } = useLocation();
  const session = useSession();
  const status = session.status;
  const profileOrigin = session.status === 'signedIn' ? (session.profile?.origem ?? null) : null;

  // The visitor type: computed once on the page a visitor lands on (the redirect screens only pass the codes on), a
  // stronger link later in the session taking over. The rule loads only when the URL carries a code or none is kept yet.
  useEffect(() => {
    if (REFERRAL_PATH.test(pathname)) return;
    const stored = readStoredVisitorType();
    const params = new URLSearchParams(search);
    if (stored && !params.get('inf') && !params.get('ref')) return;
    let cancelled = false;
    import('../../../core/referrals/visitor-type')
      .then(({ sessionVisitorType, isVisitorType }) => {
        if (cancelled) return;
        const next = sessionVisitorType(isVisitorType(stored) ? stored : null, params);
        if (next !== stored) storeVisitorType(next);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pathname, search]);

  // The server sends an influencer link on to the landing with `?inf=<code>`: that entry counts as the link itself.
  const inf = ENTRY_PATHS.has(pathname) ? new URLSearchParams(search).get('inf') : null;
  useEffect(() => {
    if (status === 'loading') return;
    if (!REFERRAL_PATH.test(pathname) && !ENTRY_PATHS.has(pathname)) return;
    // Entry pages only fill an empty origin: nothing to do once one is known.
    if (ENTRY_PATHS.has(pathname) && !inf && (status === 'signedOut' ? readStoredOrigin() : profileOrigin)) return;
    const path = inf ? `${pathname}?inf=${encodeURIComponent(inf)}` : pathname;

    let cancelled = false;
    import('../../../core/referrals/origin')
      .then(({ originForPath, isOrigin }) => {
        if (cancelled) return;
        if (status === 'signedOut') {
          const stored = readStoredOrigin();
          const next = originForPath(path, isOrigin(stored) ? stored : null);
          if (next) storeOrigin(next);
          return;
        }
        const next = originForPath(path, isOrigin(profileOrigin) ? profileOrigin : null);
        if (next && next !== profileOrigin) authApi.recordOrigin(path).catch(() => undefined);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pathname, inf, status, profileOrigin]);

  return null;
}
