// Parcels tracked: the operator ships without typing a code and the label is bought from the local Melhor Envio fake;
// the fake carrier's steps arrive by the signed webhook and by the polling job, each applied once and only forward;
// "delivered" moves the order at the carrier's date and the 7-day return window starts that day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { ProductService } from '../../core/marketplace/product.service';
import type { OrderParcelService } from '../../core/marketplace/order-parcel.service';
import { MelhorEnvioLabels, parseMelhorEnvioSender } from '../../adapters/shipping/melhor-envio.labels';
import { TOKENS } from '../../adapters/tokens';
import type { Repositories } from '../../adapters/db/unit-of-work';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';
import { melhorEnvioWebhook, startMelhorEnvioFake, type MelhorEnvioFake } from '../fakes/melhor-envio.fake';

const DAY = 86_400_000;
const SECRET = 'me-webhook-secret';
const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const sender = parseMelhorEnvioSender(JSON.stringify({ name: 'Turma', phone: '11999990000', email: 'envios@turma.com.br', document: '12345678000195', address: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state_abbr: 'SP', postal_code: '01310100' }))!;

const clock = new FixedClock(new Date('2026-11-10T13:00:00Z'));
let fake: MelhorEnvioFake;
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  fake = await startMelhorEnvioFake();
  const shippingLabels = new MelhorEnvioLabels({ baseUrl: fake.url, token: fake.token, userAgent: 'Turma/test', sender, webhookSecret: SECRET, timeoutMs: 2_000 });
  app = await createTestApp({ overrides: { clock, shippingLabels } });
  admin = await createUser(app, { role: 'admin', fullName: 'Ana Operadora' });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const knex = () => app.db.knex;
const webhookUrl = () => `${app.url}/api/webhooks/melhor-envio`;
const parcels = () => app.container.get<OrderParcelService<Repositories>>(TOKENS.OrderParcelService);

/** A paid order, moved to preparing. */
async function preparedOrder(user: TestUser) {
  const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
    name: 'Kit de escovas',
    slug: `kit-escovas-${Math.random().toString(36).slice(2, 8)}`,
    description: 'Descrição',
    price: 5_000,
    stock_quantity: 10,
    category_id: null,
    active: true,
  });
  expect((await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 1 }] })).status).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: created.body.id, method: 'PIX' });
  expect((await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).status).toBe(200);
  expect((await admin.client.post(`/api/admin/orders/${created.body.id}/preparing`)).status).toBe(200);
  return created.body.id as string;
}

describe('a parcel followed from the label to the door', () => {
  it('ships by buying the label, then reaches "delivered" from the carrier\'s events; the return window starts that day', async () => {
    clock.set(new Date('2026-11-10T13:00:00Z'));
    const user = await createUser(app);
    const orderId = await preparedOrder(user);

    const shipped = await admin.client.post(`/api/admin/orders/${orderId}/ship`, {});
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const meId = shipped.body.shipment.provider_order_id as string;
    expect(shipped.body).toMatchObject({ status: 'shipped', tracking_code: fake.orders.get(meId)!.tracking, buys_labels: true });
    expect(shipped.body.shipment).toMatchObject({ provider: 'melhor_envio', status: 'created', label_url: expect.stringContaining('/imprimir/'), returned: false });
    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_shipped' })).toHaveLength(1);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_shipped' })).toHaveLength(1);

    // Posted, told by the webhook; the same webhook again applies nothing.
    const posted = await fake.emit(meId, 'posted', new Date('2026-11-10T18:00:00Z'), { url: webhookUrl(), secret: SECRET });
    expect(posted!.status).toBe(200);
    expect(await posted!.json()).toMatchObject({ applied: 1, ignored: 0 });
    const { body, signature } = melhorEnvioWebhook(fake.orders.get(meId)!, SECRET);
    const again = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', 'x-me-signature': signature }, body });
    expect(await again.json()).toMatchObject({ applied: 0, ignored: 1 });

    // In transit, found by the polling job once the parcel is due.
    await fake.emit(meId, 'in_transit', new Date('2026-11-11T09:00:00Z'));
    clock.set(new Date('2026-11-11T12:00:00Z'));
    expect(await parcels().poll()).toMatchObject({ checked: 1, applied: 1 });
    expect(await parcels().poll()).toMatchObject({ checked: 0 });

    // Delivered on the 12th at 16:40 in São Paulo; told two days later, the window still counts from the 12th.
    clock.set(new Date('2026-11-14T12:00:00Z'));
    const deliveredAt = new Date('2026-11-12T19:40:00Z');
    const delivered = await fake.emit(meId, 'delivered', deliveredAt, { url: webhookUrl(), secret: SECRET });
    expect(await delivered!.json()).toMatchObject({ applied: 1 });
    // A late "out for delivery" never moves it back.
    const late = await fake.emit(meId, 'out_for_delivery', new Date('2026-11-12T13:00:00Z'), { url: webhookUrl(), secret: SECRET });
    expect(await late!.json()).toMatchObject({ applied: 0, ignored: 1 });

    const view = await user.client.get(`/api/orders/${orderId}`);
    expect(view.body).toMatchObject({ status: 'delivered', can_return: true, return_deadline: new Date('2026-11-19T23:59:59.999-03:00').toISOString() });
    expect(view.body.timeline.map((s: { event: string | null; status: string }) => s.event ?? s.status)).toEqual(['pending', 'paid', 'preparing', 'shipped', 'parcel_posted', 'parcel_in_transit', 'delivered']);
    const row = await knex()('marketplace_orders').where({ id: orderId }).first();
    expect(new Date(row.delivered_at).toISOString()).toBe(deliveredAt.toISOString());
    expect((await knex()('order_parcel_events').where({ order_id: orderId }).orderBy('occurred_at')).map((e) => [e.status, e.source])).toEqual([['posted', 'webhook'], ['in_transit', 'poll'], ['delivered', 'webhook']]);
    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_delivered' })).toHaveLength(1);
    expect(await knex()('mail_outbox').where({ to_address: user.email, template: 'order_delivered' })).toHaveLength(1);
    expect(await knex()('audit_logs').where({ entity_id: orderId, action: 'order.status_changed', actor_email: 'transportadora' })).toHaveLength(1);

    // Day 7 after delivery is the last one.
    clock.set(new Date(deliveredAt.getTime() + 8 * DAY));
    expect((await user.client.get(`/api/orders/${orderId}`)).body.can_return).toBe(false);
  });

  it('refuses a webhook with a bad or missing signature, and applies nothing', async () => {
    clock.set(new Date('2026-11-20T13:00:00Z'));
    const user = await createUser(app);
    const orderId = await preparedOrder(user);
    const meId = (await admin.client.post(`/api/admin/orders/${orderId}/ship`, {})).body.shipment.provider_order_id as string;
    await fake.emit(meId, 'delivered');
    const { body } = melhorEnvioWebhook(fake.orders.get(meId)!, SECRET);
    for (const signature of [melhorEnvioWebhook(fake.orders.get(meId)!, 'wrong-secret').signature, null]) {
      const res = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'x-me-signature': signature } : {}) }, body });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_signature' } });
    }
    expect(await knex()('order_parcel_events').where({ order_id: orderId })).toHaveLength(0);
    expect((await knex()('marketplace_orders').where({ id: orderId }).first()).status).toBe('shipped');
  });

  it('flags a parcel sent back for the operator; a refused label purchase leaves the order where it was', async () => {
    clock.set(new Date('2026-11-21T13:00:00Z'));
    const user = await createUser(app);
    const orderId = await preparedOrder(user);

    fake.fault('checkout', 'insufficient_balance');
    const refused = await admin.client.post(`/api/admin/orders/${orderId}/ship`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/Saldo insuficiente/);
    expect((await admin.client.get(`/api/admin/orders/${orderId}`)).body).toMatchObject({ status: 'preparing', shipment: null });

    const meId = (await admin.client.post(`/api/admin/orders/${orderId}/ship`, {})).body.shipment.provider_order_id as string;
    const back = await fake.emit(meId, 'undelivered', undefined, { url: webhookUrl(), secret: SECRET });
    expect(await back!.json()).toMatchObject({ applied: 1 });
    const detail = (await admin.client.get(`/api/admin/orders/${orderId}`)).body;
    expect(detail).toMatchObject({ status: 'shipped', shipment: { status: 'returned', returned: true } });
    expect(detail.timeline.at(-1)).toMatchObject({ event: 'parcel_returned', label: 'Devolvido ao remetente' });
    expect(await knex()('audit_logs').where({ entity_id: orderId, action: 'order.parcel_returned' })).toHaveLength(1);
  });
});
