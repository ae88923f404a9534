// Flow: the member-to-member campaign bonus (docs/product/referrals.md#campaigns), credited in the completing
// transaction. The campaign row is locked and `spent` moves by a conditional update, so concurrent completions never pass
// the budget; an invitee's purchase undone within the withdrawal window reverses the bonus once.
import type { GroupRecord, MemberRecord } from '../groups';
import type { PaymentRecord } from '../payments';
import { bonusAmount, bonusReversalRef, bonusWalletRef, campaignCommands, isActiveAt, platformFeeOf, withinReversalWindow } from '../campaigns';
import type { Tx } from '../ports/unit-of-work';
import type { CampaignsScope } from '../campaigns/ports';
import type { GroupsScope } from '../groups/ports';
import type { WalletScope } from '../wallet/ports';
import type { AuditScope } from '../audit/ports';

/** What a campaign bonus reads and writes: the campaign, the invitee's group and the inviter's wallet. */
export type CampaignBonusScope = CampaignsScope & GroupsScope & WalletScope & AuditScope;

/** Credits the bonuses earned by `awarded` members' inviters; returns how many were credited. */
export async function creditCampaignBonuses(
  tx: Tx<CampaignBonusScope>,
  group: Pick<GroupRecord, 'id' | 'price'>,
  awarded: ReadonlyArray<Pick<MemberRecord, 'id' | 'user_id' | 'invited_by_member_id'>>,
  planName: string,
  feePercent: number,
  now: Date,
): Promise<number> {
  const invited = awarded.filter((m) => m.invited_by_member_id);
  if (!invited.length) return 0;
  const active = await tx.campaigns.campaigns.findActiveAt(now);
  // The lock serialises every bonus of this campaign: the cap and budget below are read and spent one at a time.
  const campaign = active ? await tx.campaigns.campaigns.lock(active.id) : null;
  if (!campaign || !isActiveAt(campaign, now)) return 0;
  const fee = platformFeeOf(group.price, feePercent);
  let spent = campaign.spent;
  let credited = 0;
  for (const m of invited) {
    const inviter = await tx.groups.members.findById(m.invited_by_member_id!);
    // Self-invites earn nothing; nor does an inviter who gave their place up.
    if (!inviter || inviter.user_id === m.user_id || inviter.status === 'released' || inviter.status === 'refunded') continue;
    const already = await tx.campaigns.bonuses.creditedToInviter(campaign.id, inviter.user_id);
    const amount = bonusAmount({ ...campaign, spent }, fee, already);
    if (amount <= 0) continue;
    const ref = bonusWalletRef(campaign.id, m.id);
    // Out of budget, or paid already (the completion was reported again): nothing more.
    if (!(await campaignCommands(tx).recordBonus({ campaign_id: campaign.id, inviter_user_id: inviter.user_id, inviter_member_id: inviter.id, invitee_member_id: m.id, group_id: group.id, amount, wallet_entry_ref: ref }))) continue;
    await tx.wallet.add({ user_id: inviter.user_id, amount, kind: 'referral_bonus', description: `Bônus da campanha "${campaign.name}": seu convite completou a turma de ${planName}`, ref });
    await tx.audit.append({ action: 'campaign.bonus_credited', actor_email: 'sistema', entity_type: 'campaign', entity_id: campaign.id, metadata: { inviter_user_id: inviter.user_id, invitee_member_id: m.id, group_id: group.id, amount } });
    spent += amount;
    credited++;
  }
  return credited;
}

/**
 * Reverses the bonuses an invitee's purchase earned, when it is undone (`undoneAt`: withdrawn, cancelled) within the
 * withdrawal window counted from the group's completion (docs/product/group-purchase.md, docs/product/payments.md#withdrawal-cdc-art-49: 7 days); undone later, the bonus stays: the bonus is marked reversed, the budget gets its share back and the inviter's wallet a
 * negative 'referral_bonus' entry under its own ref (so it happens once). Returns how many were reversed.
 */
export async function reverseCampaignBonuses(tx: Tx<CampaignBonusScope>, inviteeMemberId: string, undoneAt: Date, reason: string): Promise<number> {
  const member = await tx.groups.members.findById(inviteeMemberId);
  const group = member ? await tx.groups.groups.findById(member.group_id) : null;
  if (!group || !withinReversalWindow(group.completed_at, undoneAt)) return 0;
  let reversed = 0;
  for (const bonus of await tx.campaigns.bonuses.listCreditedForInvitee(inviteeMemberId)) {
    // Same lock order as the credit: the campaign row first.
    await tx.campaigns.campaigns.lock(bonus.campaign_id);
    if (!(await tx.campaigns.bonuses.markReversed(bonus.id, undoneAt, reason))) continue;
    await tx.campaigns.campaigns.subtractSpent(bonus.campaign_id, bonus.amount);
    await tx.wallet.add({ user_id: bonus.inviter_user_id, amount: -bonus.amount, kind: 'referral_bonus', description: 'Bônus de campanha estornado: a compra do seu convidado foi reembolsada', ref: bonusReversalRef(bonus.wallet_entry_ref) });
    await tx.audit.append({ action: 'campaign.bonus_reversed', actor_email: 'sistema', entity_type: 'campaign', entity_id: bonus.campaign_id, metadata: { bonus_id: bonus.id, inviter_user_id: bonus.inviter_user_id, invitee_member_id: inviteeMemberId, amount: bonus.amount, reason } });
    reversed++;
  }
  return reversed;
}

/**
 * For a group purchase's payment (an entry or a balance) that was refunded: the bonus goes only when the purchase that
 * earned it was undone (the member withdrew or the purchase was cancelled — member `refunded`), and only if it was
 * undone within the window, counted at the moment it was undone (not when the refund landed). A refund that undid
 * nothing — a duplicate payment of a purchase that stands — keeps the bonus.
 */
export async function reverseCampaignBonusesForPayment(tx: Tx<CampaignBonusScope>, payment: Pick<PaymentRecord, 'purpose' | 'ref_id'>, now: Date): Promise<number> {
  const memberId = payment.purpose === 'entry' ? payment.ref_id : payment.purpose === 'balance' ? ((await tx.groups.vouchers.findById(payment.ref_id))?.member_id ?? null) : null;
  const member = memberId ? await tx.groups.members.findById(memberId) : null;
  if (!member || member.status !== 'refunded') return 0;
  return reverseCampaignBonuses(tx, member.id, member.refunded_at ?? now, `pagamento de ${payment.purpose === 'entry' ? 'entrada' : 'saldo'} reembolsado`);
}
