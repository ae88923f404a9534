// Refunding one order line — the amount recomputed from the line, capped by what was paid through the
// provider minus what went back already, units capped by the line, stock back only before shipping, and the job's
// idempotent plan against the provider's refunded total.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/shared/errors';
import { LINE_REFUND_REFUSALS, lineRefundRefusal, lineRefundSchema, pendingProviderRefunds, planLineRefund, type LineRefundFacts } from '../../../core/marketplace/order-line-refund';
import { timelineStep } from '../../../core/marketplace/order-timeline';

const facts = (over: Partial<LineRefundFacts> = {}): LineRefundFacts => ({
  orderStatus: 'paid',
  line: { unit_price: 2_500, quantity: 3 },
  lineRefundedQuantity: 0,
  payment: { status: 'confirmed', method: 'PIX', amount: 10_000, wallet_amount: 0, installments: 1 },
  paymentLineRefunded: 0,
  quantity: 1,
  ...over,
});

function refusalOf(f: LineRefundFacts): string | null {
  try {
    planLineRefund(f);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe('conflict');
    return (err as DomainError).code;
  }
}

describe('planLineRefund', () => {
  it('recomputes the amount as unit price × units and returns stock while the order has not shipped', () => {
    expect(planLineRefund(facts({ quantity: 2 }))).toEqual({ amount: 5_000, stockReturned: true, remainingAfter: 5_000 });
    expect(planLineRefund(facts({ orderStatus: 'preparing' })).stockReturned).toBe(true);
    expect(planLineRefund(facts({ orderStatus: 'shipped' })).stockReturned).toBe(false);
    expect(planLineRefund(facts({ orderStatus: 'delivered', quantity: 3 }))).toEqual({ amount: 7_500, stockReturned: false, remainingAfter: 2_500 });
  });

  it('never refunds more units than the line has left', () => {
    expect(refusalOf(facts({ quantity: 4 }))).toBe('quantity_exceeded');
    expect(refusalOf(facts({ lineRefundedQuantity: 2, quantity: 2 }))).toBe('quantity_exceeded');
    expect(refusalOf(facts({ lineRefundedQuantity: 2, quantity: 1 }))).toBeNull();
  });

  it('never more than what was paid through the provider minus what was already refunded', () => {
    // 10,000 paid, 8,000 back already: a 2,500 unit does not fit, the boundary (exactly what is left) does.
    expect(refusalOf(facts({ paymentLineRefunded: 8_000 }))).toBe('amount_exceeded');
    expect(planLineRefund(facts({ paymentLineRefunded: 7_500 })).remainingAfter).toBe(0);
    // The wallet credit the order spent is not the provider's to refund: 10,000 with 6,000 in credit leaves 4,000.
    const withCredit = { status: 'confirmed', method: 'PIX', amount: 10_000, wallet_amount: 6_000, installments: 1 };
    expect(refusalOf(facts({ payment: withCredit, quantity: 2 }))).toBe('amount_exceeded');
    expect(planLineRefund(facts({ payment: withCredit, quantity: 1 })).amount).toBe(2_500);
  });

  it('refuses orders not paid or already refunded, unconfirmed payments and payments that refund only whole', () => {
    for (const s of ['pending', 'cancelled', 'refunded'] as const) expect(refusalOf(facts({ orderStatus: s }))).toBe('order_not_refundable');
    expect(refusalOf(facts({ payment: null }))).toBe('payment_not_confirmed');
    expect(refusalOf(facts({ payment: { ...facts().payment!, status: 'refund_pending' } }))).toBe('payment_not_confirmed');
    expect(refusalOf(facts({ payment: { ...facts().payment!, method: 'BOLETO' } }))).toBe('payment_not_partial');
    expect(refusalOf(facts({ payment: { ...facts().payment!, method: 'CREDIT_CARD', installments: 3 } }))).toBe('payment_not_partial');
    expect(refusalOf(facts({ payment: { ...facts().payment!, method: 'CREDIT_CARD', installments: 1 } }))).toBeNull();
    expect(lineRefundRefusal(facts({ orderStatus: 'refunded' }))).toBe('order_not_refundable');
    expect(LINE_REFUND_REFUSALS.amount_exceeded).toMatch(/pagou/);
  });

  it('validates the body with pt-BR messages', () => {
    const bad = lineRefundSchema.safeParse({ product_id: 'x', quantity: 0, reason: 'a' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.message)).toEqual(['Escolha o item', 'Ao menos 1 unidade', 'Informe o motivo (ao menos 3 caracteres)']);
    expect(lineRefundSchema.parse({ product_id: '00000000-0000-4000-8000-000000000001', quantity: '2', reason: ' Defeito ' })).toMatchObject({ quantity: 2, reason: 'Defeito' });
  });
});

describe('pendingProviderRefunds', () => {
  it('calls the provider only for refunds its refunded total does not cover yet (a crash after the call)', () => {
    const pending = [
      { id: 'a', amount: 1_000 },
      { id: 'b', amount: 500 },
    ];
    expect(pendingProviderRefunds(pending, 2_000, 2_000)).toEqual([
      { id: 'a', amount: 1_000, call: true },
      { id: 'b', amount: 500, call: true },
    ]);
    // The provider already made 'a' (3,000 = 2,000 done + 1,000): only 'b' is asked for.
    expect(pendingProviderRefunds(pending, 2_000, 3_000).map((s) => s.call)).toEqual([false, true]);
    // A full refund made everything: nothing is asked again.
    expect(pendingProviderRefunds(pending, 2_000, 10_000).map((s) => s.call)).toEqual([false, false]);
  });
});

describe('timelineStep', () => {
  const at = new Date('2026-11-20T12:00:00Z');
  it('names a same-status step by what happened, never a second status step', () => {
    expect(timelineStep({ from_status: 'delivered', to_status: 'delivered', note: 'devolução solicitada: veio quebrado', created_at: at })).toMatchObject({ status: 'delivered', event: 'return_requested', label: 'Devolução solicitada' });
    expect(timelineStep({ from_status: 'delivered', to_status: 'delivered', note: 'devolução recusada: usado', created_at: at })).toMatchObject({ event: 'return_rejected', label: 'Devolução recusada' });
    expect(timelineStep({ from_status: 'paid', to_status: 'paid', note: 'reembolso parcial: 1 × Caneca (R$ 25,00): defeito', created_at: at })).toMatchObject({ event: 'line_refunded', label: 'Reembolso parcial' });
    expect(timelineStep({ from_status: 'shipped', to_status: 'delivered', note: null, created_at: at })).toEqual({ status: 'delivered', event: null, label: 'Entregue', at: at.toISOString(), note: null });
  });
});
