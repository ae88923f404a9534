// Where a user lands after signing in: by role, unless a plan checkout was interrupted by the login (docs/product/spec.md §2, §4).
import { z } from 'zod';
import type { Role } from './roles';

/** docs/product/spec.md §4/§9: login success waits about 0.3 s before redirecting, so the toast is seen. */
export const LOGIN_REDIRECT_DELAY_MS = 300;
/** docs/product/spec.md §4/§9: confirmation callback without a session, or with an error, goes to /auth after about 0.5 s. */
export const CONFIRM_REDIRECT_DELAY_MS = 500;
/** docs/product/spec.md §4/§9: after a successful password reset the user goes to /auth after about 0.6 s. */
export const RESET_REDIRECT_DELAY_MS = 600;

const cents = z.int({ error: 'Valor deve ser um número inteiro de centavos' }).min(0, { error: 'Valor não pode ser negativo' });

/** The plan object /checkout/plan receives in navigation state (docs/product/spec.md §3). */
export const checkoutPlanSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  price: cents,
  full_price: cents.nullable(),
  entry_price: cents,
  description: z.string().nullable(),
  item_type: z.literal('plan'),
});
export type CheckoutPlan = z.infer<typeof checkoutPlanSchema>;

/** Stored in profiles.metadata.post_login_redirect (docs/product/spec.md §3). */
export const pendingRedirectSchema = z.object({
  action: z.literal('checkout_plan'),
  plan_id: z.string().min(1),
  // A stale or malformed plan snapshot must not cost the user the redirect: drop it, keep plan_id.
  plan: checkoutPlanSchema.nullish().catch(null),
});
export type PendingCheckout = z.infer<typeof pendingRedirectSchema>;

/** A visitor who created the account on /professional-signup goes back there once the e-mail is confirmed. */
export const pendingProfessionalSignupSchema = z.object({ action: z.literal('professional_signup') });
export const PROFESSIONAL_SIGNUP_PATH = '/professional-signup';

export type PendingRedirect = PendingCheckout | z.infer<typeof pendingProfessionalSignupSchema>;

/** Metadata is free JSON; anything that is not a usable pending checkout (or professional sign-up) reads as none. */
export function parsePendingRedirect(value: unknown): PendingRedirect | null {
  const parsed = pendingRedirectSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const signup = pendingProfessionalSignupSchema.safeParse(value);
  return signup.success ? signup.data : null;
}

/** When only the id survived, the checkout screen loads the plan itself. */
export type CheckoutPlanState = CheckoutPlan | { id: string };

export interface PostLoginRedirectInput {
  role: Role;
  professionalApproved?: boolean | null;
  pending?: PendingRedirect | null;
}

export interface PostLoginRedirect {
  path: string;
  state?: { plan: CheckoutPlanState };
  clearPending: boolean;
}

export function postLoginRedirect(input: PostLoginRedirectInput): PostLoginRedirect {
  const { pending } = input;
  // docs/product/spec.md §2 puts the pending checkout before the role rules and names no exception, so it wins for
  // admins and unapproved professionals too: the user asked for that checkout just before logging in.
  if (pending && pending.action === 'checkout_plan' && pending.plan_id) {
    // plan_id is what was stored on purpose; a snapshot for another plan is not trusted.
    const plan: CheckoutPlanState = pending.plan && pending.plan.id === pending.plan_id ? pending.plan : { id: pending.plan_id };
    return { path: '/checkout/plan', state: { plan }, clearPending: true };
  }
  if (pending?.action === 'professional_signup') return { path: PROFESSIONAL_SIGNUP_PATH, clearPending: true };
  return { path: roleHome(input.role, input.professionalApproved === true), clearPending: false };
}

function roleHome(role: Role, professionalApproved: boolean): string {
  switch (role) {
    case 'admin':
      return '/admin';
    case 'professional':
      // Unknown approval (null/undefined) is treated as not approved: the dashboard needs approved=true (docs/product/spec.md §6).
      return professionalApproved ? '/dashboard/professional' : '/professional-pending';
    case 'influencer':
      return '/dashboard/influencer';
    case 'user':
      return '/dashboard';
  }
}
