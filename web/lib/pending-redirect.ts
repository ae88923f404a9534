// Where to go after the next sign-in (docs/product/spec.md §2 "Post-login redirect"): one localStorage slot, `post_login_redirect`,
// written by whoever sends a visitor to sign in first (the checkout guard, the professional sign-up) and read and
// cleared once by the auth feature after login.
export const PENDING_REDIRECT_KEY = 'post_login_redirect';

/** Stores the pending redirect; false when storage is blocked (the caller falls back to `next` or to nothing). */
export function storePendingRedirect(pending: Record<string, unknown>): boolean {
  try {
    window.localStorage.setItem(PENDING_REDIRECT_KEY, JSON.stringify(pending));
    return true;
  } catch {
    return false;
  }
}
