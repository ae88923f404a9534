// What the customer is told about an order: in-app notifications and the 'Pedido confirmado' e-mail (pt-BR).
import { formatCents } from '../shared/money';
import { greetingFor, renderEmail } from '../identity';
import type { NotificationRecord } from '../notifications';
import { notificationContent, type NotificationParams } from '../notifications';

/** '#A1B2C3D4': the short number a customer reads to support. */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export const orderPath = (orderId: string) => `/marketplace/orders/${orderId}`;

type Draft = Omit<NotificationRecord, 'id' | 'read_at' | 'created_at'> & { dedupe_key: string };

function draft<K extends 'order_paid' | 'order_cancelled' | 'order_shipped' | 'order_delivered' | 'order_refunded' | 'order_return_requested' | 'order_return_accepted' | 'order_return_rejected'>(
  userId: string,
  orderId: string,
  kind: K,
  params: NotificationParams[K],
  extra: Record<string, string> = {},
): Draft {
  const { title, body } = notificationContent(kind, params);
  return { user_id: userId, type: kind, title, body, link: orderPath(orderId), data: { order_id: orderId, ...extra, params }, dedupe_key: `${kind}:${orderId}` };
}

/** The order's notifications (texts in notification-texts.ts, both locales). */
export const orderNotify = {
  paid: (userId: string, orderId: string, total: number) => draft(userId, orderId, 'order_paid', { order: orderNumber(orderId), total }),
  expired: (userId: string, orderId: string) => draft(userId, orderId, 'order_cancelled', { order: orderNumber(orderId) }),
  shipped: (userId: string, orderId: string, trackingCode: string) =>
    draft(userId, orderId, 'order_shipped', { order: orderNumber(orderId), tracking_code: trackingCode }, { tracking_code: trackingCode }),
  delivered: (userId: string, orderId: string) => draft(userId, orderId, 'order_delivered', { order: orderNumber(orderId) }),
  refunded: (userId: string, orderId: string, total: number) => draft(userId, orderId, 'order_refunded', { order: orderNumber(orderId), total }),
  returnRequested: (userId: string, orderId: string) => draft(userId, orderId, 'order_return_requested', { order: orderNumber(orderId) }),
  returnAccepted: (userId: string, orderId: string, total: number) => draft(userId, orderId, 'order_return_accepted', { order: orderNumber(orderId), total }),
  returnRejected: (userId: string, orderId: string, reason: string) => draft(userId, orderId, 'order_return_rejected', { order: orderNumber(orderId), reason }),
};

/** The e-mails of a return: asked, received (refund with freight) and refused. */
export function orderReturnEmail(input: { to: string; name: string; orderId: string; step: 'requested' | 'accepted' | 'rejected'; amount?: number; reason?: string | null; deadline?: Date | null }) {
  const n = orderNumber(input.orderId);
  const content = {
    requested: {
      subject: `Devolução solicitada ${n}`,
      intro: [`Recebemos seu pedido de devolução do pedido ${n}.`, ...(input.reason ? [`Motivo informado: ${input.reason}`] : []), 'Quando o produto chegar até nós, devolvemos o valor integral, com o frete.'],
    },
    accepted: {
      subject: `Devolução recebida ${n}`,
      intro: [`Recebemos o produto do pedido ${n}.`, `Reembolsamos ${formatCents(input.amount ?? 0)}, com o frete, pelo mesmo meio de pagamento.`],
    },
    rejected: { subject: `Devolução recusada ${n}`, intro: [`A devolução do pedido ${n} foi recusada.`, ...(input.reason ? [`Motivo: ${input.reason}`] : [])] },
  }[input.step];
  return renderEmail(input.to, content.subject, `order_return_${input.step}`, {
    greeting: greetingFor(input.name),
    intro: content.intro,
    outro: ['Acompanhe o pedido em Meus pedidos, no app da Turma.'],
  });
}

export function orderConfirmedEmail(input: {
  to: string;
  name: string;
  orderId: string;
  total: number;
  items: Array<{ product_name: string; quantity: number; subtotal: number }>;
  link: string | null;
  /** The full address of the payment's receipt (the e-mail points at it). */
  receiptLink?: string | null;
  /** The freight chosen at checkout (part of `total`). */
  shipping?: { name: string; amount: number; days: number } | null;
}) {
  return renderEmail(input.to, `Pedido confirmado ${orderNumber(input.orderId)}`, 'order_confirmed', {
    greeting: greetingFor(input.name),
    intro: [
      `Recebemos o pagamento do pedido ${orderNumber(input.orderId)}: ${formatCents(input.total)}.`,
      ...input.items.slice(0, 10).map((i) => `${i.quantity} × ${i.product_name} — ${formatCents(i.subtotal)}`),
      ...(input.items.length > 10 ? [`e mais ${input.items.length - 10} itens.`] : []),
      ...(input.shipping
        ? [`Frete ${input.shipping.name} — ${input.shipping.amount === 0 ? 'grátis' : formatCents(input.shipping.amount)}, entrega em até ${input.shipping.days} ${input.shipping.days === 1 ? 'dia útil' : 'dias úteis'} após o envio.`]
        : []),
    ],
    ...(input.link ? { action: { label: 'Acompanhar pedido', link: input.link } } : {}),
    outro: [
      ...(input.receiptLink ? [`Recibo do pagamento: ${input.receiptLink}`] : []),
      'Avisaremos por aqui e no app quando o pedido for enviado, com o código de rastreio.',
    ],
  });
}

/** The e-mail that goes with each operator move the customer must know of (sent with the in-app notification). */
export function orderStatusEmail(input: {
  to: string;
  name: string;
  orderId: string;
  status: 'shipped' | 'delivered' | 'cancelled' | 'refunded';
  trackingCode?: string | null;
  amount?: number;
  reason?: string | null;
}) {
  const n = orderNumber(input.orderId);
  const content = {
    shipped: { subject: `Pedido enviado ${n}`, intro: [`Seu pedido ${n} foi enviado.`, `Código de rastreio: ${input.trackingCode ?? ''}`] },
    delivered: { subject: `Pedido entregue ${n}`, intro: [`Seu pedido ${n} foi entregue. Aproveite!`] },
    cancelled: { subject: `Pedido cancelado ${n}`, intro: [`Seu pedido ${n} foi cancelado.`, ...(input.reason ? [`Motivo: ${input.reason}`] : [])] },
    refunded: {
      subject: `Reembolso do pedido ${n}`,
      intro: [`Reembolsamos ${formatCents(input.amount ?? 0)} do pedido ${n}.`, ...(input.reason ? [`Motivo: ${input.reason}`] : [])],
    },
  }[input.status];
  return renderEmail(input.to, content.subject, `order_${input.status}`, {
    greeting: greetingFor(input.name),
    intro: content.intro,
    outro: ['Acompanhe o pedido em Meus pedidos, no app da Turma.'],
  });
}
