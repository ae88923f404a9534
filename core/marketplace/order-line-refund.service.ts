// Refunding one order line (rules in order-line-refund.ts): one transaction writes the refund, returns the units,
// tells the customer, audits it and enqueues `marketplace.line_refund`, which refunds the value through the payment port
// under the payment's row lock; the instant it is done dates it in the financial report.
import { isId } from '../shared/ids';
import type { Clock } from '../shared/clock';
import { formatCents } from '../shared/money';
import { DomainError, invalid, notFound } from '../shared/errors';
import type { CatalogChanges } from '../ports/catalog-changes';
import type { PaymentGateway, ProviderCharge } from '../ports/payments';
import { greetingFor, renderEmail } from '../identity';
import { notificationContent } from '../notifications';
import { orderNumber, orderPath } from './order-messages';
import { LINE_REFUND_NOTE_PREFIX, lineRefundSchema, pendingProviderRefunds, planLineRefund, type OrderLineRefundRecord } from './order-line-refund';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { MarketplaceScope } from './ports';
import type { PaymentsScope } from '../payments/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import { toPerson } from '../messaging';

/** The tables a line refund reads and writes; it reaches payments (the order's payment), identity (the buyer's e-mail) and notifications. */
type OrderLineRefundScope = MarketplaceScope & PaymentsScope & IdentityScope & NotificationsScope & AuditScope;

declare module '../ports/job-queue' {
  interface JobPayloads {
    'marketplace.line_refund': { payment_id: string };
  }
}

/** What the job hands a charge the provider reports refunded in full to (PaymentService.applyCharge). */
export interface ChargeApplier {
  applyCharge(paymentId: string, charge: ProviderCharge): Promise<unknown>;
}

/** A claim older than this was left by a crashed run and may be taken again. */
const CLAIM_STALE_MS = 5 * 60_000;

const orderNotFound = () => notFound('order_not_found', 'Pedido não encontrado.');

export function toLineRefundView(r: OrderLineRefundRecord, productName: string) {
  return {
    id: r.id,
    product_id: r.product_id,
    product_name: productName,
    quantity: r.quantity,
    amount: r.amount,
    reason: r.reason,
    actor_email: r.actor_email,
    stock_returned: r.stock_returned,
    status: r.status,
    failure_reason: r.failure_reason,
    created_at: r.created_at.toISOString(),
    refunded_at: r.refunded_at?.toISOString() ?? null,
  };
}

export function lineRefundEmail(input: { to: string; name: string; orderId: string; product: string; quantity: number; amount: number; reason: string }) {
  const n = orderNumber(input.orderId);
  return renderEmail(input.to, `Reembolso de item do pedido ${n}`, 'order_line_refunded', {
    greeting: greetingFor(input.name),
    intro: [`Reembolsamos ${input.quantity} × ${input.product} do pedido ${n}: ${formatCents(input.amount)}, pelo mesmo meio de pagamento.`, `Motivo: ${input.reason}`],
    outro: ['Os demais itens do pedido seguem normalmente. Acompanhe o pedido em Meus pedidos, no app da Turma.'],
  });
}

export class OrderLineRefundService {
  constructor(
    private readonly uow: UnitOfWork<OrderLineRefundScope>,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly charges: ChargeApplier,
    private readonly catalog: CatalogChanges = { changed: () => {} },
  ) {}

  /** GET /api/admin/orders/:id/line-refunds: each line with the units refunded, and every line refund made. */
  async view(orderId: string) {
    const repos = this.uow.repos.marketplace;
    const order = isId(orderId) ? await repos.orders.findById(orderId) : null;
    if (!order) throw orderNotFound();
    const [items, refunds] = await Promise.all([repos.orders.items(order.id), repos.lineRefunds.listForOrder(order.id)]);
    const names = new Map(items.map((i) => [i.id, i.product_name]));
    const refundedUnits = (itemId: string) => refunds.filter((r) => r.order_item_id === itemId).reduce((s, r) => s + r.quantity, 0);
    return {
      order_id: order.id,
      lines: items.map((i) => ({
        product_id: i.product_id,
        product_name: i.product_name,
        unit_price: i.unit_price,
        quantity: i.quantity,
        refunded_quantity: refundedUnits(i.id),
        refundable_quantity: i.quantity - refundedUnits(i.id),
      })),
      refunds: refunds.map((r) => toLineRefundView(r, names.get(r.order_item_id) ?? '')),
      refunded_total: refunds.reduce((s, r) => s + r.amount, 0),
    };
  }

  /** POST /api/admin/orders/:id/line-refunds: refunds `quantity` units of one line, with the reason. */
  async refundLine(orderId: string, raw: unknown, actorEmail: string) {
    const parsed = lineRefundSchema.safeParse(raw ?? {});
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const i of parsed.error.issues) fields[i.path.map(String).join('.')] ??= i.message;
      throw invalid('invalid_input', 'Verifique os campos destacados.', fields);
    }
    const input = parsed.data;
    if (!isId(orderId)) throw orderNotFound();
    const now = this.clock.now();
    const stockBack = await this.uow.run(async (tx) => {
      const order = await tx.marketplace.orders.lock(orderId);
      if (!order) throw orderNotFound();
      const line = (await tx.marketplace.orders.items(order.id)).find((i) => i.product_id === input.product_id);
      if (!line) throw notFound('order_item_not_found', 'Este item não faz parte do pedido.');
      const payment = order.payment_id ? await tx.payments.payments.lock(order.payment_id) : null;
      const previous = payment ? await tx.marketplace.lineRefunds.listForPayment(payment.id) : [];
      const lineRefundedQuantity = previous.filter((p) => p.order_item_id === line.id).reduce((s, p) => s + p.quantity, 0);
      const plan = planLineRefund({
        orderStatus: order.status,
        line,
        lineRefundedQuantity,
        payment,
        paymentLineRefunded: previous.reduce((s, p) => s + p.amount, 0),
        quantity: input.quantity,
      });
      const row = await tx.marketplace.lineRefunds.insert({
        order_id: order.id,
        order_item_id: line.id,
        payment_id: payment!.id,
        product_id: line.product_id,
        quantity: input.quantity,
        amount: plan.amount,
        stock_returned: plan.stockReturned,
        reason: input.reason,
        actor_email: actorEmail,
        created_at: now,
      });
      if (plan.stockReturned) await tx.marketplace.products.returnStock(line.product_id, input.quantity);
      await tx.marketplace.orders.recordStatus({
        order_id: order.id,
        from_status: order.status,
        to_status: order.status,
        actor: actorEmail,
        note: `${LINE_REFUND_NOTE_PREFIX} ${input.quantity} × ${line.product_name} (${formatCents(plan.amount)}): ${input.reason}`,
        created_at: now,
      });
      const params = { order: orderNumber(order.id), product: line.product_name, quantity: input.quantity, total: plan.amount, reason: input.reason };
      const { title, body } = notificationContent('order_line_refunded', params);
      await tx.notifications.create({
        user_id: order.user_id,
        type: 'order_line_refunded',
        title,
        body,
        link: orderPath(order.id),
        data: { order_id: order.id, line_refund_id: row.id, params },
        dedupe_key: `order_line_refunded:${row.id}`,
      });
      const customer = await tx.identity.users.findById(order.user_id);
      if (customer) {
        const profile = await tx.identity.profiles.findByUserId(customer.id);
        await tx.jobs.enqueue('mail.send', toPerson(lineRefundEmail({ to: customer.email, name: profile?.full_name ?? '', orderId: order.id, product: line.product_name, quantity: input.quantity, amount: plan.amount, reason: input.reason }), customer.id));
      }
      await tx.audit.append({
        action: 'order.line_refunded',
        actor_email: actorEmail,
        entity_type: 'order',
        entity_id: order.id,
        metadata: {
          line_refund_id: row.id,
          payment_id: payment!.id,
          product_id: line.product_id,
          product_name: line.product_name,
          unit_price: line.unit_price,
          quantity: input.quantity,
          amount: plan.amount,
          reason: input.reason,
          stock_returned: plan.stockReturned,
          before: { refunded_quantity: lineRefundedQuantity },
          after: { refunded_quantity: lineRefundedQuantity + input.quantity },
        },
      });
      await tx.jobs.enqueue('marketplace.line_refund', { payment_id: payment!.id }, { singletonKey: row.id });
      return plan.stockReturned ? input.quantity : 0;
    });
    if (stockBack > 0) this.catalog.changed();
    return this.view(orderId);
  }

  /**
   * The `marketplace.line_refund` job: every pending line refund of the payment is refunded at the provider, oldest
   * first, under the payment's row lock (two runs never refund the same one twice); a refund the provider's total
   * already covers (a crash after its call) is only marked done. When the charge ends refunded in full, the payments
   * module applies it (the order becomes refunded, the wallet credit it spent goes back).
   */
  async process(paymentId: string): Promise<{ refunded: number }> {
    const now = this.clock.now();
    // One runner at a time per payment: the pending rows are claimed under the payment's row lock; the provider is
    // called outside any transaction.
    const claimed = await this.uow.run(async (tx) => {
      const p = await tx.payments.payments.lock(paymentId);
      if (!p?.provider_payment_id) return { rows: [], p: null };
      const rows = await tx.marketplace.lineRefunds.claimPending(p.id, now, new Date(now.getTime() - CLAIM_STALE_MS));
      if (rows === null) throw new DomainError('conflict', 'line_refund_busy', 'Outro reembolso deste pagamento está em andamento; tentaremos de novo.');
      return { rows, p };
    });
    const p = claimed.p;
    if (!p || claimed.rows.length === 0) return { refunded: 0 };
    let refunded = 0;
    let charge: ProviderCharge;
    try {
      const doneTotal = (await this.uow.repos.marketplace.lineRefunds.listForPayment(p.id)).filter((r) => r.status === 'done').reduce((s, r) => s + r.amount, 0);
      charge = await this.gateway.getCharge(p.provider_payment_id!);
      for (const step of pendingProviderRefunds(claimed.rows, doneTotal, charge.refundedAmount)) {
        if (step.call) charge = await this.gateway.refund(p.provider_payment_id!, step.amount, 'Turma: reembolso de item do pedido');
        const at = this.clock.now();
        const marked = await this.uow.run(async (tx) => {
          if (!(await tx.marketplace.lineRefunds.markDone(step.id, at))) return false;
          await tx.audit.append({ action: 'payment.partially_refunded', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { line_refund_id: step.id, amount: step.amount, provider_called: step.call, provider_refunded: charge.refundedAmount } });
          return true;
        });
        if (marked) refunded++;
      }
    } catch (err) {
      const message = `reembolso falhou: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
      for (const r of await this.uow.repos.marketplace.lineRefunds.listForPayment(paymentId)) {
        if (r.status === 'pending') await this.uow.repos.marketplace.lineRefunds.setFailure(r.id, message);
      }
      throw err;
    }
    // Everything the provider took went back: the payments module applies it (order refunded, wallet credit back).
    if (charge.status === 'refunded' && (await this.uow.repos.payments.payments.findById(p.id))?.status === 'confirmed') await this.charges.applyCharge(p.id, charge);
    return { refunded };
  }
}

/** Units each order line already gave back to the shelf through line refunds, by order item id. */
export async function stockAlreadyReturned(tx: Pick<OrderLineRefundScope, 'marketplace'>, orderId: string): Promise<Map<string, number>> {
  const back = new Map<string, number>();
  for (const x of await tx.marketplace.lineRefunds.listForOrder(orderId)) {
    if (x.stock_returned) back.set(x.order_item_id, (back.get(x.order_item_id) ?? 0) + x.quantity);
  }
  return back;
}
