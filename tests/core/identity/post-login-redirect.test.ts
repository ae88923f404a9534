import { describe, it, expect } from 'vitest';
import {
  CONFIRM_REDIRECT_DELAY_MS,
  LOGIN_REDIRECT_DELAY_MS,
  RESET_REDIRECT_DELAY_MS,
  parsePendingRedirect,
  pendingRedirectSchema,
  postLoginRedirect,
  type CheckoutPlan,
  type PendingRedirect,
} from '../../../core/identity/post-login-redirect';
import type { Role } from '../../../core/identity/roles';

const plan: CheckoutPlan = {
  id: 'plan-1',
  name: 'Tatuagem fineline',
  price: 80_000,
  full_price: 120_000,
  entry_price: 8_000,
  description: 'Sessão de até 3 horas',
  item_type: 'plan',
};

const pending: PendingRedirect = { action: 'checkout_plan', plan_id: 'plan-1', plan };

describe('post-login redirect', () => {
  it.each([
    ['SPEC §4/§9: login redirect delay is 300 ms', LOGIN_REDIRECT_DELAY_MS, 300],
    ['SPEC §4/§9: confirmation redirect delay is 500 ms', CONFIRM_REDIRECT_DELAY_MS, 500],
    ['SPEC §4/§9: reset redirect delay is 600 ms', RESET_REDIRECT_DELAY_MS, 600],
  ])('%s', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  it.each<[string, Role, boolean | null | undefined, string]>([
    ['SPEC §2: admin goes to /admin', 'admin', undefined, '/admin'],
    ['SPEC §2: approved professional goes to /dashboard/professional', 'professional', true, '/dashboard/professional'],
    ['SPEC §2: unapproved professional goes to /professional-pending', 'professional', false, '/professional-pending'],
    ['SPEC §2/§6: professional with unknown approval goes to /professional-pending', 'professional', null, '/professional-pending'],
    ['SPEC §2/§6: professional with no approval given goes to /professional-pending', 'professional', undefined, '/professional-pending'],
    ['SPEC §2: influencer goes to /dashboard/influencer', 'influencer', undefined, '/dashboard/influencer'],
    ['SPEC §2: anyone else goes to /dashboard', 'user', undefined, '/dashboard'],
    ['SPEC §2: approval is ignored for a non-professional', 'user', true, '/dashboard'],
  ])('%s', (_name, role, professionalApproved, path) => {
    expect(postLoginRedirect({ role, professionalApproved, pending: null })).toEqual({ path, clearPending: false });
  });

  it.each<[string, Role, boolean | null]>([
    ['SPEC §2: a pending checkout wins for a user', 'user', null],
    ['SPEC §2: a pending checkout wins for an admin', 'admin', null],
    ['SPEC §2: a pending checkout wins for an influencer', 'influencer', null],
    ['SPEC §2: a pending checkout wins for an approved professional', 'professional', true],
    ['SPEC §2: a pending checkout wins for an unapproved professional', 'professional', false],
  ])('%s → /checkout/plan with the plan, pending cleared', (_name, role, professionalApproved) => {
    expect(postLoginRedirect({ role, professionalApproved, pending })).toEqual({
      path: '/checkout/plan',
      state: { plan },
      clearPending: true,
    });
  });

  it.each<[string, PendingRedirect]>([
    ['SPEC §2: a pending checkout without a plan snapshot passes the plan id', { action: 'checkout_plan', plan_id: 'plan-9' }],
    ['SPEC §2: a null plan snapshot passes the plan id', { action: 'checkout_plan', plan_id: 'plan-9', plan: null }],
    ['SPEC §2: a snapshot of another plan is replaced by the plan id', { action: 'checkout_plan', plan_id: 'plan-9', plan }],
  ])('%s', (_name, p) => {
    expect(postLoginRedirect({ role: 'user', pending: p })).toEqual({
      path: '/checkout/plan',
      state: { plan: { id: 'plan-9' } },
      clearPending: true,
    });
  });

  it('SPEC §2: a pending redirect with an empty plan id is ignored', () => {
    const p = { action: 'checkout_plan', plan_id: '' } as PendingRedirect;
    expect(postLoginRedirect({ role: 'user', pending: p })).toEqual({ path: '/dashboard', clearPending: false });
  });

  it.each<[string, unknown, PendingRedirect | null]>([
    ['SPEC §3: stored checkout_plan metadata parses', { action: 'checkout_plan', plan_id: 'plan-1', plan }, pending],
    ['SPEC §3: a malformed plan snapshot is dropped, the plan id kept', { action: 'checkout_plan', plan_id: 'plan-1', plan: { id: 1 } }, { action: 'checkout_plan', plan_id: 'plan-1', plan: null }],
    ['SPEC §2: another action is not a pending checkout', { action: 'open_group', plan_id: 'plan-1' }, null],
    ['SPEC §2: a checkout without plan id is not a pending checkout', { action: 'checkout_plan' }, null],
    ['SPEC §2: an empty plan id is not a pending checkout', { action: 'checkout_plan', plan_id: '' }, null],
    ['SPEC §3: null metadata is no pending redirect', null, null],
    ['SPEC §3: a string is no pending redirect', 'checkout_plan', null],
  ])('%s', (_name, value, expected) => {
    expect(parsePendingRedirect(value)).toEqual(expected);
  });

  it('SPEC §3: the plan snapshot must be an item_type=plan object', () => {
    const parsed = pendingRedirectSchema.parse({ action: 'checkout_plan', plan_id: 'plan-1', plan: { ...plan, item_type: 'product' } });
    expect(parsed.plan).toBeNull();
  });
});
