// Where the web app sends a user after login (web/features/auth/redirect.ts, docs/product/spec.md §2): a safe
// `next` path, else the pending checkout in localStorage (cleared once used), else the server's
// redirect_to, else the role's home. `next` must never leave the site.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destinationAfterLogin, readPendingRedirect, safeNextPath } from '../../web/features/auth/redirect';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const PLAN = { id: 'plan-1', name: 'Tatuagem', price: 90_000, full_price: 120_000, entry_price: 9_000, description: null, item_type: 'plan' };

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'https://turma.test' }, localStorage: memoryStorage() });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('safeNextPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/checkout/address?step=2#top', '/checkout/address?step=2#top'],
    ['/marketplace/orders/abc', '/marketplace/orders/abc'],
  ])('keeps the same-origin path %j', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['profile'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/profile'],
    ['javascript:alert(1)'],
    ['/auth'],
    ['/auth?next=/profile'],
    ['/auth/callback?token=x'],
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('destinationAfterLogin', () => {
  it('goes to a safe next path first', () => {
    window.localStorage.setItem('post_login_redirect', JSON.stringify({ action: 'checkout_plan', plan_id: 'plan-1', plan: PLAN }));
    expect(destinationAfterLogin({ next: '/profile', role: 'user', redirectTo: '/dashboard' })).toEqual({ path: '/profile' });
    // The pending checkout waits for a login without `next`.
    expect(readPendingRedirect()).not.toBeNull();
  });

  it('then resumes a pending checkout with its plan, and clears it', () => {
    window.localStorage.setItem('post_login_redirect', JSON.stringify({ action: 'checkout_plan', plan_id: 'plan-1', plan: PLAN }));
    expect(destinationAfterLogin({ next: '//evil.example', role: 'admin', redirectTo: '/admin' })).toEqual({
      path: '/checkout/plan',
      state: { plan: PLAN },
    });
    expect(window.localStorage.getItem('post_login_redirect')).toBeNull();
  });

  it('keeps only the plan id when the stored snapshot is for another plan', () => {
    window.localStorage.setItem('post_login_redirect', JSON.stringify({ action: 'checkout_plan', plan_id: 'plan-2', plan: PLAN }));
    expect(destinationAfterLogin({ role: 'user' })).toEqual({ path: '/checkout/plan', state: { plan: { id: 'plan-2' } } });
  });

  it('ignores a malformed pending redirect', () => {
    window.localStorage.setItem('post_login_redirect', '{not json');
    expect(destinationAfterLogin({ role: 'user', redirectTo: '/dashboard' })).toEqual({ path: '/dashboard' });
  });

  it('uses the server’s redirect_to (with its state) when nothing else applies', () => {
    expect(destinationAfterLogin({ role: 'user', redirectTo: '/checkout/plan', redirectState: { plan: { id: 'p' } } })).toEqual({
      path: '/checkout/plan',
      state: { plan: { id: 'p' } },
    });
    expect(destinationAfterLogin({ role: 'admin', redirectTo: '/admin' })).toEqual({ path: '/admin' });
  });

  it.each([
    ['user', '/dashboard'],
    ['influencer', '/dashboard/influencer'],
    ['admin', '/admin'],
    // Approval is unknown to the browser: the pending page, which the server knows better about.
    ['professional', '/professional-pending'],
  ] as const)('falls back to the home of a %s (%s)', (role, path) => {
    expect(destinationAfterLogin({ role })).toEqual({ path });
  });
});
