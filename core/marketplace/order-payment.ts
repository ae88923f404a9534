// Orders are paid through PaymentService like entries and balances: this target tells it the amount of an order and
// what a confirmed payment does to it (PRODUCT.md §6: applied once, only if the amount matches).
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import type { MailMessage } from '../ports/mailer';
import type { Repositories } from '../ports/repositories';
import type { PaymentRecord } from '../ports/group-repositories';
import type { PaymentTarget } from '../payments/payment.service';
import { orderConfirmedEmail, orderNotify, orderNumber, orderPath } from './order-messages';

export class OrderPaymentTarget implements PaymentTarget {
  constructor(
    private readonly clock: Clock,
    private readonly options: { publicUrl?: string } = {},
  ) {}

  /** Only the owner, only a `pending` order still inside its payment window; the amount is the order's total. */
  async resolve(repos: Repositories, userId: string, refId: string) {
    const order = z.uuid().safeParse(refId).success ? await repos.orders.findById(refId) : null;
    if (!order || order.user_id !== userId) throw notFound('order_not_found', 'Pedido não encontrado.');
    if (order.status === 'cancelled' || order.status === 'refunded') throw conflict('order_cancelled', 'Este pedido foi cancelado. Faça um novo pedido.');
    if (order.status !== 'pending') throw conflict('already_paid', 'Este pedido já foi pago.');
    if (order.expires_at.getTime() <= this.clock.now().getTime()) {
      throw conflict('order_expired', 'O prazo para pagar este pedido acabou. Faça um novo pedido.');
    }
    return { amount: order.total_amount, description: `Turma — pedido ${orderNumber(order.id)}` };
  }

  /**
   * In the confirming transaction: `pending → paid` by a conditional update under the order's row lock, so it happens
   * once. An order already cancelled (expired) or paid by another charge, or an amount that differs, sends the money back.
   */
  async settle(r: Repositories, payment: PaymentRecord, mails: MailMessage[]): Promise<'applied' | 'refund_needed'> {
    const order = await r.orders.lock(payment.ref_id);
    if (!order || order.status !== 'pending' || order.total_amount !== payment.amount) return 'refund_needed';
    const now = this.clock.now();
    if (!(await r.orders.moveIf(order.id, ['pending'], 'paid', { paid_at: now, payment_id: payment.id }))) return 'refund_needed';
    await r.orders.recordStatus({ order_id: order.id, from_status: 'pending', to_status: 'paid', actor: 'pagamento', note: `pagamento ${payment.method} confirmado`, created_at: now });
    await r.notifications.create(orderNotify.paid(order.user_id, order.id, order.total_amount));
    // One after another: these run on the confirming transaction's single connection.
    const user = await r.users.findById(order.user_id);
    const profile = await r.profiles.findByUserId(order.user_id);
    const items = await r.orders.items(order.id);
    if (user) {
      const link = this.options.publicUrl ? `${this.options.publicUrl}${orderPath(order.id)}` : null;
      mails.push(orderConfirmedEmail({ to: user.email, name: profile?.full_name ?? '', orderId: order.id, total: order.total_amount, items, link }));
    }
    return 'applied';
  }
}
