// The "a session may exist" marker (localStorage, not secret): the web app asks GET /api/me only when it is set.
// The back office (admin/) writes it too: one session cookie, so signing in (or out) on either app counts on both.
export const SESSION_MARKER_KEY = 'turma_session';

/** Where a page the server drew for a signed-in person carries its GET /api/auth/session answer (web/ssr/pages.ts):
 * the session provider starts from it, so the browser's first render is that page, not a spinner. */
export const SESSION_QUERY_KEY = ['session', 'current'] as const;

export function readMarker(): boolean {
  // The server render (web/entry-server.tsx) draws the signed-out page; the browser hydrates it only then (web/main.tsx).
  if (typeof window === 'undefined') return false;
  try {
    return window.localStorage.getItem(SESSION_MARKER_KEY) === '1';
  } catch {
    // Storage blocked: always ask the server.
    return true;
  }
}

export function writeMarker(signedIn: boolean) {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_MARKER_KEY, '1');
    else window.localStorage.removeItem(SESSION_MARKER_KEY);
  } catch {
    // Storage blocked: nothing to remember.
  }
}
