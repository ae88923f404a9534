// Refunding one order line: pure rules (amount recomputed from the line, capped by what the provider was paid minus
// what went back, units back to the shelf only before shipping; docs/product/marketplace.md#line-refunds).
// OrderLineRefundService applies them in one transaction.
import { z } from 'zod';
import { conflict } from '../shared/errors';
import type { Cents } from '../shared/money';
import type { OrderStatus } from './order-rules';

/** How a line refund reads in the order's timeline (order-timeline.ts names the step by it). */
export const LINE_REFUND_NOTE_PREFIX = 'reembolso parcial:';

export const lineRefundSchema = z.object({
  product_id: z.uuid({ message: 'Escolha o item' }),
  quantity: z.coerce.number({ message: 'Informe a quantidade' }).int({ message: 'Quantidade inválida' }).min(1, { message: 'Ao menos 1 unidade' }).max(10_000, { message: 'Quantidade inválida' }),
  reason: z
    .string({ message: 'Informe o motivo' })
    .trim()
    .min(3, { message: 'Informe o motivo (ao menos 3 caracteres)' })
    .max(500, { message: 'No máximo 500 caracteres' }),
});
export type LineRefundInput = z.input<typeof lineRefundSchema>;

/** Order statuses a line may be refunded in: paid and not yet refunded in full. */
export const LINE_REFUNDABLE_STATUSES: readonly OrderStatus[] = ['paid', 'preparing', 'shipped', 'delivered'];

export interface LineRefundFacts {
  orderStatus: OrderStatus;
  line: { unit_price: Cents; quantity: number };
  /** Units of this line already refunded (pending or done). */
  lineRefundedQuantity: number;
  payment: { status: string; method: string; amount: Cents; wallet_amount: Cents; installments: number } | null;
  /** Sum of every line refund of this payment so far (pending or done). */
  paymentLineRefunded: Cents;
  quantity: number;
}

export interface LineRefundPlan {
  amount: Cents;
  stockReturned: boolean;
  /** The provider part of the payment that is left after this refund. */
  remainingAfter: Cents;
}

export const LINE_REFUND_REFUSALS = {
  order_not_refundable: 'Só é possível reembolsar itens de um pedido pago que ainda não foi reembolsado.',
  payment_not_confirmed: 'O pagamento deste pedido não está confirmado; não há o que reembolsar.',
  payment_not_partial: 'Pagamentos por boleto ou parcelados no cartão só podem ser reembolsados por inteiro.',
  quantity_exceeded: 'A quantidade é maior que as unidades deste item ainda não reembolsadas.',
  amount_exceeded: 'O valor passa do que o cliente pagou menos o que já foi reembolsado.',
} as const;
export type LineRefundRefusal = keyof typeof LINE_REFUND_REFUSALS;

/** Why this line refund may not be made, or null when it may. */
export function lineRefundRefusal(f: LineRefundFacts): LineRefundRefusal | null {
  if (!LINE_REFUNDABLE_STATUSES.includes(f.orderStatus)) return 'order_not_refundable';
  if (!f.payment || f.payment.status !== 'confirmed') return 'payment_not_confirmed';
  if (f.payment.method === 'BOLETO' || f.payment.method === 'WALLET' || f.payment.installments > 1) return 'payment_not_partial';
  if (f.quantity > f.line.quantity - f.lineRefundedQuantity) return 'quantity_exceeded';
  if (f.line.unit_price * f.quantity > providerPart(f.payment) - f.paymentLineRefunded) return 'amount_exceeded';
  return null;
}

function providerPart(p: { amount: Cents; wallet_amount: Cents }): Cents {
  return Math.max(0, p.amount - p.wallet_amount);
}

/** The refund to make (amount recomputed from the line), or the 409 that says why not. */
export function planLineRefund(f: LineRefundFacts): LineRefundPlan {
  const refusal = lineRefundRefusal(f);
  if (refusal) throw conflict(refusal, LINE_REFUND_REFUSALS[refusal]);
  const amount = f.line.unit_price * f.quantity;
  return {
    amount,
    stockReturned: f.orderStatus === 'paid' || f.orderStatus === 'preparing',
    remainingAfter: providerPart(f.payment!) - f.paymentLineRefunded - amount,
  };
}

/**
 * The provider refunds still to make for a payment's pending line refunds, oldest first, given what the provider says
 * was refunded already (`providerRefunded`) and what our done line refunds account for. A crash after the provider
 * refunded but before we recorded it must not refund twice: a pending refund the provider's total already covers is
 * only marked done.
 */
export function pendingProviderRefunds(
  pending: ReadonlyArray<{ id: string; amount: Cents }>,
  doneTotal: Cents,
  providerRefunded: Cents,
): Array<{ id: string; amount: Cents; call: boolean }> {
  let accounted = doneTotal;
  return pending.map((r) => {
    accounted += r.amount;
    return { id: r.id, amount: r.amount, call: providerRefunded < accounted };
  });
}

export interface OrderLineRefundRecord {
  id: string;
  order_id: string;
  order_item_id: string;
  payment_id: string;
  product_id: string;
  quantity: number;
  amount: Cents;
  stock_returned: boolean;
  reason: string;
  actor_email: string;
  status: 'pending' | 'done';
  failure_reason: string | null;
  refunded_at: Date | null;
  created_at: Date;
}

export interface OrderLineRefundRepository {
  insert(row: Pick<OrderLineRefundRecord, 'order_id' | 'order_item_id' | 'payment_id' | 'product_id' | 'quantity' | 'amount' | 'stock_returned' | 'reason' | 'actor_email'> & { created_at: Date }): Promise<OrderLineRefundRecord>;
  findById(id: string): Promise<OrderLineRefundRecord | null>;
  /** Oldest first. */
  listForOrder(orderId: string): Promise<OrderLineRefundRecord[]>;
  /** Oldest first. */
  listForPayment(paymentId: string): Promise<OrderLineRefundRecord[]>;
  /** pending → done at `at`; false when it was not pending. */
  markDone(id: string, at: Date): Promise<boolean>;
  /** Records why the provider refund failed and drops the claim (the job's retry claims it again). */
  setFailure(id: string, reason: string | null): Promise<void>;
  /**
   * Claims every pending row of the payment for one runner (call it under the payment's row lock): null when another
   * runner holds a claim newer than `staleBefore`, else the rows claimed (possibly none), oldest first.
   */
  claimPending(paymentId: string, now: Date, staleBefore: Date): Promise<OrderLineRefundRecord[] | null>;
}

/** GET/POST /api/admin/orders/:id/line-refunds: each line with what is left to refund, and the refunds made. */
export const orderLineRefundsAnswerSchema = z
  .object({
    order_id: z.string(),
    lines: z.array(
      z.object({
        product_id: z.string(),
        product_name: z.string(),
        unit_price: z.number().int(),
        quantity: z.number().int(),
        refunded_quantity: z.number().int(),
        refundable_quantity: z.number().int(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.string(),
        product_id: z.string(),
        product_name: z.string(),
        quantity: z.number().int(),
        amount: z.number().int(),
        reason: z.string(),
        actor_email: z.string(),
        stock_returned: z.boolean(),
        status: z.enum(['pending', 'done']),
        failure_reason: z.string().nullable(),
        created_at: z.string(),
        refunded_at: z.string().nullable(),
      }),
    ),
    refunded_total: z.number().int(),
  })
  .meta({ id: 'OrderLineRefunds' });
