// Back office orders: the ra-data-simple-rest list, the status actions along docs/product/marketplace.md (409 on a wrong
// move), the customer told in-app and by e-mail, refunds through the payments module, audit, admin role on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductService } from '../../core/marketplace/product.service';
import type { PaymentService } from '../../core/payments/payment.service';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';

let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // Freight is covered by tests/http/shipping.test.ts; free shipping keeps this file's totals the items' own.
  app = await createTestApp({ env: { FREE_SHIPPING_FROM: '0' } });
  admin = await createUser(app, { role: 'admin', fullName: 'Ana Operadora' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const stockOf = async (id: string) => (await knex()('products').where({ id }).first()).stock_quantity as number | null;

let seq = 0;
async function product(price = 5_000, stock: number | null = 10) {
  seq++;
  const { product: p } = await app.container.get<ProductService>(TOKENS.ProductService).save({
    name: `Produto admin ${seq}`,
    slug: `produto-admin-${seq}-${Math.random().toString(36).slice(2, 8)}`,
    description: 'Descrição',
    price,
    stock_quantity: stock,
    category_id: null,
    active: true,
  });
  return p;
}

/** An order of these lines; paid through the sandbox unless `paid` is false. */
async function order(user: TestUser, lines: Array<[string, number]>, paid = true) {
  const cart = await user.client.request('PATCH', '/api/cart', { lines: lines.map(([id, quantity]) => ({ item_type: 'product', product_id: id, quantity })) });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (paid) {
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: created.body.id, method: 'PIX' });
    expect(pay.status).toBe(201);
    expect((await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).status).toBe(200);
  }
  return created.body as { id: string; number: string; total_amount: number };
}

const q = (o: Record<string, unknown>) => Object.entries(o).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');

describe('/api/admin/orders', () => {
  it('every route refuses a visitor (401) and a regular user (403)', async () => {
    const user = await createUser(app);
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${id}`],
      ['POST', `/api/admin/orders/${id}/preparing`, {}],
      ['POST', `/api/admin/orders/${id}/ship`, { tracking_code: 'QB123456789BR' }],
      ['POST', `/api/admin/orders/${id}/deliver`, {}],
      ['POST', `/api/admin/orders/${id}/cancel`, { reason: 'teste' }],
      ['POST', `/api/admin/orders/${id}/refund`, { reason: 'teste' }],
      ['POST', '/api/admin/orders/bulk-preparing', { ids: [id] }],
      ['GET', '/api/admin/exports/orders'],
    ];
    for (const [method, path, body] of routes) {
      expect((await app.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await user.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('lists with sort, range, filter and Content-Range', async () => {
    const carla = await createUser(app, { fullName: 'Carla Listagem' });
    const p = await product(1_000, null);
    const a = await order(carla, [[p.id, 1]]);
    const b = await order(carla, [[p.id, 3]]);
    const pending = await order(carla, [[p.id, 2]], false);

    const all = await admin.client.get(`/api/admin/orders?${q({ filter: { user_id: carla.id }, sort: ['created_at', 'DESC'], range: [0, 9] })}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.headers.get('content-range')).toBe('orders 0-2/3');
    expect(all.body.map((o: { id: string }) => o.id)).toEqual([pending.id, b.id, a.id]);
    expect(all.body[0]).toMatchObject({ status: 'pending', email: carla.email, full_name: 'Carla Listagem', number: pending.number, total_amount: 2_000 });

    const byTotal = await admin.client.get(`/api/admin/orders?${q({ filter: { user_id: carla.id, status: ['paid'] }, sort: ['total_amount', 'ASC'], range: [0, 0] })}`);
    expect(byTotal.headers.get('content-range')).toBe('orders 0-0/2');
    expect(byTotal.body.map((o: { id: string }) => o.id)).toEqual([a.id]);
    const second = await admin.client.get(`/api/admin/orders?${q({ filter: { user_id: carla.id, status: 'paid' }, sort: ['total_amount', 'ASC'], range: [1, 1] })}`);
    expect(second.headers.get('content-range')).toBe('orders 1-1/2');
    expect(second.body.map((o: { id: string }) => o.id)).toEqual([b.id]);

    // By customer text and by the order number an operator reads on the phone.
    const byName = await admin.client.get(`/api/admin/orders?${q({ filter: { q: 'carla listagem' } })}`);
    expect(byName.body.map((o: { id: string }) => o.id).sort()).toEqual([a.id, b.id, pending.id].sort());
    const byNumber = await admin.client.get(`/api/admin/orders?${q({ filter: { q: a.number } })}`);
    expect(byNumber.body.map((o: { id: string }) => o.id)).toEqual([a.id]);
    const future = await admin.client.get(`/api/admin/orders?${q({ filter: { user_id: carla.id, created_at_gte: new Date(Date.now() + 86_400_000).toISOString() } })}`);
    expect(future.headers.get('content-range')).toBe('orders 0-0/0');
    expect(future.body).toEqual([]);

    const bad = await admin.client.get(`/api/admin/orders?${q({ filter: { status: 'perdido' } })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_filter');
  });

  it('ships with a tracking code: the customer sees it, is notified in-app and by e-mail; audited with before/after', async () => {
    const user = await createUser(app);
    const p = await product();
    const o = await order(user, [[p.id, 1]]);

    const early = await admin.client.post(`/api/admin/orders/${o.id}/ship`, { tracking_code: 'QB123456789BR' });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'invalid_order_transition', message: expect.stringContaining('Um pedido "Pago" não pode passar para "Enviado"') });

    expect((await admin.client.post(`/api/admin/orders/${o.id}/preparing`)).body.status).toBe('preparing');
    const noCode = await admin.client.post(`/api/admin/orders/${o.id}/ship`, {});
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.fields).toHaveProperty('tracking_code');

    const shipped = await admin.client.post(`/api/admin/orders/${o.id}/ship`, { tracking_code: 'qb123456789br' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', tracking_code: 'QB123456789BR', email: user.email });

    const mine = await user.client.get(`/api/orders/${o.id}`);
    expect(mine.body).toMatchObject({ status: 'shipped', status_label: 'Enviado', tracking_code: 'QB123456789BR' });
    expect(mine.body.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'paid', 'preparing', 'shipped']);
    const notes = await knex()('notifications').where({ user_id: user.id, type: 'order_shipped' });
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain('QB123456789BR');
    const mails = await knex()('mail_outbox').where({ to_address: user.email, template: 'order_shipped' });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Pedido enviado ${o.number}`);
    expect(mails[0].text_body).toContain('QB123456789BR');

    const audit = await knex()('audit_logs').where({ entity_id: o.id, action: 'order.status_changed' }).orderBy('created_at');
    expect(audit.map((a: { actor_email: string }) => a.actor_email)).toEqual([admin.email, admin.email]);
    expect(audit[1].metadata).toMatchObject({ from: 'preparing', to: 'shipped', before: { status: 'preparing', tracking_code: null }, after: { status: 'shipped', tracking_code: 'QB123456789BR' } });

    // Wrong moves are 409s with a pt-BR message; an unknown order is a 404.
    expect((await admin.client.post(`/api/admin/orders/${o.id}/preparing`)).status).toBe(409);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/cancel`, { reason: 'desistência' })).status).toBe(409);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/deliver`)).body.status).toBe('delivered');
    expect((await admin.client.post(`/api/admin/orders/${o.id}/deliver`)).status).toBe(409);
    expect((await admin.client.post('/api/admin/orders/00000000-0000-4000-8000-000000000000/deliver')).status).toBe(404);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_delivered' })).toHaveLength(1);
  });

  it('refunds a paid order through the payments refund job: amount, stock back, customer told, audited', async () => {
    const user = await createUser(app);
    const p = await product(2_500, 5);
    const o = await order(user, [[p.id, 2]]);
    expect(await stockOf(p.id)).toBe(3);

    expect((await admin.client.post(`/api/admin/orders/${o.id}/refund`, { reason: 'x' })).status).toBe(400);
    const refunded = await admin.client.post(`/api/admin/orders/${o.id}/refund`, { reason: 'Produto com defeito' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'refunded', cancel_reason: 'Produto com defeito' });
    expect(await stockOf(p.id)).toBe(5);

    // The refund enqueued the payments.refund job in the order's transaction; it ran right after the commit and
    // refunded the charge at the provider (sandbox).
    const paymentId = refunded.body.payment.id as string;
    const job = await knex().raw(`select count(*)::int as n from pgboss.job where name = 'payments.refund' and data->>'payment_id' = ?`, [paymentId]);
    expect(job.rows[0].n).toBe(1);
    expect(await knex()('payments').where({ id: paymentId }).first()).toMatchObject({ status: 'refunded', refunded_amount: 5_000 });
    expect(await app.container.get<PaymentService>(TOKENS.PaymentService).refundOne(paymentId)).toBe('skipped');
    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_refunded' })).toHaveLength(1);
    const mail = await knex()('mail_outbox').where({ to_address: user.email, template: 'order_refunded' }).first();
    expect(mail.subject).toBe(`Reembolso do pedido ${o.number}`);
    const audit = await knex()('audit_logs').where({ entity_id: o.id, action: 'order.status_changed' }).first();
    expect(audit).toMatchObject({ actor_email: admin.email, metadata: { from: 'paid', to: 'refunded', reason: 'Produto com defeito' } });
    expect((await admin.client.post(`/api/admin/orders/${o.id}/refund`, { reason: 'de novo' })).status).toBe(409);
  });

  it('cancels an unpaid order with a reason (stock back); a paid one cannot be cancelled', async () => {
    const user = await createUser(app);
    const p = await product(1_500, 4);
    const unpaid = await order(user, [[p.id, 3]], false);
    expect(await stockOf(p.id)).toBe(1);
    const cancelled = await admin.client.post(`/api/admin/orders/${unpaid.id}/cancel`, { reason: 'Cliente pediu por telefone' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Cliente pediu por telefone' });
    expect(await stockOf(p.id)).toBe(4);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_cancelled' })).toHaveLength(1);
    const paid = await order(user, [[p.id, 1]]);
    expect((await admin.client.post(`/api/admin/orders/${paid.id}/cancel`, { reason: 'tentativa' })).status).toBe(409);
  });

  it('bulk "mark preparing" moves the paid ones and names the others', async () => {
    const user = await createUser(app);
    const p = await product(1_000, null);
    const one = await order(user, [[p.id, 1]]);
    const two = await order(user, [[p.id, 2]]);
    const unpaid = await order(user, [[p.id, 1]], false);
    const res = await admin.client.post('/api/admin/orders/bulk-preparing', { ids: [one.id, two.id, unpaid.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.moved.sort()).toEqual([one.id, two.id].sort());
    expect(res.body.refused).toEqual([{ id: unpaid.id, code: 'invalid_order_transition', message: expect.stringContaining('Aguardando pagamento') }]);
    const rows = await knex()('marketplace_orders').whereIn('id', [one.id, two.id, unpaid.id]).select('id', 'status');
    expect(Object.fromEntries(rows.map((r: { id: string; status: string }) => [r.id, r.status]))).toEqual({ [one.id]: 'preparing', [two.id]: 'preparing', [unpaid.id]: 'pending' });
    expect((await admin.client.post('/api/admin/orders/bulk-preparing', { ids: [] })).status).toBe(400);
  });

  it('answers the moves the order state table allows now (allowed_moves), on the detail and after each move', async () => {
    const user = await createUser(app);
    const p = await product();
    const unpaid = await order(user, [[p.id, 1]], false);
    expect((await admin.client.get(`/api/admin/orders/${unpaid.id}`)).body.allowed_moves).toEqual(['cancel']);
    const cancelled = await admin.client.post(`/api/admin/orders/${unpaid.id}/cancel`, { reason: 'desistência' });
    expect(cancelled.body.allowed_moves).toEqual([]);

    const o = await order(user, [[p.id, 1]]);
    expect((await admin.client.get(`/api/admin/orders/${o.id}`)).body.allowed_moves).toEqual(['preparing', 'refund']);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/preparing`)).body.allowed_moves).toEqual(['ship', 'refund']);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/ship`, { tracking_code: 'QB123456789BR' })).body.allowed_moves).toEqual(['deliver', 'refund']);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/deliver`)).body.allowed_moves).toEqual(['refund']);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/refund`, { reason: 'Produto com defeito' })).body.allowed_moves).toEqual([]);
  });
});
