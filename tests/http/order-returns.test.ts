// CDC art. 49: a delivered marketplace order may be returned until the end of the 7th day after delivery
// (São Paulo; fake clock). The customer asks with a reason; the back office receives the item (stock back, full
// refund through the payments refund job, once) or refuses with a reason. Every step notified, e-mailed, audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { ProductService } from '../../core/marketplace/product.service';
import type { PaymentService } from '../../core/payments/payment.service';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';

const DAY = 86_400_000;
const saoPauloDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };

// 10:00 in São Paulo today: delivery happens "today", day 7 and day 8 are plain calendar days after it.
const today = saoPauloDay(new Date());
const clock = new FixedClock(new Date(`${today}T10:00:00-03:00`));
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  admin = await createUser(app, { role: 'admin', fullName: 'Ana Operadora' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const stockOf = async (id: string) => (await knex()('products').where({ id }).first()).stock_quantity as number;

let seq = 0;
async function product(price = 5_000, stock = 10) {
  seq++;
  const { product: p } = await app.container.get<ProductService>(TOKENS.ProductService).save({
    name: `Produto devolução ${seq}`,
    slug: `produto-devolucao-${seq}-${Math.random().toString(36).slice(2, 8)}`,
    description: 'Descrição',
    price,
    stock_quantity: stock,
    category_id: null,
    active: true,
  });
  return p;
}

/** A paid order of `quantity` units, moved to delivered over the admin API unless `until` says otherwise. */
async function order(user: TestUser, productId: string, quantity: number, until: 'paid' | 'shipped' | 'delivered' = 'delivered') {
  const cart = await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: productId, quantity }] });
  expect(cart.status, JSON.stringify(cart.body)).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: created.body.id, method: 'PIX' });
  expect(pay.status).toBe(201);
  expect((await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).status).toBe(200);
  if (until === 'paid') return created.body as { id: string; total_amount: number };
  expect((await admin.client.post(`/api/admin/orders/${created.body.id}/preparing`)).status).toBe(200);
  expect((await admin.client.post(`/api/admin/orders/${created.body.id}/ship`, { tracking_code: 'BR123456789' })).status).toBe(200);
  if (until === 'delivered') expect((await admin.client.post(`/api/admin/orders/${created.body.id}/deliver`)).status).toBe(200);
  return created.body as { id: string; total_amount: number };
}

describe('POST /api/orders/:id/return', () => {
  it('day 7 (to its end in São Paulo) is accepted, day 8 refused with withdrawal_window_closed', async () => {
    clock.set(new Date(`${today}T10:00:00-03:00`));
    const p = await product();
    const user = await createUser(app);
    const late = await order(user, p.id, 1);
    const ontime = await order(user, p.id, 1);

    const view = await user.client.get(`/api/orders/${ontime.id}`);
    expect(view.body).toMatchObject({ can_return: true, return_request: null, return_deadline: new Date(`${plusDays(today, 7)}T23:59:59.999-03:00`).toISOString() });

    clock.set(new Date(`${plusDays(today, 8)}T00:00:00-03:00`));
    const refused = await user.client.post(`/api/orders/${late.id}/return`, { reason: 'Não serviu' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'withdrawal_window_closed' } });
    expect(JSON.stringify(refused.body)).toMatch(/prazo de 7 dias/);
    expect((await user.client.get(`/api/orders/${late.id}`)).body.can_return).toBe(false);

    clock.set(new Date(`${plusDays(today, 7)}T23:59:59-03:00`));
    const asked = await user.client.post(`/api/orders/${ontime.id}/return`, { reason: 'Não serviu' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ status: 'delivered', can_return: false, return_request: { status: 'requested', reason: 'Não serviu', decided_at: null } });
    expect((await user.client.post(`/api/orders/${ontime.id}/return`, { reason: 'De novo' })).body).toMatchObject({ error: { code: 'return_already_requested' } });

    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_return_requested' })).toHaveLength(1);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_return_requested' })).toHaveLength(1);
    expect(await knex()('audit_logs').where({ action: 'order.return_requested', entity_id: ontime.id, actor_user_id: user.id })).toHaveLength(1);
    clock.set(new Date(`${today}T10:00:00-03:00`));
  });

  it('refuses an order not delivered (409), a missing reason (400), another customer\'s order (404)', async () => {
    clock.set(new Date(`${today}T10:00:00-03:00`));
    const p = await product();
    const user = await createUser(app);
    const shipped = await order(user, p.id, 1, 'shipped');
    const notDelivered = await user.client.post(`/api/orders/${shipped.id}/return`, { reason: 'Desisti' });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.body).toMatchObject({ error: { code: 'order_not_delivered' } });

    const delivered = await order(user, p.id, 1);
    expect((await user.client.post(`/api/orders/${delivered.id}/return`, { reason: '' })).status).toBe(400);
    const other = await createUser(app);
    expect((await other.client.post(`/api/orders/${delivered.id}/return`, { reason: 'Não é meu' })).status).toBe(404);
    expect((await other.client.post('/api/orders/00000000-0000-4000-8000-000000000000/return', { reason: 'Nada' })).status).toBe(404);
    expect((await app.client().post(`/api/orders/${delivered.id}/return`, { reason: 'Anônimo' })).status).toBe(401);
    expect((await knex()('marketplace_orders').where({ id: delivered.id }).first()).return_status).toBeNull();
  });
});

describe('POST /api/admin/orders/:id/return/accept|reject', () => {
  it('accept: stock returns, the order is refunded in full once through the refund job, customer told, audited', async () => {
    clock.set(new Date(`${today}T10:00:00-03:00`));
    const p = await product(7_000, 10);
    const user = await createUser(app);
    const o = await order(user, p.id, 2);
    expect(await stockOf(p.id)).toBe(8);
    // No pending return yet: nothing to accept.
    expect((await admin.client.post(`/api/admin/orders/${o.id}/return/accept`)).body).toMatchObject({ error: { code: 'return_not_pending' } });
    expect((await user.client.post(`/api/orders/${o.id}/return`, { reason: 'Veio com defeito' })).status).toBe(201);
    // Only admins.
    expect((await user.client.post(`/api/admin/orders/${o.id}/return/accept`)).status).toBe(403);

    const detail = await admin.client.get(`/api/admin/orders/${o.id}`);
    expect(detail.body.return_request).toMatchObject({ status: 'requested', reason: 'Veio com defeito' });

    const accepted = await admin.client.post(`/api/admin/orders/${o.id}/return/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'refunded', return_request: { status: 'accepted' } });
    expect(await stockOf(p.id)).toBe(10);

    const paymentId = accepted.body.payment.id as string;
    expect(await knex()('payments').where({ id: paymentId }).first()).toMatchObject({ status: 'refunded', refunded_amount: o.total_amount });
    // Freight included: 2 × 70,00 to a São Paulo CEP, the table's cheapest option (R$ 18,90) on top.
    expect(o.total_amount).toBe(14_000 + 1_890);
    expect(await app.container.get<PaymentService>(TOKENS.PaymentService).refundOne(paymentId)).toBe('skipped');

    // A second accept (or a reject) is refused and returns nothing more.
    expect((await admin.client.post(`/api/admin/orders/${o.id}/return/accept`)).status).toBe(409);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/return/reject`, { reason: 'Tarde demais' })).status).toBe(409);
    expect(await stockOf(p.id)).toBe(10);
    const job = await knex().raw(`select count(*)::int as n from pgboss.job where name = 'payments.refund' and data->>'payment_id' = ?`, [paymentId]);
    expect(job.rows[0].n).toBe(1);

    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_return_accepted' })).toHaveLength(1);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_return_accepted' })).toHaveLength(1);
    const audit = await knex()('audit_logs').where({ action: 'order.return_accepted', entity_id: o.id }).first();
    expect(audit).toMatchObject({ actor_email: admin.email, metadata: { from: 'delivered', to: 'refunded', stock_returned: true, refund_amount: 14_000 + 1_890 } });
  });

  it('reject: needs a reason, the order stays delivered, the customer is told with the reason, audited', async () => {
    clock.set(new Date(`${today}T10:00:00-03:00`));
    const p = await product(3_000, 5);
    const user = await createUser(app);
    const o = await order(user, p.id, 1);
    expect((await user.client.post(`/api/orders/${o.id}/return`, { reason: 'Mudei de ideia' })).status).toBe(201);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/return/reject`, { reason: '' })).status).toBe(400);
    const rejected = await admin.client.post(`/api/admin/orders/${o.id}/return/reject`, { reason: 'Produto usado, sem a embalagem' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'delivered', return_request: { status: 'rejected', reject_reason: 'Produto usado, sem a embalagem' } });
    expect(await stockOf(p.id)).toBe(4);
    expect((await knex()('payments').where({ id: rejected.body.payment.id }).first()).status).toBe('confirmed');

    const note = await knex()('notifications').where({ user_id: user.id, type: 'order_return_rejected' }).first();
    expect(note.body).toContain('Produto usado, sem a embalagem');
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_return_rejected' })).toHaveLength(1);
    expect(await knex()('audit_logs').where({ action: 'order.return_rejected', entity_id: o.id, actor_email: admin.email })).toHaveLength(1);
    // The customer cannot ask again, and the back office cannot accept a refused request.
    expect((await user.client.post(`/api/orders/${o.id}/return`, { reason: 'Outra vez' })).status).toBe(409);
    expect((await admin.client.post(`/api/admin/orders/${o.id}/return/accept`)).status).toBe(409);
  });
});
