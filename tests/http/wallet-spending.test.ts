// Spending wallet credit over HTTP (docs/product/payments.md#wallet): credit first and the rest through the provider, or
// no provider charge at all; credit back exactly once on cancel or refund; never overdrawn by concurrent spends
// (PostgreSQL only); nobody reads or spends another member's wallet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { ProductService } from '../../core/marketplace/product.service';
import type { OrderService } from '../../core/marketplace/order.service';
import type { PaymentService } from '../../core/payments/payment.service';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertVoucher, walletCreditFromExpiredGroup, type TestUser } from '../support/factories';

const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = new FixedClock(new Date());
let app: TestApp;
beforeAll(async () => {
  // Freight is covered by tests/http/shipping.test.ts; free shipping keeps this file's totals the items' own.
  app = await createTestApp({ overrides: { clock }, env: { FREE_SHIPPING_FROM: '0' } });
});
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const orders = () => app.container.get<OrderService>(TOKENS.OrderService);
const payments = () => app.container.get<PaymentService>(TOKENS.PaymentService);
const op = { actorEmail: 'operador@turma.test' };
const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: '', district: 'Bela Vista', city: 'São Paulo', state: 'SP' };

let productCount = 0;
async function orderOf(user: TestUser, price: number) {
  productCount++;
  const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
    name: `Produto da carteira ${productCount}`,
    slug: `produto-carteira-${productCount}-${Math.random().toString(36).slice(2, 8)}`,
    description: 'Descrição de teste',
    price,
    stock_quantity: null,
    category_id: null,
    active: true,
  });
  expect((await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 1 }] })).status).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; total_amount: number };
}

const balanceOf = async (user: TestUser) => (await user.client.get('/api/me/wallet')).body.balance as number;
const ledgerOf = (userId: string) => knex()('wallet_entries').where({ user_id: userId }).orderBy('created_at');
const chargesFor = (paymentId: string) => knex()('sandbox_charges').where({ external_reference: paymentId });

describe('paying with wallet credit', () => {
  it('credit first, the rest through PIX: one spend entry, a provider charge for the rest only, the order paid on confirmation', async () => {
    const user = await createUser(app);
    const credit = await walletCreditFromExpiredGroup(app, user, 5_000);
    expect(await balanceOf(user)).toBe(5_000);
    const order = await orderOf(user, 12_000);

    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX', use_wallet: true });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect(pay.body).toMatchObject({ amount: 12_000, wallet_amount: credit, method: 'PIX', provider: 'sandbox', status: 'pending' });
    expect(pay.body.pix.payload).toMatch(/\S/);
    const [charge] = await chargesFor(pay.body.id);
    expect(charge).toMatchObject({ amount: 7_000, method: 'PIX' });
    const spend = (await ledgerOf(user.id)).filter((e) => e.kind === 'spend');
    expect(spend).toEqual([expect.objectContaining({ amount: -5_000, ref: `payment:${pay.body.id}:spend` })]);
    expect(await balanceOf(user)).toBe(0);

    // A reload with the same choice answers the same payment: nothing spent twice.
    const again = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX', use_wallet: true });
    expect(again.body.id).toBe(pay.body.id);
    expect(await ledgerOf(user.id)).toHaveLength(2);

    expect((await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).body).toMatchObject({ status: 'confirmed', confirmed: true });
    expect((await user.client.get(`/api/orders/${order.id}`)).body).toMatchObject({ status: 'paid', payment_id: pay.body.id });
    const history = await user.client.get('/api/payments');
    expect(history.body.items[0]).toMatchObject({ id: pay.body.id, purpose: 'order', amount: 12_000, wallet_amount: 5_000, status: 'confirmed' });
    expect(await balanceOf(user)).toBe(0);
    // The receipt states the whole amount and the credit used.
    const receipt = await user.client.get(`/api/payments/${pay.body.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.text).toMatch(/Crédito usado/);
    expect(receipt.text).toMatch(/R\$\s50,00/);
  });

  it('credit that covers everything pays at once: no provider charge, the order paid, notified and mailed exactly once', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 5_000);
    const order = await orderOf(user, 3_000);
    const chargesBefore = (await knex()('sandbox_charges').count('* as n'))[0]!.n;

    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX', use_wallet: true });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect(pay.body).toMatchObject({ amount: 3_000, wallet_amount: 3_000, method: 'WALLET', provider: 'wallet', status: 'confirmed', confirmed: true });
    expect(pay.body).not.toHaveProperty('pix');
    expect((await knex()('sandbox_charges').count('* as n'))[0]!.n).toBe(chargesBefore);
    expect((await user.client.get(`/api/orders/${order.id}`)).body).toMatchObject({ status: 'paid', payment_id: pay.body.id, payment: { method: 'WALLET', confirmed: true } });
    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_paid' })).toHaveLength(1);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_confirmed' })).toHaveLength(1);
    expect(await balanceOf(user)).toBe(2_000);

    const twice = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX', use_wallet: true });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('already_paid');
    expect(await balanceOf(user)).toBe(2_000);
    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_paid' })).toHaveLength(1);
  });

  it('leaves the provider its minimum when the credit falls just short of the total', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 5_000);
    const order = await orderOf(user, 5_200);
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'BOLETO', use_wallet: true });
    expect(pay.body).toMatchObject({ amount: 5_200, wallet_amount: 4_700, method: 'BOLETO' });
    expect((await chargesFor(pay.body.id))[0]).toMatchObject({ amount: 500 });
    expect(await balanceOf(user)).toBe(300);
  });

  it('pays a group balance with credit: the voucher becomes redeemable with no provider charge', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 6_000);
    const plan = await createPlan(app, { price: 5_000 });
    const { voucher } = await insertVoucher(knex(), plan, user.id, { status: 'awaiting_balance' });
    const pay = await user.client.post('/api/payments', { purpose: 'balance', ref_id: voucher.id, method: 'PIX', use_wallet: true });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect(pay.body).toMatchObject({ purpose: 'balance', amount: 4_500, wallet_amount: 4_500, method: 'WALLET', status: 'confirmed' });
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('redeemable');
    expect(await balanceOf(user)).toBe(1_500);
  });

  it('switching method gives the first charge its credit back before spending it again', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 5_000);
    const order = await orderOf(user, 9_000);
    const pix = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX', use_wallet: true });
    const boleto = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'BOLETO', use_wallet: true });
    expect(boleto.body.id).not.toBe(pix.body.id);
    expect(boleto.body).toMatchObject({ wallet_amount: 5_000, method: 'BOLETO' });
    expect((await knex()('payments').where({ id: pix.body.id }).first()).status).toBe('cancelled');
    const refs = (await ledgerOf(user.id)).filter((e) => e.kind === 'spend').map((e) => [e.ref, e.amount]);
    expect(refs).toEqual(
      expect.arrayContaining([
        [`payment:${pix.body.id}:spend`, -5_000],
        [`payment:${pix.body.id}:spend-return`, 5_000],
        [`payment:${boleto.body.id}:spend`, -5_000],
      ]),
    );
    expect(await balanceOf(user)).toBe(0);
    // Without credit this time: the BOLETO charge is replaced again and the credit comes back.
    const plain = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'BOLETO', use_wallet: false });
    expect(plain.body).toMatchObject({ wallet_amount: 0, amount: 9_000 });
    expect((await chargesFor(plain.body.id))[0]).toMatchObject({ amount: 9_000 });
    expect(await balanceOf(user)).toBe(5_000);
  });
});

describe('credit back when the order does not go ahead', () => {
  it('a wallet-paid order refunded returns its credit exactly once, however often the refund is processed', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 5_000);
    const order = await orderOf(user, 4_000);
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX', use_wallet: true });
    expect(pay.body.status).toBe('confirmed');
    expect(await balanceOf(user)).toBe(1_000);

    await orders().setStatus(order.id, 'refunded', { ...op, note: 'cliente desistiu' });
    await Promise.all([payments().processRefunds(), payments().processRefunds()]);
    await payments().processRefunds();
    await expect(orders().setStatus(order.id, 'refunded', op)).rejects.toMatchObject({ code: 'invalid_order_transition' });
    await payments().processRefunds();

    expect(await knex()('payments').where({ id: pay.body.id }).first()).toMatchObject({ status: 'refunded', refunded_amount: 4_000, wallet_amount: 4_000 });
    const returns = await knex()('wallet_entries').where({ ref: `payment:${pay.body.id}:spend-return` });
    expect(returns).toEqual([expect.objectContaining({ kind: 'spend', amount: 4_000, user_id: user.id })]);
    expect(await balanceOf(user)).toBe(5_000);
  });

  it('a part-credit order refunded: the provider refunds its part, the wallet gets the rest back once', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 5_000);
    const order = await orderOf(user, 8_000);
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX', use_wallet: true });
    await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`);
    await orders().setStatus(order.id, 'refunded', op);
    await payments().processRefunds();
    await payments().processRefunds();
    const row = await knex()('payments').where({ id: pay.body.id }).first();
    expect(row).toMatchObject({ status: 'refunded', refunded_amount: 8_000 });
    expect((await knex()('sandbox_charges').where({ id: row.provider_payment_id }).first()).refunded_amount).toBe(3_000);
    expect(await knex()('wallet_entries').where({ ref: `payment:${pay.body.id}:spend-return` })).toHaveLength(1);
    expect(await balanceOf(user)).toBe(5_000);
  });

  it('an order cancelled (by an operator, or expired) with a part-credit charge pending gives the credit back once', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 5_000);
    const cancelled = await orderOf(user, 7_000);
    const first = await user.client.post('/api/payments', { purpose: 'order', ref_id: cancelled.id, method: 'PIX', use_wallet: true });
    expect(await balanceOf(user)).toBe(0);
    await orders().setStatus(cancelled.id, 'cancelled', op);
    expect((await knex()('payments').where({ id: first.body.id }).first()).status).toBe('cancelled');
    expect(await balanceOf(user)).toBe(5_000);

    const expiring = await orderOf(user, 7_000);
    const second = await user.client.post('/api/payments', { purpose: 'order', ref_id: expiring.id, method: 'PIX', use_wallet: true });
    expect(second.body.wallet_amount).toBe(5_000);
    expect(await balanceOf(user)).toBe(0);
    const start = clock.now();
    try {
      clock.advance(31 * 60_000);
      await Promise.all([orders().expireOrders(), orders().expireOrders()]);
      await orders().expireOrders();
    } finally {
      clock.set(start);
    }
    expect((await knex()('marketplace_orders').where({ id: expiring.id }).first()).status).toBe('cancelled');
    expect(await knex()('wallet_entries').where({ ref: `payment:${second.body.id}:spend-return` })).toHaveLength(1);
    expect(await balanceOf(user)).toBe(5_000);
  });
});

describe('whose wallet', () => {
  it("one member never reads or spends another's credit; entries cannot be paid with credit", async () => {
    const owner = await createUser(app);
    const other = await createUser(app);
    await walletCreditFromExpiredGroup(app, owner, 5_000);
    const ownersOrder = await orderOf(owner, 3_000);

    const theirs = await other.client.post('/api/payments', { purpose: 'order', ref_id: ownersOrder.id, method: 'PIX', use_wallet: true });
    expect(theirs.status).toBe(404);
    expect((await other.client.get('/api/me/wallet')).body).toEqual({ balance: 0, total: 0, items: [] });

    // The other member's own order with use_wallet and no credit: the provider charges it all; the owner's credit is untouched.
    const own = await orderOf(other, 3_000);
    const pay = await other.client.post('/api/payments', { purpose: 'order', ref_id: own.id, method: 'PIX', use_wallet: true });
    expect(pay.status).toBe(201);
    expect(pay.body).toMatchObject({ wallet_amount: 0, method: 'PIX', status: 'pending' });
    expect(await balanceOf(owner)).toBe(5_000);
    expect(await knex()('wallet_entries').where({ user_id: other.id })).toHaveLength(0);
    // Another member's payment is not readable either.
    expect((await other.client.get(`/api/payments/${pay.body.id}`)).status).toBe(200);
    expect((await owner.client.get(`/api/payments/${pay.body.id}`)).status).toBe(404);

    const plan = await createPlan(app);
    const joined = await owner.client.post('/api/groups', { plan_id: plan.id });
    const entry = await owner.client.post('/api/payments', { purpose: 'entry', ref_id: joined.body.membership.id, method: 'PIX', use_wallet: true });
    expect(entry.status).toBe(400);
    expect(entry.body.error).toMatchObject({ code: 'wallet_not_allowed', fields: { use_wallet: 'O crédito da carteira não paga entradas.' } });
    expect(await balanceOf(owner)).toBe(5_000);
  });
});

describe.skipIf(!onPostgres)('concurrent spends on PostgreSQL', () => {
  it('never overdraw the wallet: six orders paid at once share the credit, the balance never goes below zero', async () => {
    const user = await createUser(app);
    await walletCreditFromExpiredGroup(app, user, 5_000);
    const six = [];
    for (let i = 0; i < 6; i++) six.push(await orderOf(user, 3_000));
    const answers = await Promise.all(six.map((o) => user.client.post('/api/payments', { purpose: 'order', ref_id: o.id, method: 'PIX', use_wallet: true })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const used = answers.reduce((s, a) => s + (a.body.wallet_amount as number), 0);
    expect(used).toBe(5_000);
    expect(await balanceOf(user)).toBe(0);
    // One fully paid with credit (3 000), the rest of the credit (2 000) on one part-paid charge, the others all PIX.
    expect(answers.filter((a) => a.body.method === 'WALLET')).toHaveLength(1);
    expect(answers.map((a) => a.body.wallet_amount).sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 2_000, 3_000]);
    const row = await knex()('wallet_entries').where({ user_id: user.id }).sum('amount as total').first();
    expect(Number(row!.total)).toBe(0);
  });
});
