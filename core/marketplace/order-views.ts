// What an order looks like to its buyer and to operators (summaries, the full order with its payment, return and
// timeline), and the errors creating one can answer.
import { DomainError, notFound } from '../shared/errors';
import type { AdminOrderRow, OrderRecord } from './ports';
import type { PaymentRecord } from '../payments';
import { ORDER_STATUS_LABELS } from './order-rules';
import { orderNumber } from './order-messages';
import { timelineStep } from './order-timeline';
import { RETURN_STATUS_LABELS, returnDeadline, returnRefusal } from './order-return';
import type { MarketplaceScope } from './ports';
import type { PaymentsScope } from '../payments/ports';

/** What the full order reads: the marketplace's tables and the order's payment. */
export type OrderViewScope = MarketplaceScope & PaymentsScope;

export const orderNotFound = () => notFound('order_not_found', 'Pedido não encontrado.');

export function outOfStock(productName: string, productId: string) {
  return new DomainError('conflict', 'out_of_stock', `Estoque insuficiente para ${productName}.`, { details: { product_id: productId } });
}

export function productUnavailable(name: string | undefined, productId: string) {
  return new DomainError('conflict', 'product_unavailable', `${name ?? 'Um produto do carrinho'} não está mais disponível. Remova-o do carrinho para continuar.`, { details: { product_id: productId } });
}

export function fieldsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, prefix: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[[prefix, ...i.path.map(String)].filter(Boolean).join('.')] ??= i.message;
  return fields;
}

export function toOrderSummary(o: OrderRecord) {
  return {
    id: o.id,
    number: orderNumber(o.id),
    status: o.status,
    status_label: ORDER_STATUS_LABELS[o.status],
    payment_id: o.payment_id,
    total_amount: o.total_amount,
    shipping_amount: o.shipping_amount,
    items_count: o.items_count,
    created_at: o.created_at.toISOString(),
    expires_at: o.status === 'pending' ? o.expires_at.toISOString() : null,
  };
}
export type OrderSummary = ReturnType<typeof toOrderSummary>;

/** A back-office list row: the summary plus who ordered and where it is. */
export function toAdminOrderSummary(o: AdminOrderRow) {
  return { ...toOrderSummary(o), user_id: o.user_id, email: o.email, full_name: o.full_name, tracking_code: o.tracking_code, paid_at: o.paid_at?.toISOString() ?? null };
}

function toPaymentSummary(p: PaymentRecord | null) {
  if (!p) return null;
  const pending = p.status === 'pending';
  return {
    id: p.id,
    status: p.status,
    confirmed: p.status === 'confirmed',
    method: p.method,
    amount: p.amount,
    // The QR code only matters while the payment can still be made.
    ...(pending && p.pix_payload && p.pix_image && p.pix_expires_at ? { pix: { payload: p.pix_payload, image: p.pix_image, expires_at: p.pix_expires_at.toISOString() } } : {}),
    ...(pending && p.boleto_url ? { boleto_url: p.boleto_url } : {}),
    ...(pending && p.invoice_url ? { invoice_url: p.invoice_url } : {}),
    confirmed_at: p.confirmed_at?.toISOString() ?? null,
  };
}

export async function orderView(repos: OrderViewScope, order: OrderRecord, now: Date) {
  const [items, history, payment] = await Promise.all([
    repos.marketplace.orders.items(order.id),
    repos.marketplace.orders.history(order.id),
    order.payment_id ? repos.payments.payments.findById(order.payment_id) : Promise.resolve(null),
  ]);
  return {
    ...toOrderSummary(order),
    subtotal: order.subtotal,
    shipping: order.shipping_option_id
      ? { option_id: order.shipping_option_id, name: order.shipping_option_name ?? '', amount: order.shipping_amount, days: order.shipping_days ?? 0 }
      : null,
    address: order.address,
    tracking_code: order.tracking_code,
    cancel_reason: order.cancel_reason,
    can_pay: order.status === 'pending' && order.expires_at > now,
    // The return window (end of the 7th day after delivery, São Paulo) and the request, when there is one.
    can_return: returnRefusal(order, now) === null && order.source !== 'plan',
    return_deadline: order.status === 'delivered' && order.delivered_at ? returnDeadline(order.delivered_at).toISOString() : null,
    return_request: order.return_status
      ? {
          status: order.return_status,
          label: RETURN_STATUS_LABELS[order.return_status],
          reason: order.return_reason ?? '',
          reject_reason: order.return_reject_reason,
          requested_at: order.return_requested_at!.toISOString(),
          decided_at: order.return_decided_at?.toISOString() ?? null,
        }
      : null,
    source: order.source ?? 'cart',
    items: items.map((i) => ({ product_id: i.product_id, product_name: i.product_name, image_url: i.image_url, unit_price: i.unit_price, quantity: i.quantity, subtotal: i.subtotal })),
    // A plan order's one line points at the plan (plan-order.ts).
    plan_items: order.source === 'plan' ? (await repos.marketplace.planOrders.lines(order.id)).map((i) => ({ plan_id: i.plan_id, product_name: i.product_name, image_url: i.image_url, unit_price: i.unit_price, quantity: i.quantity, subtotal: i.subtotal })) : [],
    payment: toPaymentSummary(payment),
    timeline: history.map(timelineStep),
  };
}
