// Product plans become orders: the pure rules of the one paid order a product plan's purchase ships as
// (docs/product/marketplace.md#product-plans-become-orders). The flow is core/flows/plan-order.flow.ts, the adapter
// adapters/db/repos/plan-orders.repo.ts.
import { conflict } from '../shared/errors';
import { greetingFor, renderEmail } from '../identity';
import type { OrderAddress, OrderStatus } from './order-rules';
import type { OrderRecord, OrderSource, PlanOrderDraft } from './ports';
// The plan order's records and repository live in ports.ts (a leaf the module's scope is built from).
export type { OrderSource, PlanOrderDraft, PlanOrderLine, PlanOrderRepository } from './ports';


/** What a member of a plan sees about shipping the purchase: where the voucher stands on the way to an order. */
export type PlanDeliveryState = 'not_product' | 'awaiting_balance' | 'awaiting_address' | 'ordered' | 'cancelled';

export interface PlanOrderVoucher {
  id: string;
  user_id: string;
  plan_id: string;
  code: string;
  status: 'awaiting_balance' | 'redeemable' | 'redeemed' | 'cancelled';
  price: number;
}

export interface PlanOrderPlan {
  id: string;
  name: string;
  kind: 'service' | 'product';
  image_url: string | null;
}

/** True when the plan ships as an order (kind `product`); a service plan is redeemed at a professional. */
export const shipsAsOrder = (plan: Pick<PlanOrderPlan, 'kind'> | null | undefined): boolean => plan?.kind === 'product';

/** Where the voucher stands; `hasOrder` when its order exists (the only way it is `ordered`). */
export function planDeliveryState(voucher: Pick<PlanOrderVoucher, 'status'>, plan: Pick<PlanOrderPlan, 'kind'> | null, hasOrder: boolean): PlanDeliveryState {
  if (!shipsAsOrder(plan)) return 'not_product';
  if (hasOrder) return 'ordered';
  if (voucher.status === 'cancelled') return 'cancelled';
  if (voucher.status === 'awaiting_balance') return 'awaiting_balance';
  return 'awaiting_address';
}

/** Throws the 409 that says why this voucher cannot become an order now (null-safe for a missing plan). */
export function assertCanOrderPlan(voucher: Pick<PlanOrderVoucher, 'status'>, plan: Pick<PlanOrderPlan, 'kind'> | null): void {
  const state = planDeliveryState(voucher, plan, false);
  if (state === 'not_product') throw conflict('plan_not_product', 'Este plano é um serviço: o voucher é usado com um profissional, não enviado.');
  if (state === 'awaiting_balance') throw conflict('balance_unpaid', 'Pague o saldo do plano antes de confirmar o endereço de entrega.');
  if (state === 'cancelled') throw conflict('voucher_cancelled', 'Esta compra foi cancelada.');
  // A redeemed product voucher without an order cannot happen (redeemed = shipped); refuse rather than ship twice.
  if (voucher.status !== 'redeemable') throw conflict('plan_order_closed', 'Esta compra não pode mais ser enviada.');
}



/**
 * The order a paid product voucher becomes: already paid, the voucher's price (entry + balance) as subtotal and total,
 * no freight, one item pointing at the plan. `expires_at` is irrelevant to a paid order and set to `now`.
 */
export function planOrderDraft(voucher: PlanOrderVoucher, plan: PlanOrderPlan, address: OrderAddress, now: Date): PlanOrderDraft {
  return {
    order: {
      user_id: voucher.user_id,
      source: 'plan',
      voucher_id: voucher.id,
      status: 'paid',
      paid_at: now,
      subtotal: voucher.price,
      total_amount: voucher.price,
      shipping_amount: 0,
      items_count: 1,
      address,
      expires_at: now,
    },
    item: { plan_id: plan.id, product_name: plan.name, image_url: plan.image_url, unit_price: voucher.price, quantity: 1, subtotal: voucher.price },
  };
}

/**
 * The operator's moves a plan order refuses: it was paid through the group (entry + balance), so cancelling or
 * refunding it here would move no money; the purchase is undone through the group (withdrawal or reversal).
 */
export function assertPlanOrderMove(order: Pick<OrderRecord, 'status'> & { source?: OrderSource | null }, to: OrderStatus): void {
  if (order.source !== 'plan') return;
  if (to === 'cancelled' || to === 'refunded') {
    throw conflict('plan_order_refund_via_group', 'Este pedido é de um plano de turma: o reembolso é feito pela compra da turma (desistência), não pelo pedido.');
  }
}

/** The member-facing link of the address confirmation (the voucher card, the notification and the e-mail point here). */
export const planDeliveryPath = (voucherId: string) => `/my-groups/vouchers/${voucherId}/delivery`;


/** The e-mail of a paid product plan: confirm the delivery address (the button opens the confirmation screen). */
export function planDeliveryEmail({ to, name, plan, code, link }: { to: string; name: string; plan: string; code: string; link: string | null }) {
  return renderEmail(to, 'Confirme o endereço de entrega do seu produto', 'plan_delivery_address', {
    greeting: greetingFor(name),
    intro: [
      `O saldo de ${plan} foi pago e a compra está completa (voucher ${code}).`,
      'Confirme ou altere o endereço de entrega: assim que você confirmar, o pedido entra em preparação e você acompanha o envio em Meus pedidos.',
    ],
    ...(link ? { action: { label: 'Confirmar endereço de entrega', link } } : {}),
    outro: ['O frete deste pedido já está incluído no preço da turma.'],
  });
}
