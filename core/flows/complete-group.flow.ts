// Flow: a group whose last place was paid completes (docs/product/group-purchase.md). Every paid member is awarded a voucher at the
// group price with the entry already counted, told in-app and by e-mail; unpaid holds are released. Runs inside the
// transaction that confirmed the last entry, under the group's row lock, and happens once (conditional move).
import { groupCompleteEmail, makeCode, type GroupRecord } from '../groups';
import { notify } from '../notifications';
import { DEFAULT_PLATFORM_FEE_PERCENT } from '../professionals';
import { creditCampaignBonuses } from './campaign-bonus.flow';
import { requestChargeCancel } from '../payments';
import type { Tx } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { PaymentsScope } from '../payments/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import type { CampaignsScope } from '../campaigns/ports';
import type { WalletScope } from '../wallet/ports';
import { groupCommands } from '../groups';
import { toPerson } from '../messaging';

/** What completing a group writes: its members and vouchers, and through campaign bonuses the inviters' wallets. */
export type CompleteGroupScope = GroupsScope & PaymentsScope & IdentityScope & NotificationsScope & AuditScope & CampaignsScope & WalletScope;

/** `feePercent`: the platform fee (PLATFORM_FEE_PERCENT) a 'fee_percent' campaign bonus is a share of. */
export async function completeGroup(tx: Tx<CompleteGroupScope>, group: GroupRecord, planName: string, now: Date, random: () => number, feePercent = DEFAULT_PLATFORM_FEE_PERCENT): Promise<boolean> {
  if (!(await groupCommands(tx).complete(group.id, now))) return false;
  const members = await tx.groups.members.listForGroup(group.id);
  let awarded = 0;
  const awardedMembers: typeof members = [];
  for (const m of members) {
    if (m.status === 'pending_payment') {
      // The group is full without them: their pending entry charge is cancelled at the provider, so it
      // can no longer be paid; one that still arrives is refunded (the entry flow answers 'refund_needed').
      if (await groupCommands(tx).releasePlace(m.id, now)) await cancelPendingEntry(tx, m.id, 'vaga liberada: a turma completou');
      continue;
    }
    if (m.status !== 'paid' || !(await groupCommands(tx).award(m.id, now))) continue;
    awarded++;
    awardedMembers.push(m);
    const entry = await tx.payments.payments.findConfirmedFor('entry', m.id);
    const entryPaid = entry?.amount ?? group.entry_price;
    const balance = group.price - entryPaid;
    await groupCommands(tx).issueVoucher({ member_id: m.id, user_id: m.user_id, group_id: group.id, plan_id: group.plan_id, code: `TRM-${makeCode(8, random)}`, price: group.price, entry_paid: entryPaid, balance_due: balance });
    await tx.notifications.create(notify.groupComplete(m.user_id, m.id, group.id, planName, balance));
    const user = await tx.identity.users.findById(m.user_id);
    if (user) await tx.jobs.enqueue('mail.send', toPerson(groupCompleteEmail({ to: user.email, name: m.full_name ?? '', plan: planName, balance }), user.id));
  }
  // Inviters of awarded members earn the active campaign's bonus (same transaction, once per invitee).
  await creditCampaignBonuses(tx, group, awardedMembers, planName, feePercent, now);
  await tx.audit.append({ action: 'group.completed', actor_email: 'sistema', entity_type: 'group', entity_id: group.id, metadata: { members: awarded } });
  return true;
}

/** A released place's pending entry charge, if any, is cancelled at the provider (a job enqueued in `tx`). */
export async function cancelPendingEntry(tx: Tx<PaymentsScope>, memberId: string, reason: string): Promise<boolean> {
  const pending = await tx.payments.payments.findPendingFor('entry', memberId);
  if (!pending) return false;
  await requestChargeCancel(tx, pending, reason);
  return true;
}
