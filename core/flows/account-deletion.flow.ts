// Flow: deleting an account (LGPD art. 18, VI) keeps the product's promises first (docs/product/identity.md#account-deletion):
// open purchases withdrawn and refunded, pending group charges cancelled, wallet credit sent back by one PIX payout,
// then the account anonymised — all in one transaction, the transfer leaving as a job enqueued in it.
import type { Clock } from '../shared/clock';
import { DomainError, conflict, invalid } from '../shared/errors';
import { formatCents } from '../shared/money';
import type { PasswordHasher, SecretTokens } from '../ports/security';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import { accountDeletedEmail, anonymiseAccount, auditMeta, firstName, RETENTION_NOTICE, type AuthenticatedUser, type RequestMeta } from '../identity';
import { groupCommands } from '../groups';
import { cancelPendingPayment, needsRefundChoice, refundToPixKey, requestChargeCancel, type PaymentRecord, type PixKey } from '../payments';
import { payoutCommands } from '../professionals';
import { commissionTotals } from '../influencers';
import { planAccountDeletion, type DeletionFacts, type DeletionLocale, type DeletionPlan } from './account-deletion-plan';
import type { WithdrawalFlow, WithdrawalScope } from './withdrawal.flow';
import type { ProfessionalsScope } from '../professionals/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import type { PushScope } from '../messaging';

type AccountDeletionScope = WithdrawalScope & ProfessionalsScope & MarketplaceScope & PushScope;

/** The wallet entry that takes the refunded credit out of the ledger: one per account, so a retry never takes it twice. */
export const deletionRefundRef = (userId: string) => `account-deletion:${userId}:refund`;

const OPEN_ORDER = ['pending', 'paid', 'preparing', 'shipped'] as const;
type OpenOrderStatus = (typeof OPEN_ORDER)[number];
/** More than anyone has: a person's payments and orders are read whole. */
const ALL = 10_000;

const PIX_KEY_REQUIRED: Record<DeletionLocale, string> = {
  'pt-BR': 'Informe a chave PIX para receber a devolução antes de excluir a conta.',
  'en-US': 'Enter the PIX key to receive the refund before deleting the account.',
};

export interface AccountDeletionResult {
  message: string;
  retention: string;
  withdrawn: number;
  released: number;
  charges_cancelled: number;
  /** The wallet credit sent back by PIX (centavos) and its payout; null without credit. */
  refund: { amount: number; payout_id: string } | null;
}

export class AccountDeletionFlow {
  constructor(
    private readonly uow: UnitOfWork<AccountDeletionScope>,
    private readonly withdrawals: Pick<WithdrawalFlow, 'withdrawIn'>,
    private readonly hasher: PasswordHasher,
    private readonly tokens: SecretTokens,
    private readonly clock: Clock,
  ) {}

  /** GET /api/me/account/deletion-plan: what deleting the account now would do, or why it cannot. */
  async plan(userId: string, locale: DeletionLocale = 'pt-BR'): Promise<DeletionPlan> {
    return planAccountDeletion(await this.facts(this.uow.repos, userId), this.clock.now(), locale);
  }

  /**
   * DELETE /api/me: the password again, then the plan applied in one transaction. The user's wallet lock serialises
   * two deletions of the same account (a double click): the second finds it deleted. The credit leaves under a
   * ref-unique ledger entry and a payout unique per account, so one PIX transfer at most.
   */
  async delete(current: AuthenticatedUser, input: { password: string; pix_key?: PixKey | null }, meta: RequestMeta, locale: DeletionLocale = 'pt-BR'): Promise<AccountDeletionResult> {
    const user = await this.uow.repos.identity.users.findById(current.id);
    if (!user || user.deleted_at) throw gone();
    if (!(await this.hasher.verify(user.password_hash, input.password))) throw invalid('wrong_password', 'Senha incorreta.', { password: 'Senha incorreta.' });
    // A hash of a random secret nobody knows: the account can never be signed into again.
    const unusable = await this.hasher.hash(this.tokens.generate());
    const pixKey = input.pix_key ?? null;
    const now = this.clock.now();
    const actor = { id: user.id, email: user.email };

    return this.uow.run(async (tx) => {
      await tx.wallet.lockUser(user.id);
      const fresh = await tx.identity.users.findById(user.id);
      if (!fresh || fresh.deleted_at) throw gone();
      const facts = await this.facts(tx, user.id);
      const plan = planAccountDeletion(facts, now, locale);
      if (!plan.can_delete) {
        throw new DomainError('conflict', 'account_deletion_blocked', plan.blockers.map((b) => b.message).join(' '), { details: { blockers: plan.blockers } });
      }
      if (plan.pix_key_required && !pixKey) throw invalid('pix_key_required', PIX_KEY_REQUIRED[locale], { pix_key: PIX_KEY_REQUIRED[locale] });

      // Pending group charges first: cancelled (their wallet credit back), and dropped at the provider by a job.
      let cancelled = 0;
      for (const charge of facts.pending_charges.filter((c) => c.purpose !== 'order')) {
        if (!(await cancelPendingPayment(tx, { id: charge.payment_id }, 'conta excluída pelo titular', 'conta excluída'))) continue;
        cancelled++;
        await requestChargeCancel(tx, { id: charge.payment_id }, 'cobrança cancelada: conta excluída');
      }
      let released = 0;
      let withdrawn = 0;
      for (const m of plan.memberships) {
        if (m.action === 'release_hold') {
          if (await groupCommands(tx).releasePlace(m.member_id, now)) released++;
        } else {
          await this.withdrawals.withdrawIn(tx, actor, { id: m.member_id, group_id: m.group_id }, 'original', now, meta);
          withdrawn++;
        }
      }
      // Boleto refunds (these withdrawals' and any still waiting for a choice) go to the key given here.
      if (pixKey) {
        for (const p of (await tx.payments.payments.listForUser(user.id, 0, ALL)).items) {
          if (p.status === 'refund_pending' && needsRefundChoice(p) && !p.refund_destination) await refundToPixKey(tx, p.id, pixKey);
        }
      }
      const refund = await this.refundCredit(tx, user.id, pixKey);

      const profile = await tx.identity.profiles.findByUserId(user.id);
      await anonymiseAccount(tx, user, unusable, now);
      // Its browsers' push subscriptions go too: nothing is sent to a deleted account.
      await tx.pushSubscriptions.removeAllForUser(user.id);
      await tx.audit.append({
        action: 'user.deleted',
        actor_user_id: user.id,
        actor_email: null,
        entity_type: 'user',
        entity_id: user.id,
        ...auditMeta(meta),
        metadata: { retention: RETENTION_NOTICE, withdrawn, released, charges_cancelled: cancelled, refund_amount: refund?.amount ?? 0, payout_id: refund?.payout_id ?? null },
      });
      await tx.jobs.enqueue('mail.send', accountDeletedEmail({ to: user.email, name: firstName(profile), refund: refund?.amount ?? 0 }));
      return { message: 'Sua conta foi excluída.', retention: RETENTION_NOTICE, withdrawn, released, charges_cancelled: cancelled, refund };
    });
  }

  /** The whole balance leaves the ledger (one entry per account) and one payout sends it to the key. */
  private async refundCredit(tx: Tx<AccountDeletionScope>, userId: string, pixKey: PixKey | null) {
    const credit = await tx.wallet.balance(userId);
    if (credit <= 0) return null;
    if (!pixKey) throw invalid('pix_key_required', PIX_KEY_REQUIRED['pt-BR'], { pix_key: PIX_KEY_REQUIRED['pt-BR'] });
    const description = `Crédito de ${formatCents(credit)} devolvido por PIX (conta excluída)`;
    const taken = await tx.wallet.add({ user_id: userId, amount: -credit, kind: 'adjustment', description, ref: deletionRefundRef(userId) });
    const payout = taken ? await payoutCommands(tx).requestWalletRefund({ user_id: userId, amount: credit, pix_key_type: pixKey.type, pix_key: pixKey.key }) : null;
    if (!payout) throw conflict('account_refund_exists', 'A devolução do crédito desta conta já foi feita.');
    await tx.audit.append({ action: 'payout.created', actor_email: 'sistema', entity_type: 'payout', entity_id: payout.id, metadata: { user_id: userId, amount: credit, reason: 'exclusão da conta' } });
    return { amount: credit, payout_id: payout.id };
  }

  /** What the plan is computed from, read through each module's repositories (inside the deletion's transaction there). */
  private async facts(repos: AccountDeletionScope, userId: string): Promise<DeletionFacts> {
    const { groups, payments, wallet, catalog, professionals, influencers, commissions, marketplace } = repos;
    const allPayments = (await payments.payments.listForUser(userId, 0, ALL)).items;
    const boletoPart = (p: PaymentRecord | null) => (p && needsRefundChoice(p) ? p.amount - p.wallet_amount : 0);

    const memberships: DeletionFacts['memberships'] = [];
    for (const member of await groups.members.listForUser(userId)) {
      if (member.status === 'released' || member.status === 'refunded') continue;
      const group = await groups.groups.findById(member.group_id);
      if (!group) continue;
      const voucher = await groups.vouchers.findByMember(member.id);
      const plan = await catalog.plans.findById(group.plan_id);
      const entry = await payments.payments.findConfirmedFor('entry', member.id);
      const balance = voucher ? await payments.payments.findConfirmedFor('balance', voucher.id) : null;
      memberships.push({
        member_id: member.id,
        group_id: group.id,
        plan_name: plan?.name ?? 'plano',
        group: { status: group.status, completed_at: group.completed_at, entry_price: group.entry_price },
        member: { status: member.status, paid_at: member.paid_at },
        voucher: voucher ? { status: voucher.status, code: voucher.code, entry_paid: voucher.entry_paid, balance_due: voucher.balance_due } : null,
        boleto_refund: boletoPart(entry) + boletoPart(balance),
      });
    }

    const professional = await professionals.professionals.findByUserId(userId);
    const owedAsProfessional = professional
      ? (await professionals.receivables.listForProfessional(professional.id))
          .filter((r) => r.status === 'pending' || r.status === 'available' || r.status === 'in_payout')
          .reduce((sum, r) => sum + r.net, 0)
      : 0;
    const influencer = await influencers.findByUserId(userId);
    const totals = influencer ? commissionTotals(await commissions.amountsForInfluencer(influencer.id)) : null;
    const orders = (await marketplace.orders.listForUser(userId, 0, ALL)).items;

    return {
      memberships,
      pending_charges: allPayments
        .filter((p) => p.status === 'pending')
        .map((p) => ({ payment_id: p.id, purpose: p.purpose, ref_id: p.ref_id, amount: p.amount, wallet_amount: p.wallet_amount })),
      awaiting_refund_choice: allPayments
        .filter((p) => p.status === 'refund_pending' && needsRefundChoice(p) && !p.refund_destination)
        .map((p) => ({ payment_id: p.id, amount: p.amount - p.wallet_amount })),
      open_orders: orders.filter((o): o is typeof o & { status: OpenOrderStatus } => (OPEN_ORDER as readonly string[]).includes(o.status)).map((o) => ({ order_id: o.id, status: o.status })),
      wallet_balance: await wallet.balance(userId),
      owed_as_professional: owedAsProfessional,
      owed_as_influencer: totals ? Math.max(0, totals.pending + totals.available - totals.clawback) : 0,
    };
  }
}

const gone = () => new DomainError('unauthenticated', 'unauthenticated', 'Sessão expirada. Entre novamente.');
