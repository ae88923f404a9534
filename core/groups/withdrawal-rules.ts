// The member's right of withdrawal, decided here and pure (docs/product/payments.md#withdrawal-cdc-art-49): what may
// be withdrawn and until the end of which São Paulo day (the day of the act does not count, Brazil has had no daylight
// saving time since 2019). core/flows/withdrawal.flow.ts applies it.
import type { GroupStatus, MemberStatus, VoucherStatus } from './group-rules';

export const WITHDRAWAL_DAYS = 7;
const DAY_MS = 86_400_000;
const SAO_PAULO_OFFSET = '-03:00';

/** The São Paulo calendar day (YYYY-MM-DD) of an instant. */
export function saoPauloDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The last instant of the withdrawal window that opened at `from`: the end of the 7th São Paulo day after it. */
export function withdrawalDeadline(from: Date): Date {
  const startOfDay = new Date(`${saoPauloDate(from)}T00:00:00.000${SAO_PAULO_OFFSET}`);
  return new Date(startOfDay.getTime() + (WITHDRAWAL_DAYS + 1) * DAY_MS - 1);
}

export interface WithdrawalState {
  group: { status: GroupStatus; completed_at: Date | null };
  member: { status: MemberStatus; paid_at: Date | null };
  /** The member's voucher, once the group completed. */
  voucher: { status: VoucherStatus } | null;
}

export type WithdrawalDecision =
  | { allowed: true; scope: 'entry' | 'purchase'; deadline: Date }
  | { allowed: false; reason: 'window_closed'; deadline: Date }
  | { allowed: false; reason: 'voucher_redeemed' | 'not_withdrawable'; deadline: null };

/** Until when the member may withdraw, and what: null when nothing is withdrawable (whatever the date). */
export function withdrawalWindow(state: WithdrawalState): { scope: 'entry' | 'purchase'; deadline: Date } | null {
  const { group, member, voucher } = state;
  if (group.status === 'open' && member.status === 'paid' && member.paid_at) return { scope: 'entry', deadline: withdrawalDeadline(member.paid_at) };
  if (group.status === 'complete' && member.status === 'awarded' && group.completed_at && voucher && (voucher.status === 'awaiting_balance' || voucher.status === 'redeemable')) {
    return { scope: 'purchase', deadline: withdrawalDeadline(group.completed_at) };
  }
  return null;
}

export function decideWithdrawal(state: WithdrawalState, now: Date): WithdrawalDecision {
  if (state.voucher?.status === 'redeemed') return { allowed: false, reason: 'voucher_redeemed', deadline: null };
  const window = withdrawalWindow(state);
  if (!window) return { allowed: false, reason: 'not_withdrawable', deadline: null };
  if (now.getTime() > window.deadline.getTime()) return { allowed: false, reason: 'window_closed', deadline: window.deadline };
  return { allowed: true, ...window };
}

/**
 * What a withdrawal gives back, as the member is told before confirming: the entry while the group is open; once it
 * completed, the purchase paid so far (the entry, and the balance once it is paid).
 */
export function withdrawableAmount(state: { group: { entry_price: number }; voucher: { status: VoucherStatus; entry_paid: number; balance_due: number } | null }): number {
  const { group, voucher } = state;
  if (!voucher) return group.entry_price;
  return voucher.entry_paid + (voucher.status === 'redeemable' ? voucher.balance_due : 0);
}

/** For the member's view: the deadline (ISO) while a withdrawal is still possible at `now`, else null. */
export function withdrawalDeadlineFor(state: WithdrawalState, now: Date): string | null {
  const d = decideWithdrawal(state, now);
  return d.allowed ? d.deadline.toISOString() : null;
}
