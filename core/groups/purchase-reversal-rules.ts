// What a refund or chargeback the provider reports after a group payment was confirmed undoes (docs/product/README.md
// §1, §5, §11). The money went back to the member, so what it paid for goes too — but never what others earned:
//  - an entry of a group still open: the member's place is released (the count goes down, the others are told a place
//    opened, a newcomer may take it);
//  - after the group completed (the entry or the balance), while the voucher is not redeemed: the member's whole
//    purchase is withdrawn, as CDC art. 49 reads it for a completed group — the voucher is cancelled and the other
//    confirmed part (the balance, or the entry) is refunded too, so no money is left held for a voucher nobody can use.
//    The group stays complete: the other members keep the group price they earned;
//  - a redeemed voucher: the service was delivered and the professional's receivable stands; nothing is undone, the
//    back office is alerted to recover the money;
//  - a place or voucher already released, refunded or cancelled (the group expired, an earlier reversal): nothing.
// Commissions and campaign bonuses follow the refund itself (the payment purposes' `refunded` hooks), not this rule.
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
