// The pending redirect of /professional-signup: a visitor who created the account there comes back to it
// after confirming the e-mail; a pending checkout still wins; anything malformed is no redirect.
import { describe, expect, it } from 'vitest';
import { parsePendingRedirect, postLoginRedirect, PROFESSIONAL_SIGNUP_PATH } from '../../../core/identity/post-login-redirect';

describe('professional sign-up pending redirect', () => {
  it('parses and sends the visitor back to /professional-signup, clearing it', () => {
    const pending = parsePendingRedirect({ action: 'professional_signup' });
    expect(pending).toEqual({ action: 'professional_signup' });
    expect(postLoginRedirect({ role: 'user', pending })).toEqual({ path: PROFESSIONAL_SIGNUP_PATH, clearPending: true });
    expect(PROFESSIONAL_SIGNUP_PATH).toBe('/professional-signup');
  });

  it('a checkout stored the same way keeps its own rule; unknown actions are none', () => {
    expect(postLoginRedirect({ role: 'user', pending: parsePendingRedirect({ action: 'checkout_plan', plan_id: 'p1' }) }).path).toBe('/checkout/plan');
    expect(parsePendingRedirect({ action: 'professional_signups' })).toBeNull();
    expect(parsePendingRedirect({ action: 'professional_signup', extra: 1 })).toEqual({ action: 'professional_signup' });
  });

  it('without a pending redirect, an unapproved professional still lands on the pending page (SPEC §2)', () => {
    expect(postLoginRedirect({ role: 'professional', professionalApproved: false }).path).toBe('/professional-pending');
    expect(postLoginRedirect({ role: 'professional', professionalApproved: true }).path).toBe('/dashboard/professional');
  });
});
