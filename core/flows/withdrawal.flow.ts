// Flow: the member's withdrawal from a group purchase (docs/product/payments.md#withdrawal-cdc-art-49); the pure rule
// is core/groups/withdrawal-rules.ts. The group row, then the member's, are locked and every move is conditional, so two
// concurrent requests withdraw once (the second gets 409). Notified, e-mailed and audited.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import { auditMeta, type RequestMeta } from '../identity';
import { decideWithdrawal, firstNameOf, paidCount, withdrawalEmail, type Actor } from '../groups';
import { notify } from '../notifications';
import { requestChargeCancel, requestRefund, type PaymentRecord } from '../payments';
import { reverseCommission } from './commission.flow';
import { reverseCampaignBonuses } from './campaign-bonus.flow';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { PaymentsScope } from '../payments/ports';
import type { WalletScope } from '../wallet/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import type { CatalogScope } from '../catalog/ports';
import type { CampaignsScope } from '../campaigns/ports';
import type { InfluencersScope } from '../influencers/ports';
import { groupCommands } from '../groups';
import { serviceInvoiceCommands } from '../service-invoices';
import type { ServiceInvoicesScope } from '../service-invoices/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import { undoPlanOrder } from './plan-order.flow';
import { toPerson } from '../messaging';

/** The tables a withdrawal reads and writes across groups, payments and the wallet, undoing bonuses and commissions. */
export type WithdrawalScope = GroupsScope & PaymentsScope & WalletScope & IdentityScope & NotificationsScope & AuditScope & CatalogScope & CampaignsScope & InfluencersScope & ServiceInvoicesScope & MarketplaceScope;

export type WithdrawalDestination = 'original' | 'wallet';

export interface WithdrawalResult {
  membership_id: string;
  group_id: string;
  scope: 'entry' | 'purchase';
  destination: WithdrawalDestination;
  /** Centavos going back: refunds requested plus wallet credit. */
  amount: number;
  status: 'refund_started' | 'wallet_credited';
}

const ddmmyyyy = (d: Date) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

export class WithdrawalFlow {
  constructor(
    private readonly uow: UnitOfWork<WithdrawalScope>,
    private readonly clock: Clock,
  ) {}

  async withdraw(actor: Actor, memberId: string, destination: WithdrawalDestination = 'original', meta?: RequestMeta): Promise<WithdrawalResult> {
    const found = isId(memberId) ? await this.uow.repos.groups.members.findById(memberId) : null;
    if (!found || found.user_id !== actor.id) throw notFound('member_not_found', 'Participação não encontrada.');
    const now = this.clock.now();
    return this.uow.run((tx) => this.withdrawIn(tx, actor, found, destination, now, meta));
  }

  /** The withdrawal in the caller's transaction (an account deletion withdraws every open purchase in its own). */
  async withdrawIn(tx: Tx<WithdrawalScope>, actor: Actor, found: { id: string; group_id: string }, destination: WithdrawalDestination, now: Date, meta?: RequestMeta): Promise<WithdrawalResult> {
    const group = await tx.groups.groups.lock(found.group_id);
    const member = await tx.groups.members.lock(found.id);
    if (!group || !member) throw notFound('member_not_found', 'Participação não encontrada.');
    const voucher = await tx.groups.vouchers.findByMember(member.id);
    const decision = decideWithdrawal({ group, member, voucher }, now);
    if (!decision.allowed) {
      if (decision.reason === 'window_closed') {
        throw conflict('withdrawal_window_closed', `O prazo de 7 dias para desistir desta compra terminou em ${ddmmyyyy(decision.deadline)}.`);
      }
      if (decision.reason === 'voucher_redeemed') throw conflict('voucher_already_redeemed', 'O voucher desta compra já foi usado: não é mais possível desistir.');
      throw conflict('withdrawal_not_allowed', 'Esta participação não pode mais ser desistida.');
    }
    const plan = (await tx.catalog.plans.findById(group.plan_id))?.name ?? 'plano';
    const toWallet = destination === 'wallet';
    const reason = 'desistência do participante (CDC art. 49)';
    let amount = 0;
    // Refunds (or wallet credit) of the confirmed payments; payment rows before the voucher, as a confirmation takes them.
    const giveBack = async (payment: PaymentRecord | null, what: 'entry' | 'balance') => {
      if (!payment || payment.status !== 'confirmed') return;
      if (toWallet) {
        const description = `${what === 'entry' ? 'Entrada' : 'Saldo'} da turma de ${plan} (desistência)`;
        if (await tx.wallet.add({ user_id: member.user_id, amount: payment.amount, kind: 'entry_credit', description, ref: `withdrawal:${payment.id}` })) amount += payment.amount;
      } else if (await requestRefund(tx, payment, reason)) {
        amount += payment.amount;
      }
    };

    if (decision.scope === 'entry') {
      if (!(await groupCommands(tx).refundMember(member.id, 'paid', now, destination))) {
        throw conflict('withdrawal_not_allowed', 'Esta participação não pode mais ser desistida.');
      }
      await giveBack(await tx.payments.payments.findConfirmedFor('entry', member.id), 'entry');
      const members = await tx.groups.members.listForGroup(group.id);
      const paid = paidCount(members);
      for (const other of members.filter((m) => m.id !== member.id && (m.status === 'paid' || m.status === 'awarded'))) {
        await tx.notifications.create(notify.placeOpened(other.user_id, group.id, member.id, plan, paid, group.group_size));
      }
      await tx.audit.append({ action: 'group.place_released', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'group', entity_id: group.id, ...(meta ? auditMeta(meta) : {}),
        metadata: { reason, member_id: member.id, user_id: member.user_id, first_name: firstNameOf(members.find((m) => m.id === member.id)?.full_name), paid, group_size: group.group_size } });
    } else {
      const v = voucher!;
      const entry = await tx.payments.payments.findConfirmedFor('entry', member.id);
      const balance = await tx.payments.payments.findConfirmedFor('balance', v.id);
      await giveBack(entry, 'entry');
      await giveBack(balance, 'balance');
      const pendingBalance = await tx.payments.payments.findPendingFor('balance', v.id);
      if (pendingBalance) await requestChargeCancel(tx, pendingBalance, `compra cancelada: ${reason}`);
      if (!(await groupCommands(tx).cancelVoucher(v.id, v.status, now))) throw conflict('withdrawal_not_allowed', 'Esta participação não pode mais ser desistida.');
      await groupCommands(tx).refundMember(member.id, 'awarded', now, destination);
      // The platform's fee was invoiced when the purchase completed: that service invoice is cancelled.
      await serviceInvoiceCommands(tx).requestCancel('group_purchase', v.id, reason, now);
      // A product plan's goods invoice likewise, once its order exists.
      await undoPlanOrder(tx, v.id, reason, now);
      await reverseCommission(tx, 'group_member', member.id, now);
      await reverseCampaignBonuses(tx, member.id, now, reason);
    }

    await tx.notifications.create(notify.purchaseWithdrawn(member.user_id, member.id, group.id, { plan, scope: decision.scope, amount, to_wallet: toWallet }));
    const user = await tx.identity.users.findById(member.user_id);
    const profile = user ? await tx.identity.profiles.findByUserId(user.id) : null;
    if (user) await tx.jobs.enqueue('mail.send', toPerson(withdrawalEmail({ to: user.email, name: profile?.full_name ?? '', plan, scope: decision.scope, amount, toWallet }), user.id));
    await tx.audit.append({
      action: 'group.purchase_withdrawn', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'group', entity_id: group.id, ...(meta ? auditMeta(meta) : {}),
      metadata: { member_id: member.id, scope: decision.scope, destination, amount, deadline: decision.deadline.toISOString(), voucher_id: voucher?.id ?? null },
    });
    return { membership_id: member.id, group_id: group.id, scope: decision.scope, destination, amount, status: toWallet ? 'wallet_credited' : 'refund_started' };
  }
}

