// Product plans become orders: which vouchers ship as orders and when, the paid order they become (the plan's
// price, no freight, one line pointing at the plan), the operator moves a plan order refuses, and the escrow's report
// events when the product is shipped (the whole purchase leaves "held" for the platform's result, never as a sale).
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/shared/errors';
import { assertCanOrderPlan, assertPlanOrderMove, planDeliveryPath, planDeliveryState, planOrderDraft, shipsAsOrder } from '../../../core/marketplace/plan-order';
import { escrowLedgerEvents, type EscrowPaymentFact } from '../../../core/groups';
import { buildFinancialReport, brasiliaDay, closePeriod } from '../../../core/reports';

const product = { id: 'p1', name: 'Kit Skincare', kind: 'product' as const, image_url: '/img/kit.png' };
const service = { ...product, kind: 'service' as const };
const voucher = (status: 'awaiting_balance' | 'redeemable' | 'redeemed' | 'cancelled') => ({ id: 'v1', user_id: 'u1', plan_id: 'p1', code: 'TRM-ABCD1234', status, price: 49_990 });
const address = { cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' as const };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof DomainError ? `${e.kind}:${e.code}` : 'other';
  }
  return null;
};

describe('which vouchers ship as orders, and when', () => {
  it('only a product plan ships; a service plan is redeemed at a professional', () => {
    expect(shipsAsOrder(product)).toBe(true);
    expect(shipsAsOrder(service)).toBe(false);
    expect(shipsAsOrder(null)).toBe(false);
  });

  it.each([
    ['awaiting_balance', false, 'awaiting_balance'],
    ['redeemable', false, 'awaiting_address'],
    ['redeemable', true, 'ordered'],
    ['redeemed', true, 'ordered'],
    ['cancelled', false, 'cancelled'],
  ] as const)('a product voucher %s (order made: %s) is %s', (status, hasOrder, state) => {
    expect(planDeliveryState(voucher(status), product, hasOrder)).toBe(state);
  });

  it('a service voucher is never on the way to an order', () => {
    expect(planDeliveryState(voucher('redeemable'), service, false)).toBe('not_product');
  });

  it('refuses with a pt-BR 409 until the balance is paid, for a service, a cancelled or an already shipped voucher', () => {
    expect(codeOf(() => assertCanOrderPlan(voucher('awaiting_balance'), product))).toBe('conflict:balance_unpaid');
    expect(codeOf(() => assertCanOrderPlan(voucher('redeemable'), service))).toBe('conflict:plan_not_product');
    expect(codeOf(() => assertCanOrderPlan(voucher('cancelled'), product))).toBe('conflict:voucher_cancelled');
    expect(codeOf(() => assertCanOrderPlan(voucher('redeemed'), product))).toBe('conflict:plan_order_closed');
    expect(codeOf(() => assertCanOrderPlan(voucher('redeemable'), product))).toBeNull();
  });
});

describe('the order a paid product voucher becomes', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const draft = planOrderDraft(voucher('redeemable'), product, address, now);

  it('is already paid, at the plan price, without freight, for the voucher', () => {
    expect(draft.order).toMatchObject({ user_id: 'u1', source: 'plan', voucher_id: 'v1', status: 'paid', paid_at: now, subtotal: 49_990, total_amount: 49_990, shipping_amount: 0, items_count: 1, address });
  });

  it('has one line pointing at the plan', () => {
    expect(draft.item).toEqual({ plan_id: 'p1', product_name: 'Kit Skincare', image_url: '/img/kit.png', unit_price: 49_990, quantity: 1, subtotal: 49_990 });
  });

  it('is confirmed at a member-facing path of the voucher', () => {
    expect(planDeliveryPath('v1')).toBe('/my-groups/vouchers/v1/delivery');
  });
});

describe('operator moves of a plan order', () => {
  it('follows the normal flow but is never cancelled or refunded as an order (its money came through the group)', () => {
    for (const to of ['preparing', 'shipped', 'delivered'] as const) expect(codeOf(() => assertPlanOrderMove({ status: 'paid', source: 'plan' }, to))).toBeNull();
    expect(codeOf(() => assertPlanOrderMove({ status: 'paid', source: 'plan' }, 'refunded'))).toBe('conflict:plan_order_refund_via_group');
    expect(codeOf(() => assertPlanOrderMove({ status: 'paid', source: 'plan' }, 'cancelled'))).toBe('conflict:plan_order_refund_via_group');
    expect(codeOf(() => assertPlanOrderMove({ status: 'paid', source: 'cart' }, 'refunded'))).toBeNull();
  });
});

describe('the report when a product plan ships', () => {
  const T0 = new Date('2026-11-10T15:00:00Z');
  const shippedAt = new Date('2026-11-20T15:00:00Z');
  const base: Omit<EscrowPaymentFact, 'purpose' | 'amount'> = {
    group_id: 'g1', member_id: 'm1', user_id: 'u1', first_name: 'Ana', confirmed_at: T0, refund_requested: false, refunded_at: null,
    wallet_credited_at: null, redeemed_at: shippedAt, receivable_at: null, receivable_paid: false, receivable_net: null, plan_kind: 'product',
  };
  const facts: EscrowPaymentFact[] = [
    { ...base, purpose: 'entry', amount: 4_999 },
    { ...base, purpose: 'balance', amount: 44_991 },
  ];

  it('releases the whole purchase from held into the platform result, not as a marketplace sale', () => {
    const events = escrowLedgerEvents(facts);
    const atShipping = events.filter((e) => e.at.getTime() === shippedAt.getTime());
    expect(atShipping.filter((e) => e.kind === 'held').reduce((s, e) => s + e.amount, 0)).toBe(-49_990);
    expect(atShipping.filter((e) => e.kind === 'platform_fee').reduce((s, e) => s + e.amount, 0)).toBe(49_990);
    expect(events.some((e) => e.kind === 'marketplace_sale')).toBe(false);
  });

  it('reconciles to zero with the cash that came in as an entry and a balance', () => {
    const cash = [
      { at: T0, kind: 'cash_in_entry' as const, amount: 4_999 },
      { at: T0, kind: 'cash_in_balance' as const, amount: 44_991 },
    ];
    const report = buildFinancialReport([...cash, ...escrowLedgerEvents(facts)], brasiliaDay(T0), brasiliaDay(shippedAt), 'day');
    expect(report.rows.map((r) => r.reconciliation).every((r) => r === 0)).toBe(true);
    expect(report.totals).toMatchObject({ marketplace_sales: 0, platform_fee: 49_990, held: 0, money_in: 49_990 });
  });

  it('a service voucher is released by its receivable, with no such event', () => {
    const service = facts.map((f) => ({ ...f, plan_kind: 'service' as const, receivable_at: shippedAt }));
    expect(escrowLedgerEvents(service).some((e) => e.kind === 'platform_fee')).toBe(false);
    // closePeriod stays the report's own (no extra kinds).
    expect(closePeriod('x', { held: 0, owed_professionals: 0, owed_influencers: 0, owed_members: 0 }, []).reconciliation).toBe(0);
  });
});
