// The groups module's commands: every write to a group, member or voucher status that a flow asks for. Each goes
// through the state tables in group-rules.ts: a move the table does not allow is refused (false, nothing written).
import type { Tx } from '../ports/unit-of-work';
import type { GroupsScope, GroupRecord, MemberRecord, VoucherRecord } from './ports';
import { canMoveGroup, canMoveMember, canMoveVoucher, type GroupStatus, type MemberStatus, type VoucherStatus } from './group-rules';

/** The group commands over one transaction; each answers whether it moved the row (false: refused or already moved). */
export function groupCommands(tx: Tx<GroupsScope>) {
  const { groups, members, vouchers } = tx.groups;
  const group = async (id: string, from: GroupStatus, to: GroupStatus, patch: Partial<GroupRecord>) => canMoveGroup(from, to) && groups.moveIf(id, from, to, patch);
  const member = async (id: string, from: MemberStatus, to: MemberStatus, patch: Partial<MemberRecord>) => canMoveMember(from, to) && members.moveIf(id, from, to, patch);
  const voucher = async (id: string, from: VoucherStatus, to: VoucherStatus, patch: Partial<VoucherRecord>) => canMoveVoucher(from, to) && vouchers.moveIf(id, from, to, patch);
  return {
    /** An open group filled its places. */
    complete: (groupId: string, now: Date) => group(groupId, 'open', 'complete', { completed_at: now }),
    /** An open group ended without filling: past its deadline (expired) or by an operator (cancelled). */
    end: (groupId: string, to: 'expired' | 'cancelled', now: Date) => group(groupId, 'open', to, { expired_at: now }),
    /** The entry was paid: the place is the member's, its hold over. */
    markEntryPaid: (memberId: string, now: Date) => member(memberId, 'pending_payment', 'paid', { paid_at: now, hold_expires_at: null }),
    /** An unpaid place goes back to the group. */
    releasePlace: (memberId: string, now: Date) => member(memberId, 'pending_payment', 'released', { released_at: now }),
    /** A paid member of a completed group gets the purchase (a voucher). */
    award: (memberId: string, now: Date) => member(memberId, 'paid', 'awarded', { awarded_at: now }),
    /** A paid or awarded member's entry is refunded (to the original payment, or to the wallet when asked). */
    refundMember: (memberId: string, from: 'paid' | 'awarded', now: Date, refundTo?: MemberRecord['refund_to']) =>
      member(memberId, from, 'refunded', { refunded_at: now, ...(refundTo ? { refund_to: refundTo } : {}) }),
    /** The balance was paid: the voucher can be used. */
    markBalancePaid: (voucherId: string, now: Date) => voucher(voucherId, 'awaiting_balance', 'redeemable', { redeemable_at: now }),
    /** The voucher was used: at a professional, or by a plan order handed to shipping (no professional). */
    redeemVoucher: (voucherId: string, now: Date, professionalId?: string) =>
      voucher(voucherId, 'redeemable', 'redeemed', { redeemed_at: now, ...(professionalId ? { redeemed_by_professional_id: professionalId } : {}) }),
    /** A member of a completed group gets the purchase: a voucher with its price, the entry paid and the balance due. */
    issueVoucher: (voucher: Parameters<typeof vouchers.create>[0]) => vouchers.create(voucher),
    /** An operator ends an open group now: its deadline moves to `at` and the expiry runs on it. */
    moveDeadline: (groupId: string, at: Date) => groups.update(groupId, { deadline_at: at }),
    /** A place waiting for its payment is held until `until` (a boleto's due date, say). */
    extendHold: (memberId: string, until: Date) => members.update(memberId, { hold_expires_at: until }),
    /** The purchase was undone (a withdrawal, a refund or chargeback) before the voucher was used. */
    cancelVoucher: (voucherId: string, from: VoucherStatus, now: Date) => voucher(voucherId, from, 'cancelled', { cancelled_at: now }),
  };
}

export type GroupCommands = ReturnType<typeof groupCommands>;
