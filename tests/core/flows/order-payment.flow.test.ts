// Paying a marketplace order on the in-memory repositories: pending → paid once with its timeline line, money that no
// longer buys anything goes back, and a provider refund after payment refunds the order and returns its stock.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { orderPaymentFlow } from '../../../core/flows/order-payment.flow';
import type { OrderAddress } from '../../../core/marketplace/order-rules';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedPayment, seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
const flow = orderPaymentFlow(clock, { publicUrl: 'https://turma.test' });
const address = { cep: '01001000', logradouro: 'Praça da Sé', numero: '1', complemento: null, bairro: 'Sé', cidade: 'São Paulo', uf: 'SP' } as unknown as OrderAddress;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
});

/** A pending order of two units of a product with 5 left in stock (after the reservation), 2 × 49,90. */
async function pendingOrder() {
  const user = seedUser(db);
  const product = db.products.insert({ category_id: null, name: 'Escova', slug: 'escova', description: '', price: 4_990, stock_quantity: 5, images: [], active: true, updated_at: T0 });
  const order = await uow.repos.marketplace.orders.create({ user_id: user.id, subtotal: 9_980, total_amount: 9_980, items_count: 2, address, expires_at: new Date(T0.getTime() + 30 * 60_000) });
  await uow.repos.marketplace.orders.addItems(order.id, [{ product_id: product.id, product_name: 'Escova', image_url: null, unit_price: 4_990, quantity: 2, subtotal: 9_980 }]);
  const payment = seedPayment(db, { user_id: user.id, purpose: 'order', ref_id: order.id, amount: 9_980 });
  db.orders.patch(order.id, { payment_id: payment.id });
  return { user, product, order, payment };
}

describe('order payment', () => {
  it('resolves the order total for its owner inside the payment window', async () => {
    const { user, order } = await pendingOrder();
    expect(await flow.resolve(uow.repos, user.id, order.id)).toMatchObject({ amount: 9_980 });
    await expect(flow.resolve(uow.repos, seedUser(db).id, order.id)).rejects.toMatchObject({ code: 'order_not_found' });
    clock.advance(30 * 60_000);
    await expect(flow.resolve(uow.repos, user.id, order.id)).rejects.toMatchObject({ code: 'order_expired' });
  });

  it('settles once: paid with its timeline line, the buyer told and e-mailed; the same money again goes back', async () => {
    const { user, order, payment } = await pendingOrder();
    expect(await uow.tx((tx) => flow.settle(tx, payment))).toEqual({ outcome: 'applied' });
    expect(db.orders.get(order.id)).toMatchObject({ status: 'paid', paid_at: T0, payment_id: payment.id });
    expect(db.orderHistory.all().map((h) => [h.from_status, h.to_status, h.actor])).toEqual([['pending', 'paid', 'pagamento']]);
    expect(db.notifications.all().map((n) => n.user_id)).toEqual([user.id]);
    expect(uow.jobsNamed('mail.send')).toEqual([expect.objectContaining({ to: user.email })]);
    expect(await uow.tx((tx) => flow.settle(tx, payment))).toMatchObject({ outcome: 'refund_needed' });
    expect(db.orderHistory.size).toBe(1);
  });

  it('money for a cancelled order, or of another amount, is sent back', async () => {
    const cancelled = await pendingOrder();
    db.orders.patch(cancelled.order.id, { status: 'cancelled' });
    expect(await uow.tx((tx) => flow.settle(tx, cancelled.payment))).toEqual({ outcome: 'refund_needed', reason: 'pedido indisponível quando o pagamento chegou' });
    const other = await pendingOrder();
    db.payments.patch(other.payment.id, { amount: 9_000 });
    expect(await uow.tx((tx) => flow.settle(tx, db.payments.get(other.payment.id)!))).toMatchObject({ outcome: 'refund_needed' });
    expect(db.orders.get(other.order.id)?.status).toBe('pending');
  });

  it('a provider refund after payment refunds the order and returns its 2 units once', async () => {
    const { order, product, payment } = await pendingOrder();
    await uow.tx((tx) => flow.settle(tx, payment));
    await uow.tx((tx) => flow.reversed!(tx, { ...payment, status: 'refunded' }, 'refund'));
    expect(db.orders.get(order.id)).toMatchObject({ status: 'refunded', refunded_at: T0, cancel_reason: 'Pagamento estornado pelo provedor' });
    expect(db.products.get(product.id)?.stock_quantity).toBe(7);
    expect(db.audit.all((a) => a.action === 'order.refunded_by_provider').map((a) => a.metadata)).toEqual([expect.objectContaining({ from: 'paid', units_returned: 2 })]);
    await uow.tx((tx) => flow.reversed!(tx, { ...payment, status: 'refunded' }, 'refund'));
    expect(db.products.get(product.id)?.stock_quantity).toBe(7);
  });

  it('an order already shipped is refunded without its stock coming back', async () => {
    const { order, product, payment } = await pendingOrder();
    await uow.tx((tx) => flow.settle(tx, payment));
    db.orders.patch(order.id, { status: 'shipped' });
    await uow.tx((tx) => flow.reversed!(tx, { ...payment, status: 'refunded' }, 'chargeback'));
    expect(db.orders.get(order.id)).toMatchObject({ status: 'refunded', cancel_reason: 'Pagamento contestado (chargeback)' });
    expect(db.products.get(product.id)?.stock_quantity).toBe(5);
  });
});
