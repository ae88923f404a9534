// What the checkout decided (plan, group choice, the place held), kept per tab in sessionStorage `turma_checkout` so
// back/forward and reload never lose it. The payment step lives in the URL, and the server answers the same payment
// for the same ref and method, so a reload never charges twice.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { checkoutPlanSchema, type CheckoutPlan } from '../../core/identity/post-login-redirect';
import { useHydrated } from './use-hydrated';

export const CHECKOUT_STORAGE_KEY = 'turma_checkout';

export type GroupChoice = 'new' | 'auto' | 'invite';

export interface HeldPlace {
  membership_id: string;
  group_id: string;
  plan_id: string;
  hold_expires_at: string | null;
  invite_path: string;
}

export interface CheckoutState {
  plan_id: string | null;
  /** docs/product/spec.md §3 "Plan passed to checkout" (id, name, price, full_price, entry_price, description, item_type). */
  plan: CheckoutPlan | null;
  choice: GroupChoice | null;
  invite: { group_id: string; referral_code: string } | null;
  place: HeldPlace | null;
}

export const EMPTY_CHECKOUT: CheckoutState = { plan_id: null, plan: null, choice: null, invite: null, place: null };

export function readCheckout(): CheckoutState | null {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CheckoutState>;
    if (!value || typeof value !== 'object') return null;
    const plan = checkoutPlanSchema.safeParse(value.plan);
    return {
      plan_id: typeof value.plan_id === 'string' ? value.plan_id : null,
      plan: plan.success ? plan.data : null,
      choice: value.choice === 'new' || value.choice === 'auto' || value.choice === 'invite' ? value.choice : null,
      invite: value.invite && typeof value.invite.group_id === 'string' && typeof value.invite.referral_code === 'string' ? value.invite : null,
      place: value.place && typeof value.place.membership_id === 'string' && typeof value.place.group_id === 'string' ? value.place : null,
    };
  } catch {
    return null;
  }
}

export function writeCheckout(state: CheckoutState) {
  try {
    window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage blocked: the checkout still works page by page (the payment step reads the URL).
  }
}

export function clearCheckout() {
  try {
    window.sessionStorage.removeItem(CHECKOUT_STORAGE_KEY);
  } catch {
    // Nothing stored either.
  }
}

/** The plan in navigation state: a full docs/product/spec.md §3 plan, or only `{ id }` (a pending redirect that lost its snapshot). */
export function navigationPlan(state: unknown): { id: string; plan: CheckoutPlan | null } | null {
  const raw = (state as { plan?: unknown } | null)?.plan;
  if (!raw || typeof raw !== 'object') return null;
  const full = checkoutPlanSchema.safeParse(raw);
  if (full.success) return { id: full.data.id, plan: full.data };
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'string' && id ? { id, plan: null } : null;
}

/** A held place that is still usable for this plan (not lapsed). */
export function livePlace(state: CheckoutState, now = Date.now()): HeldPlace | null {
  const place = state.place;
  if (!place) return null;
  if (state.plan_id && place.plan_id !== state.plan_id) return null;
  if (place.hold_expires_at && Date.parse(place.hold_expires_at) <= now) return null;
  return place;
}

function initialState(navState: unknown): CheckoutState {
  const stored = readCheckout();
  const nav = navigationPlan(navState);
  if (!nav) return stored ?? EMPTY_CHECKOUT;
  if (stored && stored.plan_id === nav.id) return { ...stored, plan: nav.plan ?? stored.plan };
  // Another plan: a fresh checkout (a place held for the previous plan simply lapses).
  return { ...EMPTY_CHECKOUT, plan_id: nav.id, plan: nav.plan };
}

export function useCheckoutState() {
  const location = useLocation();
  const [state, setState] = useState<CheckoutState>(() => initialState(location.state));

  useEffect(() => {
    writeCheckout(state);
  }, [state]);

  const update = useCallback((patch: Partial<CheckoutState>) => setState((current) => ({ ...current, ...patch })), []);
  // The server render (web/ssr/pages.ts) cannot read the tab's storage: it draws the step's frame, not a guess, and the
  // browser's hydrating render does the same; the step itself right after.
  const known = useHydrated();
  return { state, update, known };
}

/** The join page's hand-over: the invite's group, its plan and the place just held there. */
export function saveInviteCheckout({
  plan,
  groupId,
  referralCode,
  membership,
}: {
  plan: CheckoutPlan | null;
  groupId: string;
  referralCode: string;
  membership: { id: string; hold_expires_at: string | null; invite_path: string };
}) {
  const planId = plan?.id ?? null;
  writeCheckout({
    plan_id: planId,
    plan,
    choice: 'invite',
    invite: { group_id: groupId, referral_code: referralCode },
    place: { membership_id: membership.id, group_id: groupId, plan_id: planId ?? '', hold_expires_at: membership.hold_expires_at, invite_path: membership.invite_path },
  });
}

/** docs/product/spec.md §3's checkout plan from any plan-like object the API returns. */
export function toCheckoutPlan(plan: { id: string; name: string; price: number; full_price: number | null; entry_price: number; description: string | null }): CheckoutPlan {
  const { id, name, price, full_price, entry_price, description } = plan;
  return { id, name, price, full_price, entry_price, description, item_type: 'plan' };
}
