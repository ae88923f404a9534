// Flow: paying a marketplace order (docs/product/marketplace.md, docs/product/payments.md). The charge is the order's total, only for its owner while the
// order waits inside its payment window; a confirmed one moves it `pending → paid` once, under the order's row lock.
// An order already cancelled (expired) or paid by another charge, or an amount that differs, sends the money back.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import { orderConfirmedEmail, orderNotify, orderNumber, orderPath } from '../marketplace';
import { receiptPath, type PaymentPurposeHandler, type PaymentRecord, type SettleOutcome } from '../payments';
import { reverseCommission } from './commission.flow';
import { reverseOrderPurchase } from './payment-reversal.flow';
import type { Tx } from '../ports/unit-of-work';
import type { MarketplaceScope } from '../marketplace/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { PaymentsScope } from '../payments/ports';
import type { AuditScope } from '../audit/ports';
import type { CatalogScope } from '../catalog/ports';
import type { GroupsScope } from '../groups/ports';
import type { CampaignsScope } from '../campaigns/ports';
import type { WalletScope } from '../wallet/ports';
import type { InfluencersScope } from '../influencers/ports';
import { orderCommands } from '../marketplace';
import type { ServiceInvoicesScope } from '../service-invoices/ports';
import { toPerson } from '../messaging';

/** What an order payment reads and writes: the order, its buyer, and on a reversal what the order undid. */
export type OrderPaymentScope = MarketplaceScope & IdentityScope & NotificationsScope & PaymentsScope & AuditScope & CatalogScope & GroupsScope & CampaignsScope & WalletScope & InfluencersScope & ServiceInvoicesScope;

export function orderPaymentFlow(clock: Clock, options: { publicUrl?: string } = {}): PaymentPurposeHandler<OrderPaymentScope> {
  return {
    async resolve(repos: OrderPaymentScope, userId: string, orderId: string) {
      const order = isId(orderId) ? await repos.marketplace.orders.findById(orderId) : null;
      if (!order || order.user_id !== userId) throw notFound('order_not_found', 'Pedido não encontrado.');
      if (order.status === 'cancelled' || order.status === 'refunded') throw conflict('order_cancelled', 'Este pedido foi cancelado. Faça um novo pedido.');
      if (order.status !== 'pending') throw conflict('already_paid', 'Este pedido já foi pago.');
      if (order.expires_at.getTime() <= clock.now().getTime()) {
        throw conflict('order_expired', 'O prazo para pagar este pedido acabou. Faça um novo pedido.');
      }
      return { amount: order.total_amount, description: `Turma — pedido ${orderNumber(order.id)}` };
    },

    async settle(tx: Tx<OrderPaymentScope>, payment: PaymentRecord): Promise<SettleOutcome> {
      const orders = tx.marketplace.orders;
      const refund = { outcome: 'refund_needed', reason: 'pedido indisponível quando o pagamento chegou' } as const;
      const order = await orders.lock(payment.ref_id);
      if (!order || order.status !== 'pending' || order.total_amount !== payment.amount) return refund;
      const now = clock.now();
      if (!(await orderCommands(tx).markPaid(order.id, payment.id, now))) return refund;
      await orders.recordStatus({ order_id: order.id, from_status: 'pending', to_status: 'paid', actor: 'pagamento', note: `pagamento ${payment.method} confirmado`, created_at: now });
      await tx.notifications.create(orderNotify.paid(order.user_id, order.id, order.total_amount));
      // One after another: these run on the confirming transaction's single connection.
      const user = await tx.identity.users.findById(order.user_id);
      const profile = await tx.identity.profiles.findByUserId(order.user_id);
      const items = await orders.items(order.id);
      if (user) {
        const link = options.publicUrl ? `${options.publicUrl}${orderPath(order.id)}` : null;
        const receiptLink = options.publicUrl ? `${options.publicUrl}${receiptPath(payment.id)}` : null;
        await tx.jobs.enqueue('mail.send', toPerson(orderConfirmedEmail({ to: user.email, name: profile?.full_name ?? '', orderId: order.id, total: order.total_amount, items, link, receiptLink, shipping: order.shipping_option_id ? { name: order.shipping_option_name ?? '', amount: order.shipping_amount, days: order.shipping_days ?? 0 } : null }), user.id));
      }
      // The NF-e of the goods is issued at payment, before they leave (docs/product/payments.md#goods-invoices).
      await tx.jobs.enqueue('goods_invoices.issue', { order_id: order.id }, { singletonKey: order.id });
      return { outcome: 'applied' };
    },

    /**
     * A refunded order's commission (earned on delivery) is reversed — only when the refunded charge is the one
     * that paid the order: a duplicate or late charge sent back leaves the order, and its commission, standing.
     */
    async refunded(tx: Tx<OrderPaymentScope>, payment: PaymentRecord) {
      const order = await tx.marketplace.orders.findById(payment.ref_id);
      if (!order || order.payment_id !== payment.id) return;
      await reverseCommission(tx, 'order', payment.ref_id, clock.now());
    },

    /** The provider refunded or charged back a confirmed order: the order is refunded, its stock back. */
    async reversed(tx: Tx<OrderPaymentScope>, payment: PaymentRecord, kind) {
      if ((await reverseOrderPurchase(tx, payment, kind, clock.now())) === 'order_refunded') {
        await tx.jobs.enqueue('goods_invoices.cancel', { order_id: payment.ref_id }, { singletonKey: payment.ref_id });
      }
    },
  };
}
