// Flow: paying a group entry (docs/product/group-purchase.md–1.4). Says what an entry charge is (the group's entry price, only for the
// caller's live hold) and what a confirmed one does: the member is paid, everyone is told, and the group completes when
// this was the last place. Money for a place that no longer exists goes back (the payments module refunds it).
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import { secureRandom } from '../shared/random';
import { entryHoldAfterCharge, firstNameOf, occupiesPlace, paidCount, placesTaken, shouldComplete } from '../groups';
import { notify } from '../notifications';
import { paymentConfirmedEmail, receiptPath, type PaymentPurposeHandler, type PaymentRecord, type SettleOutcome } from '../payments';
import { recordFirstEntryConversion } from '../experiments';
import { completeGroup } from './complete-group.flow';
import { reverseCampaignBonusesForPayment } from './campaign-bonus.flow';
import { reverseGroupPurchase } from './payment-reversal.flow';
import type { Tx } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { CatalogScope } from '../catalog/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { ExperimentsScope } from '../experiments/ports';
import type { PaymentsScope } from '../payments/ports';
import type { AuditScope } from '../audit/ports';
import type { CampaignsScope } from '../campaigns/ports';
import type { WalletScope } from '../wallet/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import type { InfluencersScope } from '../influencers/ports';
import { groupCommands } from '../groups';
import type { ServiceInvoicesScope } from '../service-invoices/ports';
import { toPerson } from '../messaging';

/** What an entry payment reads and writes: the member's place, the group it may complete, the theme experiment's event. */
export type EntryPaymentScope = GroupsScope & CatalogScope & IdentityScope & NotificationsScope & ExperimentsScope & PaymentsScope & AuditScope & CampaignsScope & WalletScope & MarketplaceScope & InfluencersScope & ServiceInvoicesScope;

export function entryPaymentFlow(clock: Clock, random: () => number = secureRandom, options: { publicUrl?: string; platformFeePercent?: number } = {}): PaymentPurposeHandler<EntryPaymentScope> {
  return {
    async resolve(repos: EntryPaymentScope, userId: string, memberId: string) {
      const member = await repos.groups.members.findById(memberId);
      if (!member || member.user_id !== userId) throw notFound('member_not_found', 'Participação não encontrada.');
      const group = await repos.groups.groups.findById(member.group_id);
      if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
      if (member.status === 'paid' || member.status === 'awarded') throw conflict('already_paid', 'Sua entrada já foi paga.');
      if (group.status !== 'open') throw conflict('group_closed', 'Esta turma não está mais aceitando pagamentos.');
      if (member.status !== 'pending_payment' || !occupiesPlace(member, clock.now())) {
        throw conflict('hold_expired', 'Sua reserva expirou. Entre na turma novamente para pagar a entrada.');
      }
      const plan = await repos.catalog.plans.findById(group.plan_id);
      return { amount: group.entry_price, description: `Turma — entrada: ${plan?.name ?? 'plano'}` };
    },

    /** A boleto holds the place until its due date; switching back to PIX goes back to the 30-minute rule. */
    async charged(tx: Tx<EntryPaymentScope>, payment: PaymentRecord, charge: { dueDate: string; previousMethod: PaymentRecord['method'] | null }) {
      const hold = entryHoldAfterCharge({ method: payment.method, dueDate: charge.dueDate, previousMethod: charge.previousMethod }, clock.now());
      if (!hold) return;
      const member = await tx.groups.members.lock(payment.ref_id);
      if (!member || member.status !== 'pending_payment') return;
      await groupCommands(tx).extendHold(member.id, hold);
    },

    async settle(tx: Tx<EntryPaymentScope>, payment: PaymentRecord): Promise<SettleOutcome> {
      const member = await tx.groups.members.findById(payment.ref_id);
      const group = member ? await tx.groups.groups.lock(member.group_id) : null;
      if (!member || !group) return { outcome: 'refund_needed', reason: 'participação inexistente' };
      const now = clock.now();
      const members = await tx.groups.members.listForGroup(group.id);
      const others = members.filter((m) => m.id !== member.id);
      const roomForLatePayer = placesTaken(others, now) < group.group_size;
      const acceptable = group.status === 'open' && member.status === 'pending_payment' && (occupiesPlace(member, now) || roomForLatePayer);
      // Money for a place that no longer exists (released, group closed, already paid by another charge) goes back.
      if (!acceptable) return { outcome: 'refund_needed', reason: 'vaga indisponível quando o pagamento chegou' };

      await groupCommands(tx).markEntryPaid(member.id, now);
      // The theme experiment converts on the payer's first confirmed entry, recorded here by the server (never the browser).
      const paidBefore = (await tx.groups.members.listForUser(member.user_id)).some((m) => m.id !== member.id && ['paid', 'awarded', 'refunded'].includes(m.status));
      if (!paidBefore) await recordFirstEntryConversion(tx.experiments, member.user_id, now, { payment_id: payment.id, group_id: group.id });
      const plan = await tx.catalog.plans.findById(group.plan_id);
      const planName = plan?.name ?? 'plano';
      const paidNow = paidCount(others) + 1;
      const newcomer = members.find((m) => m.id === member.id);
      await tx.notifications.create(notify.entryConfirmed(member.user_id, member.id, group.id, planName, paidNow, group.group_size));
      for (const other of others.filter((m) => m.status === 'paid' || m.status === 'awarded')) {
        await tx.notifications.create(notify.memberJoined(other.user_id, group.id, member.id, firstNameOf(newcomer?.full_name), paidNow, group.group_size));
      }
      // One place left: every paid member hears it once, the one who just paid included (docs/integrations.md#whatsapp).
      if (group.group_size >= 2 && paidNow === group.group_size - 1) {
        const paidUsers = new Set([member.user_id, ...others.filter((m) => m.status === 'paid' || m.status === 'awarded').map((m) => m.user_id)]);
        for (const userId of paidUsers) await tx.notifications.create(notify.groupOneShort(userId, group.id, planName, group.deadline_at));
      }
      const payer = await tx.identity.users.findById(member.user_id);
      if (payer) await tx.jobs.enqueue('mail.send', toPerson(paymentConfirmedEmail({ to: payer.email, name: newcomer?.full_name ?? '', what: `à entrada da turma de ${planName}`, amount: payment.amount, receiptLink: options.publicUrl ? `${options.publicUrl}${receiptPath(payment.id)}` : null }), payer.id));

      if (shouldComplete(group, paidNow)) await completeGroup(tx, group, planName, now, random, options.platformFeePercent);
      return { outcome: 'applied' };
    },

    /** A refunded entry within the withdrawal window takes back the campaign bonus its inviter earned. */
    async refunded(tx: Tx<EntryPaymentScope>, payment: PaymentRecord) {
      await reverseCampaignBonusesForPayment(tx, payment, clock.now());
    },

    /** The provider refunded or charged back a confirmed entry: the place, or the completed purchase, goes. */
    async reversed(tx: Tx<EntryPaymentScope>, payment: PaymentRecord, kind) {
      await reverseGroupPurchase(tx, payment, kind, clock.now());
    },
  };
}
