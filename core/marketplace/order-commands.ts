// The marketplace's order commands: paid or refunded by its payment, expired unpaid. Each goes through ORDER_TRANSITIONS
// (order-rules.ts) with its actor: a move the table does not allow is refused (false, nothing written).
import type { Tx } from '../ports/unit-of-work';
import type { MarketplaceScope, OrderRecord } from './ports';
import { canTransition } from './order-rules';

/** The order commands over one transaction; each answers whether it moved the order. */
export function orderCommands(tx: Tx<MarketplaceScope>) {
  const orders = tx.marketplace.orders;
  return {
    /** A pending order's payment was confirmed. */
    markPaid: async (orderId: string, paymentId: string, now: Date) => canTransition('pending', 'paid', 'payment') && orders.moveIf(orderId, ['pending'], 'paid', { paid_at: now, payment_id: paymentId }),
    /** The provider gave the order's money back (a refund made at the provider, or a chargeback). */
    refundByPayment: async (order: Pick<OrderRecord, 'id' | 'status'>, note: string, now: Date) =>
      canTransition(order.status, 'refunded', 'payment') && orders.moveIf(order.id, [order.status], 'refunded', { refunded_at: now, cancel_reason: note }),
    /** A pending order whose payment did not arrive in time (the system is the actor). */
    expireUnpaid: async (orderId: string, reason: string, now: Date) =>
      canTransition('pending', 'cancelled', 'system') && orders.moveIf(orderId, ['pending'], 'cancelled', { cancelled_at: now, cancel_reason: reason }),
  };
}
