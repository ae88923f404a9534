// Where to go after signing in (docs/product/spec.md §2 "Post-login redirect"): a safe `next` path first, then a checkout
// interrupted by the login (localStorage `post_login_redirect`, cleared once used), then the role's home.
// The back office is a separate app: /admin needs a full page load.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { parsePendingRedirect, postLoginRedirect, type PendingRedirect } from '../../../core/identity/post-login-redirect';
import type { Role } from '../../../core/identity/roles';
import { PENDING_REDIRECT_KEY } from '../../lib/pending-redirect';

export interface Destination {
  path: string;
  state?: unknown;
}

/** Same-origin path only (no `//host`, no scheme, no `/\\`), and never /auth itself (a loop). */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

export function readPendingRedirect(): PendingRedirect | null {
  try {
    const raw = window.localStorage.getItem(PENDING_REDIRECT_KEY);
    return raw ? parsePendingRedirect(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function clearPendingRedirect() {
  try {
    window.localStorage.removeItem(PENDING_REDIRECT_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}

export function destinationAfterLogin({
  next,
  role,
  redirectTo,
  redirectState,
}: {
  next?: string | null;
  role: Role;
  redirectTo?: string | null;
  redirectState?: unknown;
}): Destination {
  const safeNext = safeNextPath(next);
  if (safeNext) return { path: safeNext };
  const pending = readPendingRedirect();
  if (pending) {
    const target = postLoginRedirect({ role, pending });
    if (target.clearPending) clearPendingRedirect();
    return { path: target.path, state: target.state };
  }
  const serverTarget = safeNextPath(redirectTo);
  if (serverTarget) return { path: serverTarget, ...(redirectState ? { state: redirectState } : {}) };
  return { path: postLoginRedirect({ role }).path };
}

const isBackOffice = (path: string) => path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?');
/** Pages the server renders itself (a payment's receipt): not the app's routes. */
const isServerPage = (path: string) => path.startsWith('/api/');

/** Navigates to a destination; the back office and the server's own pages get a full page load. */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback(
    (destination: Destination) => {
      if (isBackOffice(destination.path) || isServerPage(destination.path)) {
        window.location.assign(destination.path === '/admin' ? '/admin/' : destination.path);
        return;
      }
      void navigate(destination.path, { replace: true, state: destination.state });
    },
    [navigate],
  );
}
