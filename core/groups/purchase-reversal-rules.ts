// What a refund or chargeback reported after a group payment's confirmation undoes: what the member's money paid for,
// never what others earned (docs/product/payments.md#refunds-and-chargebacks-after-confirmation). Commissions and
// campaign bonuses follow the refund itself (the payment purposes' `refunded` hooks), not this rule.
import type { GroupStatus, MemberStatus, VoucherStatus } from './group-rules';

export type PurchaseReversalKind = 'refund' | 'chargeback';

export type GroupPurchaseReversal =
  | { action: 'release_place' }
  | { action: 'cancel_purchase'; refund_other_part: boolean }
  | { action: 'keep'; reason: 'voucher_redeemed' | 'nothing_to_undo' };

export interface GroupPurchaseState {
  /** Which of the member's payments came back. */
  purpose: 'entry' | 'balance';
  group: { status: GroupStatus };
  member: { status: MemberStatus };
  /** The member's voucher, once the group completed. */
  voucher: { status: VoucherStatus } | null;
}

export function groupPurchaseReversal(state: GroupPurchaseState): GroupPurchaseReversal {
  const { purpose, group, member, voucher } = state;
  if (purpose === 'entry' && group.status === 'open' && member.status === 'paid') return { action: 'release_place' };
  if (group.status !== 'complete' || member.status !== 'awarded' || !voucher) return { action: 'keep', reason: 'nothing_to_undo' };
  if (voucher.status === 'redeemed') return { action: 'keep', reason: 'voucher_redeemed' };
  if (voucher.status === 'cancelled') return { action: 'keep', reason: 'nothing_to_undo' };
  // The entry came back: the balance was paid too when the voucher is redeemable. The balance came back: the entry
  // always was paid (a voucher exists only for an awarded member).
  return { action: 'cancel_purchase', refund_other_part: purpose === 'balance' || voucher.status === 'redeemable' };
}
