// The purpose registry: which flow settles which payment purpose, and what other modules do when an operator moves an
// order (the business hooks). In core, so the container only hands in adapters and settings.
import type { Clock } from '../shared/clock';
import { secureRandom } from '../shared/random';
import type { PaymentPurposes } from '../payments';
import type { OrderStatusHooks } from '../marketplace';
import { entryPaymentFlow, type EntryPaymentScope } from './entry-payment.flow';
import { balancePaymentFlow, type BalancePaymentScope } from './balance-payment.flow';
import { orderPaymentFlow, type OrderPaymentScope } from './order-payment.flow';
import { earnCommission, reverseCommission, type CommissionScope } from './commission.flow';
import type { PlanOrderFlow, PlanOrderScope } from './plan-order.flow';

/** The settings the flows read: links in messages, and the platform's fee (an influencer's commission base). */
export interface FlowSettings {
  publicUrl: string;
  platformFeePercent: number;
  /** The service invoice's description (NFSE_SERVICE_DESCRIPTION, `{plano}` the plan's name). */
  serviceInvoiceDescription?: string;
}

/** What the purposes' flows touch: the confirming transaction covers all of it. */
export type PaymentPurposesScope = EntryPaymentScope & BalancePaymentScope & OrderPaymentScope;

/** Each payment purpose and the flow that resolves, settles and undoes it (payments knows none of them). */
export function paymentPurposes(clock: Clock, settings: FlowSettings, planOrders: Pick<PlanOrderFlow, 'balancePaid'>, random: () => number = secureRandom): PaymentPurposes<PaymentPurposesScope> {
  return {
    entry: entryPaymentFlow(clock, random, { publicUrl: settings.publicUrl, platformFeePercent: settings.platformFeePercent }),
    balance: balancePaymentFlow(clock, { publicUrl: settings.publicUrl, feePercent: settings.platformFeePercent, planOrders, ...(settings.serviceInvoiceDescription ? { invoiceDescription: settings.serviceInvoiceDescription } : {}) }),
    order: orderPaymentFlow(clock, { publicUrl: settings.publicUrl }),
  };
}

/** What the order hooks touch: an influencer's commission, and a plan order's voucher. */
export type OrderHooksScope = CommissionScope & PlanOrderScope;

/**
 * A delivered order earns its buyer's influencer a commission, a refunded one reverses it; a plan order earned its
 * commission with its balance (balance-payment.flow.ts), never again at delivery, and handed to shipping it redeems its voucher.
 */
export function orderStatusHooks(settings: Pick<FlowSettings, 'platformFeePercent'>, planOrders: Pick<PlanOrderFlow, 'shipped'>): OrderStatusHooks<OrderHooksScope> {
  return {
    delivered: (tx, order, now) =>
      order.source === 'plan' ? Promise.resolve() : earnCommission(tx, { buyerId: order.user_id, source: 'order', sourceId: order.id, base: order.subtotal, feePercent: settings.platformFeePercent, now }),
    refunded: async (tx, order, now) => {
      await reverseCommission(tx, 'order', order.id, now);
      // Its NF-e is cancelled inside the legal window, else flagged for a return invoice (the job decides).
      await tx.jobs.enqueue('goods_invoices.cancel', { order_id: order.id }, { singletonKey: order.id });
    },
    shipped: (tx, order, now) => planOrders.shipped(tx, order, now),
  };
}
