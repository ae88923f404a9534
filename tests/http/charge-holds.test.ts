// A boleto holds its place until its due date (fake clock), and a released hold's or an expired
// order's pending charge is cancelled at the provider — the sandbox, and the real Asaas client against the local fake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { GroupService } from '../../core/groups/group.service';
import type { PaymentService } from '../../core/payments/payment.service';
import type { OrderService } from '../../core/marketplace/order.service';
import type { ProductService } from '../../core/marketplace/product.service';
import { AsaasPaymentGateway } from '../../adapters/payments/asaas.gateway';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import { TOKENS } from '../../adapters/tokens';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser } from '../support/factories';

const MINUTE = 60_000;
const DAY = 86_400_000;
const saoPauloDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

describe('a boleto holds its place until its due date (sandbox)', () => {
  // 10:00 in São Paulo, so "+3 days" and "the day after" are plain calendar days.
  const clock = new FixedClock(new Date(`${saoPauloDay(new Date())}T10:00:00-03:00`));
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ overrides: { clock } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });
  const groups = () => app.container.get<GroupService>(TOKENS.GroupService);

  it('held after 30 minutes and after 2 days, counted in the places, released the day after the due date with the member told and the charge cancelled', async () => {
    const plan = await createPlan(app, { group_size: 2, window_days: 30 });
    const ana = await createUser(app, { fullName: 'Ana Boleto' });
    const { group, membership } = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    const boleto = await ana.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'BOLETO' });
    expect(boleto.status, JSON.stringify(boleto.body)).toBe(201);
    const row = await app.db.knex('payments').where({ id: boleto.body.id }).first();
    const dueDate = row.due_date as string;
    expect(dueDate).toBe(saoPauloDay(new Date(clock.now().getTime() + 3 * DAY)));

    const mine = async () => (await ana.client.get('/api/me/groups')).body.items[0];
    const first = await mine();
    expect(first.membership).toMatchObject({ status: 'pending_payment', boleto_due_date: dueDate, pending_payment_id: boleto.body.id });
    expect(new Date(first.membership.hold_expires_at).toISOString()).toBe(new Date(`${dueDate}T23:59:59.999-03:00`).toISOString());

    clock.advance(31 * MINUTE);
    await groups().releaseExpiredHolds();
    expect((await mine()).membership.status).toBe('pending_payment');
    expect((await app.client().get(`/api/groups/${group.id}`)).body.places_left).toBe(1);

    clock.advance(2 * DAY);
    await groups().releaseExpiredHolds();
    expect((await mine()).membership.status).toBe('pending_payment');
    expect((await app.client().get(`/api/groups/${group.id}`)).body.places_left).toBe(1);
    expect(await app.db.knex('notifications').where({ user_id: ana.id, type: 'boleto_hold_lapsed' })).toHaveLength(0);

    // The day after the due date (São Paulo): released, told once, charge cancelled at the provider.
    clock.set(new Date(`${dueDate}T23:59:59-03:00`));
    await groups().releaseExpiredHolds();
    expect((await mine()).membership.status).toBe('pending_payment');
    clock.advance(10 * MINUTE);
    expect((await groups().releaseExpiredHolds()).boletos_lapsed).toBe(1);
    await groups().releaseExpiredHolds();
    expect((await app.db.knex('group_members').where({ id: membership.id }).first()).status).toBe('released');
    expect((await app.client().get(`/api/groups/${group.id}`)).body.places_left).toBe(2);
    const told = await app.db.knex('notifications').where({ user_id: ana.id, type: 'boleto_hold_lapsed' });
    expect(told).toHaveLength(1);
    const dd = dueDate.split('-').reverse().join('/');
    expect(told[0].body).toContain(dd);
    const english = (await ana.client.get('/api/notifications?per_page=100', { 'accept-language': 'en-US' })).body.items.find((n: { type: string }) => n.type === 'boleto_hold_lapsed');
    expect(english.title).toBe('Your spot was released');
    expect(await app.db.knex('mail_outbox').where({ to_address: ana.email, template: 'boleto_hold_lapsed' })).toHaveLength(1);

    expect((await app.db.knex('payments').where({ id: boleto.body.id }).first()).status).toBe('cancelled');
    expect((await app.db.knex('sandbox_charges').where({ id: row.provider_payment_id }).first()).status).toBe('cancelled');
    // A cancelled sandbox charge cannot be confirmed.
    const confirm = await ana.client.post(`/api/sandbox/payments/${boleto.body.id}/confirm`);
    expect(confirm.status).toBe(409);
    expect(confirm.body.error.code).toBe('payment_cancelled');
    expect((await app.db.knex('payments').where({ id: boleto.body.id }).first()).status).toBe('cancelled');
  });

  it('switching from boleto to PIX goes back to the 30-minute rule', async () => {
    const plan = await createPlan(app, { group_size: 3, window_days: 30 });
    const bia = await createUser(app);
    const { membership } = (await bia.client.post('/api/groups', { plan_id: plan.id })).body;
    expect((await bia.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'BOLETO' })).status).toBe(201);
    const held = await app.db.knex('group_members').where({ id: membership.id }).first();
    expect(new Date(held.hold_expires_at).getTime() - clock.now().getTime()).toBeGreaterThan(2 * DAY);
    clock.advance(5 * MINUTE);
    const pix = await bia.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' });
    expect(pix.status).toBe(201);
    const after = await app.db.knex('group_members').where({ id: membership.id }).first();
    expect(new Date(after.hold_expires_at).getTime() - clock.now().getTime()).toBe(30 * MINUTE);
    const listed = (await bia.client.get('/api/me/groups')).body.items.find((i: { membership: { id: string } }) => i.membership.id === membership.id);
    expect(listed.membership.boleto_due_date).toBeNull();
  });
});

describe('charges cancelled at Asaas (the real client against the local fake)', () => {
  let fake: AsaasFake;
  let app: TestApp;
  const clock = new FixedClock(new Date());
  beforeAll(async () => {
    fake = await startAsaasFake();
    const gateway = new AsaasPaymentGateway({ baseUrl: fake.url, apiKey: fake.apiKey, webhookToken: fake.webhookToken, userAgent: turmaUserAgent('http://127.0.0.1'), timeoutMs: 2_000, retryBaseMs: 5 });
    app = await createTestApp({ overrides: { clock, paymentGateway: gateway } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });
  const payments = () => app.container.get<PaymentService>(TOKENS.PaymentService);

  it('a PIX hold released after 30 minutes has its charge DELETEd exactly once, even when the job runs twice; the deleted charge takes no money', async () => {
    const plan = await createPlan(app, { group_size: 2 });
    const ana = await createUser(app);
    const { membership } = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    const pix = await ana.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' });
    expect(pix.status, JSON.stringify(pix.body)).toBe(201);
    const providerId = (await app.db.knex('payments').where({ id: pix.body.id }).first()).provider_payment_id as string;

    clock.advance(31 * MINUTE);
    const groups = app.container.get<GroupService>(TOKENS.GroupService);
    await Promise.all([groups.releaseExpiredHolds(), groups.releaseExpiredHolds()]);
    await payments().cancelCharge(pix.body.id);
    await payments().cancelCharge(pix.body.id);

    const deletes = fake.requestsTo('DELETE', '/payments/:id').filter((r) => r.path === `/payments/${providerId}`);
    expect(deletes).toHaveLength(1);
    expect(fake.payments.get(providerId)!.deleted).toBe(true);
    expect((await app.db.knex('payments').where({ id: pix.body.id }).first())).toMatchObject({ status: 'cancelled', provider_status: 'cancelled' });
    expect(() => fake.setStatus(providerId, 'RECEIVED')).toThrow(/removido/);
    // The real client on an already-deleted charge: a 404, which counts as done.
    await expect(new AsaasPaymentGateway({ baseUrl: fake.url, apiKey: fake.apiKey, webhookToken: fake.webhookToken, userAgent: 'x', retryBaseMs: 5 }).cancelCharge(providerId)).resolves.toBeUndefined();
  });

  it("an expired order's charge is deleted at Asaas", async () => {
    const user = await createUser(app);
    const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
      name: 'Produto que expira',
      slug: `produto-expira-${Math.random().toString(36).slice(2, 8)}`,
      description: 'Descrição',
      price: 2_990,
      stock_quantity: 5,
      category_id: null,
      active: true,
    });
    expect((await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 1 }] })).status).toBe(200);
    const order = await user.client.post('/api/orders', { address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: '', district: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.body.id, method: 'PIX' });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    const providerId = (await app.db.knex('payments').where({ id: pay.body.id }).first()).provider_payment_id as string;

    clock.advance(31 * MINUTE);
    await app.container.get<OrderService>(TOKENS.OrderService).expireOrders();
    expect((await app.db.knex('marketplace_orders').where({ id: order.body.id }).first()).status).toBe('cancelled');
    expect(fake.requestsTo('DELETE', '/payments/:id').filter((r) => r.path === `/payments/${providerId}`)).toHaveLength(1);
    expect(fake.payments.get(providerId)!.deleted).toBe(true);
    expect((await app.db.knex('payments').where({ id: pay.body.id }).first())).toMatchObject({ status: 'cancelled', provider_status: 'cancelled' });
  });
});
