// What the customer is told about an order: in-app notifications and the 'Pedido confirmado' e-mail (pt-BR).
import { formatCents } from '../shared/money';
import { greetingFor, renderEmail } from '../identity/emails';
import type { NotificationRecord } from '../ports/group-repositories';

/** '#A1B2C3D4': the short number a customer reads to support. */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export const orderPath = (orderId: string) => `/marketplace/orders/${orderId}`;

type Draft = Omit<NotificationRecord, 'id' | 'read_at' | 'created_at'> & { dedupe_key: string };

export const orderNotify = {
  paid: (userId: string, orderId: string, total: number): Draft => ({
    user_id: userId,
    type: 'order_paid',
    title: 'Pedido confirmado',
    body: `Recebemos o pagamento de ${formatCents(total)} do pedido ${orderNumber(orderId)}. Agora é com a gente: avisamos quando ele for enviado.`,
    link: orderPath(orderId),
    data: { order_id: orderId },
    dedupe_key: `order_paid:${orderId}`,
  }),
  expired: (userId: string, orderId: string): Draft => ({
    user_id: userId,
    type: 'order_cancelled',
    title: 'Pedido cancelado',
    body: `O pagamento do pedido ${orderNumber(orderId)} não foi confirmado a tempo e ele foi cancelado. Os produtos voltaram para o estoque.`,
    link: orderPath(orderId),
    data: { order_id: orderId },
    dedupe_key: `order_cancelled:${orderId}`,
  }),
  shipped: (userId: string, orderId: string, trackingCode: string): Draft => ({
    user_id: userId,
    type: 'order_shipped',
    title: 'Pedido enviado',
    body: `O pedido ${orderNumber(orderId)} saiu para entrega. Código de rastreio: ${trackingCode}.`,
    link: orderPath(orderId),
    data: { order_id: orderId, tracking_code: trackingCode },
    dedupe_key: `order_shipped:${orderId}`,
  }),
  delivered: (userId: string, orderId: string): Draft => ({
    user_id: userId,
    type: 'order_delivered',
    title: 'Pedido entregue',
    body: `O pedido ${orderNumber(orderId)} foi entregue. Aproveite!`,
    link: orderPath(orderId),
    data: { order_id: orderId },
    dedupe_key: `order_delivered:${orderId}`,
  }),
  refunded: (userId: string, orderId: string, total: number): Draft => ({
    user_id: userId,
    type: 'order_refunded',
    title: 'Pedido reembolsado',
    body: `O pedido ${orderNumber(orderId)} foi cancelado e os ${formatCents(total)} serão devolvidos pelo mesmo meio de pagamento.`,
    link: orderPath(orderId),
    data: { order_id: orderId },
    dedupe_key: `order_refunded:${orderId}`,
  }),
};

export function orderConfirmedEmail(input: {
  to: string;
  name: string;
  orderId: string;
  total: number;
  items: Array<{ product_name: string; quantity: number; subtotal: number }>;
  link: string | null;
}) {
  return renderEmail(input.to, `Pedido confirmado ${orderNumber(input.orderId)}`, 'order_confirmed', {
    greeting: greetingFor(input.name),
    intro: [
      `Recebemos o pagamento do pedido ${orderNumber(input.orderId)}: ${formatCents(input.total)}.`,
      ...input.items.slice(0, 10).map((i) => `${i.quantity} × ${i.product_name} — ${formatCents(i.subtotal)}`),
      ...(input.items.length > 10 ? [`e mais ${input.items.length - 10} itens.`] : []),
    ],
    ...(input.link ? { action: { label: 'Acompanhar pedido', link: input.link } } : {}),
    outro: ['Avisaremos por aqui e no app quando o pedido for enviado, com o código de rastreio.'],
  });
}
