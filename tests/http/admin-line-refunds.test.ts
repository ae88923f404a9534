// Refunding one order line from the back office (docs/product/marketplace.md#line-refunds): amount recomputed and capped,
// units back only before shipping, the provider refunding exactly that value once, the customer told, audited, the
// timeline naming it, a later full refund taking only the rest, and the financial report still reconciling to zero.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductService } from '../../core/marketplace/product.service';
import type { OrderLineRefundService } from '../../core/marketplace/order-line-refund.service';
import { brasiliaDay, nextDay } from '../../core/reports';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';

let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin', fullName: 'Ana Reembolsos' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const stockOf = async (id: string) => (await knex()('products').where({ id }).first()).stock_quantity as number | null;
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
const sandboxCharge = async (paymentId: string) => {
  const p = await knex()('payments').where({ id: paymentId }).first();
  return knex()('sandbox_charges').where({ id: p.provider_payment_id }).first();
};

let seq = 0;
async function product(price: number, stock: number | null = 10) {
  seq++;
  const { product: p } = await app.container.get<ProductService>(TOKENS.ProductService).save({
    name: `Caneca ${seq}`,
    slug: `caneca-linha-${seq}-${Math.random().toString(36).slice(2, 8)}`,
    description: 'Descrição',
    price,
    stock_quantity: stock,
    category_id: null,
    active: true,
  });
  return p;
}

async function paidOrder(user: TestUser, lines: Array<[string, number]>) {
  const cart = await user.client.request('PATCH', '/api/cart', { lines: lines.map(([id, quantity]) => ({ item_type: 'product', product_id: id, quantity })) });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: created.body.id, method: 'PIX' });
  expect(pay.status, JSON.stringify(pay.body)).toBe(201);
  expect((await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).status).toBe(200);
  return { id: created.body.id as string, paymentId: pay.body.id as string, total: created.body.total_amount as number };
}

describe('/api/admin/orders/:id/line-refunds', () => {
  it('refuses a visitor (401) and a regular user (403)', async () => {
    const user = await createUser(app);
    const id = '00000000-0000-4000-8000-000000000000';
    const body = { product_id: id, quantity: 1, reason: 'Defeito' };
    expect((await app.client().get(`/api/admin/orders/${id}/line-refunds`)).status).toBe(401);
    expect((await app.client().post(`/api/admin/orders/${id}/line-refunds`, body)).status).toBe(401);
    expect((await user.client.get(`/api/admin/orders/${id}/line-refunds`)).status).toBe(403);
    expect((await user.client.post(`/api/admin/orders/${id}/line-refunds`, body)).status).toBe(403);
    expect((await admin.client.get(`/api/admin/orders/${id}/line-refunds`)).status).toBe(404);
  });

  it('refunds units of one line: server amount, stock back before shipping, provider partial refund once, told, audited', async () => {
    const user = await createUser(app, { fullName: 'Bruna Cliente' });
    const mug = await product(2_500, 10);
    const cap = await product(4_000, 5);
    const o = await paidOrder(user, [
      [mug.id, 3],
      [cap.id, 1],
    ]);
    expect(await stockOf(mug.id)).toBe(7);
    const url = `/api/admin/orders/${o.id}/line-refunds`;

    // Validation (pt-BR, 400) and the caps (409) before anything is written.
    const bad = await admin.client.post(url, { product_id: mug.id, quantity: 0, reason: 'x' });
    expect(bad.status).toBe(400);
    const tooMany = await admin.client.post(url, { product_id: mug.id, quantity: 4, reason: 'Defeito de fábrica' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error.code ?? tooMany.body.code).toBe('quantity_exceeded');
    const notInOrder = await admin.client.post(url, { product_id: (await product(100)).id, quantity: 1, reason: 'Defeito de fábrica' });
    expect(notInOrder.status).toBe(404);

    // 2 of 3 mugs; an `amount` sent by the client is ignored: 2 × 25,00 = 50,00.
    const done = await admin.client.post(url, { product_id: mug.id, quantity: 2, reason: 'Chegaram trincadas', amount: 1 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.lines.find((l: { product_id: string }) => l.product_id === mug.id)).toMatchObject({ quantity: 3, refunded_quantity: 2, refundable_quantity: 1 });
    expect(done.body.refunds).toHaveLength(1);
    expect(done.body.refunds[0]).toMatchObject({ amount: 5_000, quantity: 2, reason: 'Chegaram trincadas', stock_returned: true, actor_email: admin.email });
    expect(done.body.refunded_total).toBe(5_000);
    expect(await stockOf(mug.id)).toBe(9);

    // The job ran right after the commit: the provider refunded exactly 50,00 and the refund is done.
    const row = await knex()('order_line_refunds').where({ order_id: o.id }).first();
    expect(row).toMatchObject({ status: 'done', amount: 5_000 });
    expect(row.refunded_at).not.toBeNull();
    expect(await sandboxCharge(o.paymentId)).toMatchObject({ refunded_amount: 5_000 });
    // Again (a retry): nothing more is refunded.
    expect(await app.container.get<OrderLineRefundService>(TOKENS.OrderLineRefundService).process(o.paymentId)).toEqual({ refunded: 0 });
    expect((await sandboxCharge(o.paymentId)).refunded_amount).toBe(5_000);
    // The payment stays confirmed (the rest was kept) and the order keeps its status.
    expect(await knex()('payments').where({ id: o.paymentId }).first()).toMatchObject({ status: 'confirmed' });
    expect((await knex()('marketplace_orders').where({ id: o.id }).first()).status).toBe('paid');

    const note = await knex()('notifications').where({ user_id: user.id, type: 'order_line_refunded' }).first();
    expect(note.body).toContain('2 × Caneca');
    expect(note.body).toMatch(/R\$\s50,00/);
    const mail = await knex()('mail_outbox').where({ to_address: user.email, template: 'order_line_refunded' }).first();
    expect(mail.text_body).toContain('Chegaram trincadas');
    const audit = await knex()('audit_logs').where({ action: 'order.line_refunded', entity_id: o.id }).first();
    expect(audit).toMatchObject({ actor_email: admin.email, metadata: { amount: 5_000, quantity: 2, stock_returned: true, before: { refunded_quantity: 0 }, after: { refunded_quantity: 2 } } });

    // The customer's timeline names the step ("Reembolso parcial"), it is not a second "Pago".
    const theirs = await user.client.get(`/api/orders/${o.id}`);
    const last = theirs.body.timeline.at(-1);
    expect(last).toMatchObject({ status: 'paid', event: 'line_refunded', label: 'Reembolso parcial' });
    expect(theirs.body.timeline.filter((s: { label: string }) => s.label === 'Pago')).toHaveLength(1);

    // After shipping, a refunded unit stays with the customer (no stock back).
    expect((await admin.client.post(`/api/admin/orders/${o.id}/preparing`)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/ship`, { tracking_code: 'QB123456789BR' })).status).toBe(200);
    const shipped = await admin.client.post(url, { product_id: cap.id, quantity: 1, reason: 'Cor errada' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.refunds.at(-1)).toMatchObject({ amount: 4_000, stock_returned: false });
    expect(await stockOf(cap.id)).toBe(4);
    expect((await sandboxCharge(o.paymentId)).refunded_amount).toBe(9_000);

    // A full refund afterwards gives back only the rest (25,00) and no unit twice.
    const full = await admin.client.post(`/api/admin/orders/${o.id}/refund`, { reason: 'Cliente desistiu' });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(await knex()('payments').where({ id: o.paymentId }).first()).toMatchObject({ status: 'refunded', refunded_amount: o.total });
    // The customer is told the rest (the last mug and the freight), not the whole total again.
    expect((await knex()('notifications').where({ user_id: user.id, type: 'order_refunded' }).first()).body).toContain(brl(o.total - 9_000));
    expect((await sandboxCharge(o.paymentId)).refunded_amount).toBe(o.total);
    expect(await stockOf(mug.id)).toBe(9); // shipped: nothing more comes back
    // Nothing left to refund by line now.
    expect((await admin.client.post(url, { product_id: mug.id, quantity: 1, reason: 'De novo' })).status).toBe(409);
  });

  it('returns the stock of the units not refunded by line when an unshipped order is refunded in full', async () => {
    const user = await createUser(app);
    const mug = await product(1_000, 10);
    const o = await paidOrder(user, [[mug.id, 4]]);
    expect(await stockOf(mug.id)).toBe(6);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/line-refunds`, { product_id: mug.id, quantity: 1, reason: 'Amassada' })).status).toBe(200);
    expect(await stockOf(mug.id)).toBe(7);
    // Never more than paid minus refunded: 3 left of 4 paid.
    const over = await admin.client.post(`/api/admin/orders/${o.id}/line-refunds`, { product_id: mug.id, quantity: 4, reason: 'Amassada' });
    expect(over.status).toBe(409);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/refund`, { reason: 'Cliente desistiu' })).status).toBe(200);
    expect(await stockOf(mug.id)).toBe(10);
  });

  it('every unit refunded by line leaves only the freight, which a full refund then gives back', async () => {
    const user = await createUser(app);
    const mug = await product(1_500, null);
    const o = await paidOrder(user, [[mug.id, 2]]);
    const freight = o.total - 3_000;
    const all = await admin.client.post(`/api/admin/orders/${o.id}/line-refunds`, { product_id: mug.id, quantity: 2, reason: 'Produto descontinuado' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.lines[0]).toMatchObject({ refunded_quantity: 2, refundable_quantity: 0 });
    expect((await sandboxCharge(o.paymentId)).refunded_amount).toBe(3_000);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/line-refunds`, { product_id: mug.id, quantity: 1, reason: 'De novo' })).status).toBe(409);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/refund`, { reason: 'Frete devolvido' })).status).toBe(200);
    expect((await sandboxCharge(o.paymentId)).refunded_amount).toBe(3_000 + freight);
    expect(await knex()('payments').where({ id: o.paymentId }).first()).toMatchObject({ status: 'refunded', refunded_amount: o.total });
    // The customer is told what is left: the freight.
    expect((await knex()('notifications').where({ user_id: user.id, type: 'order_refunded' }).first()).body).toContain(brl(freight));
    await expect.poll(async () => (await knex()('mail_outbox').where({ to_address: user.email, template: 'order_refunded' }).first())?.text_body ?? '').toContain(`Reembolsamos ${brl(freight)}`);
  });

  it('keeps the financial report reconciled to zero with line refunds and a full refund after them', async () => {
    // One more order where a line refund stays partial (no full refund after it).
    const user = await createUser(app);
    const pen = await product(1_200, 10);
    const o = await paidOrder(user, [[pen.id, 2]]);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/line-refunds`, { product_id: pen.id, quantity: 1, reason: 'Tinta seca' })).status).toBe(200);
    await expect.poll(async () => (await knex()('order_line_refunds').where({ order_id: o.id }).first()).status).toBe('done');
    const today = brasiliaDay(new Date());
    const from = `${today.slice(0, 7)}-01`;
    let to = from;
    while (nextDay(to).slice(0, 7) === from.slice(0, 7)) to = nextDay(to);
    const res = await admin.client.get(`/api/admin/reports/financial?from=${from}&to=${to}&granularity=day`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.rows.filter((r: { reconciliation: number }) => r.reconciliation !== 0)).toEqual([]);
    expect(res.body.totals.reconciliation).toBe(0);
    // Every refund of the tests above went out as cash and as a marketplace refund, counted once.
    const refunded = Number((await knex().raw(`select coalesce(sum(refunded_amount), 0)::int as n from sandbox_charges`)).rows[0].n);
    expect(res.body.totals.marketplace_refunds).toBe(refunded);
    expect(res.body.totals.refunds).toBe(refunded);
    expect(res.body.totals.money_out).toBe(refunded);
    // The dashboard counts the same refunds: line refunds on their own, a later full refund only for the rest.
    const dashboard = await admin.client.get('/api/admin/reports/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.month.refunds.amount).toBe(refunded);
    expect(dashboard.body.series.reduce((sum: number, d: { refunds: number }) => sum + d.refunds, 0)).toBe(refunded);
  });
});
