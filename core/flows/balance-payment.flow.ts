// Flow: paying a voucher's balance after the group completed (docs/product/group-purchase.md): the voucher becomes redeemable, and the
// purchase is complete — the buyer's influencer earns a commission on the platform's fee; a refund reverses it.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import { notify } from '../notifications';
import { earnCommission, reverseCommission } from './commission.flow';
import { reverseCampaignBonusesForPayment } from './campaign-bonus.flow';
import { reverseGroupPurchase } from './payment-reversal.flow';
import type { PlanOrderFlow } from './plan-order.flow';
import { shipsAsOrder } from '../marketplace';
import { paymentConfirmedEmail, receiptPath, type PaymentPurposeHandler, type PaymentRecord, type SettleOutcome } from '../payments';
import type { Tx } from '../ports/unit-of-work';
import type { GroupsScope } from '../groups/ports';
import type { CatalogScope } from '../catalog/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { PaymentsScope } from '../payments/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import type { AuditScope } from '../audit/ports';
import type { CampaignsScope } from '../campaigns/ports';
import type { WalletScope } from '../wallet/ports';
import type { InfluencersScope } from '../influencers/ports';
import { groupCommands } from '../groups';
import { DEFAULT_SERVICE_INVOICE_DESCRIPTION, feeServiceInvoiceAmount, serviceInvoiceCommands, serviceInvoiceDescription } from '../service-invoices';
import type { ServiceInvoicesScope } from '../service-invoices/ports';
import { providerAmountOf } from '../payments';
import { toPerson } from '../messaging';

/** What a voucher's balance payment reads and writes: the voucher, its plan, the plan order and commission it starts. */
export type BalancePaymentScope = GroupsScope & CatalogScope & IdentityScope & NotificationsScope & PaymentsScope & MarketplaceScope & AuditScope & CampaignsScope & WalletScope & InfluencersScope & ServiceInvoicesScope;

/**
 * `planOrders`: a product plan's paid balance asks the member for the delivery address (plan-order.flow.ts).
 * `invoiceDescription`: the service invoice's description (`{plano}` is the plan's name).
 */
export function balancePaymentFlow(
  clock: Clock,
  options: { publicUrl?: string; feePercent?: number; planOrders?: Pick<PlanOrderFlow, 'balancePaid'>; invoiceDescription?: string } = {},
): PaymentPurposeHandler<BalancePaymentScope> {
  return {
    async resolve(repos: BalancePaymentScope, userId: string, voucherId: string) {
      const voucher = await repos.groups.vouchers.findById(voucherId);
      if (!voucher || voucher.user_id !== userId) throw notFound('voucher_not_found', 'Voucher não encontrado.');
      if (voucher.status === 'cancelled') throw conflict('voucher_cancelled', 'Este voucher foi cancelado.');
      if (voucher.status !== 'awaiting_balance') throw conflict('already_paid', 'O saldo deste voucher já foi pago.');
      const plan = await repos.catalog.plans.findById(voucher.plan_id);
      return { amount: voucher.balance_due, description: `Turma — saldo: ${plan?.name ?? 'plano'} (${voucher.code})` };
    },

    async settle(tx: Tx<BalancePaymentScope>, payment: PaymentRecord): Promise<SettleOutcome> {
      const voucher = await tx.groups.vouchers.findById(payment.ref_id);
      if (!voucher || !(await groupCommands(tx).markBalancePaid(voucher.id, clock.now()))) {
        return { outcome: 'refund_needed', reason: 'saldo já quitado' };
      }
      const plan = await tx.catalog.plans.findById(voucher.plan_id);
      const planName = plan?.name ?? 'plano';
      // A product plan ships as an order: instead of "ready to use", the member is asked to confirm the address.
      if (plan && options.planOrders && shipsAsOrder(plan)) await options.planOrders.balancePaid(tx, voucher, plan);
      else await tx.notifications.create(notify.balanceConfirmed(voucher.user_id, voucher.id, planName, voucher.code));
      const user = await tx.identity.users.findById(voucher.user_id);
      const profile = await tx.identity.profiles.findByUserId(voucher.user_id);
      if (user) await tx.jobs.enqueue('mail.send', toPerson(paymentConfirmedEmail({ to: user.email, name: profile?.full_name ?? '', what: `ao saldo de ${planName} (voucher ${voucher.code})`, amount: payment.amount, receiptLink: options.publicUrl ? `${options.publicUrl}${receiptPath(payment.id)}` : null }), user.id));
      if (options.feePercent !== undefined) {
        await earnCommission(tx, { buyerId: voucher.user_id, source: 'group_member', sourceId: voucher.member_id, base: voucher.price, feePercent: options.feePercent, now: clock.now() });
        // The purchase is complete: the platform's fee on it is its taxable service (docs/product/payments.md#service-invoices-nfs-e).
        const amount = feeServiceInvoiceAmount({ planKind: plan?.kind, price: voucher.price, feePercent: options.feePercent });
        if (amount !== null) {
          const charged = providerAmountOf(payment) > 0 && payment.provider_payment_id ? payment.provider_payment_id : null;
          const entry = charged ? null : await tx.payments.payments.findConfirmedFor('entry', voucher.member_id);
          await serviceInvoiceCommands(tx).schedule({
            source: 'group_purchase',
            source_id: voucher.id,
            payment_id: payment.id,
            amount,
            description: serviceInvoiceDescription(options.invoiceDescription ?? DEFAULT_SERVICE_INVOICE_DESCRIPTION, planName),
            occurred_at: clock.now(),
            provider: payment.provider === 'wallet' ? (entry?.provider ?? payment.provider) : payment.provider,
            provider_payment_id: charged,
            provider_customer_id: payment.provider_customer_id ?? entry?.provider_customer_id ?? null,
            customer: user && profile?.cpf ? { name: profile.full_name, cpf: profile.cpf, email: user.email, externalReference: user.id } : null,
          });
        }
      }
      return { outcome: 'applied' };
    },

    async refunded(tx: Tx<BalancePaymentScope>, payment: PaymentRecord) {
      // Only when the purchase was undone (voucher cancelled): a refunded duplicate of a balance already paid keeps it.
      const voucher = await tx.groups.vouchers.findById(payment.ref_id);
      if (voucher?.status === 'cancelled') await reverseCommission(tx, 'group_member', voucher.member_id, clock.now());
      // The invitee's purchase refunded within the window: the inviter's campaign bonus goes back too.
      await reverseCampaignBonusesForPayment(tx, payment, clock.now());
    },

    /** The provider refunded or charged back a confirmed balance: the purchase is cancelled unless redeemed. */
    async reversed(tx: Tx<BalancePaymentScope>, payment: PaymentRecord, kind) {
      await reverseGroupPurchase(tx, payment, kind, clock.now());
    },
  };
}
