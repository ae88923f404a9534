// Charges that can no longer be honoured are cancelled at the provider (docs/product/payments.md#charges-that-can-no-longer-be-honoured),
// the real Asaas client against the local fake, on every path besides hold release and order expiry (charge-holds.test.ts).
// Running the job twice deletes once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { PaymentService } from '../../core/payments/payment.service';
import type { ProductService } from '../../core/marketplace/product.service';
import type { ExpireGroupsFlow } from '../../core/flows';
import { AsaasPaymentGateway } from '../../adapters/payments/asaas.gateway';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import { TOKENS } from '../../adapters/tokens';
import { asaasFault, startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

const MINUTE = 60_000;
let fake: AsaasFake;
let app: TestApp;
let admin: TestUser;
const clock = new FixedClock(new Date());
beforeAll(async () => {
  fake = await startAsaasFake();
  const gateway = new AsaasPaymentGateway({ baseUrl: fake.url, apiKey: fake.apiKey, webhookToken: fake.webhookToken, userAgent: turmaUserAgent('http://127.0.0.1'), timeoutMs: 2_000, retryBaseMs: 5 });
  app = await createTestApp({ overrides: { clock, paymentGateway: gateway } });
  admin = await createUser(app, { role: 'admin' });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
const payments = () => app.container.get<PaymentService>(TOKENS.PaymentService);
const knex = () => app.db.knex;

async function charge(user: TestUser, purpose: 'entry' | 'balance' | 'order', refId: string, method: 'PIX' | 'BOLETO' = 'PIX') {
  const res = await user.client.post('/api/payments', { purpose, ref_id: refId, method });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = await knex()('payments').where({ id: res.body.id }).first();
  return { id: res.body.id as string, providerId: row.provider_payment_id as string };
}

async function paid(user: TestUser, c: { id: string; providerId: string }) {
  fake.setStatus(c.providerId, 'RECEIVED');
  expect((await user.client.get(`/api/payments/${c.id}/status`)).body.status).toBe('confirmed');
}

const deletesOf = (providerId: string) => fake.requestsTo('DELETE', '/payments/:id').filter((r) => r.path === `/payments/${providerId}`);

/**
 * The path itself enqueued the `payments.cancel_charge` job, which ran after its commit (nothing here calls the provider
 * before the DELETE is seen); running the job twice more changes nothing: exactly one DELETE, our payment cancelled.
 */
async function expectDeletedOnce(c: { id: string; providerId: string }) {
  for (let i = 0; i < 100 && deletesOf(c.providerId).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(deletesOf(c.providerId), 'the path enqueued the cancel job').toHaveLength(1);
  await payments().cancelCharge(c.id);
  await payments().cancelCharge(c.id);
  expect(deletesOf(c.providerId)).toHaveLength(1);
  expect(fake.payments.get(c.providerId)!.deleted).toBe(true);
  expect(await knex()('payments').where({ id: c.id }).first()).toMatchObject({ status: 'cancelled', provider_status: 'cancelled' });
  expect(() => fake.setStatus(c.providerId, 'RECEIVED')).toThrow(/removido/);
}

describe('pending charges are deleted at Asaas when they can no longer be honoured', () => {
  it('a group that completes while a lapsed hold still has its charge pending', async () => {
    const plan = await createPlan(app, { group_size: 2 });
    const [ana, bia, caio] = [await createUser(app), await createUser(app), await createUser(app)];
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    await paid(ana, await charge(ana, 'entry', created.membership.id));
    const biaPlace = (await bia.client.post(`/api/groups/${created.group.id}/join`, { referral_code: created.membership.invite_code })).body.membership;
    const biaCharge = await charge(bia, 'entry', biaPlace.id);
    // Bia's 30 minutes run out; before the release job runs, Caio takes the place and pays: the group completes.
    clock.advance(31 * MINUTE);
    const caioPlace = await caio.client.post(`/api/groups/${created.group.id}/join`, { referral_code: created.membership.invite_code });
    expect(caioPlace.status, JSON.stringify(caioPlace.body)).toBe(201);
    await paid(caio, await charge(caio, 'entry', caioPlace.body.membership.id));
    expect((await knex()('groups').where({ id: created.group.id }).first()).status).toBe('complete');
    expect((await knex()('group_members').where({ id: biaPlace.id }).first()).status).toBe('released');
    await expectDeletedOnce(biaCharge);
  });

  it('a group that expires, and one an operator cancels, with an entry still pending', async () => {
    for (const end of ['expire', 'cancel'] as const) {
      const plan = await createPlan(app, { group_size: 3 });
      const [ana, bia] = [await createUser(app), await createUser(app)];
      const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
      const anaCharge = await charge(ana, 'entry', created.membership.id);
      await paid(ana, anaCharge);
      const biaPlace = (await bia.client.post(`/api/groups/${created.group.id}/join`, { referral_code: created.membership.invite_code })).body.membership;
      const biaCharge = await charge(bia, 'entry', biaPlace.id, 'BOLETO');
      const flow = app.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow);
      if (end === 'expire') await flow.expireNow(created.group.id);
      else await flow.cancel(created.group.id, 'Fornecedor indisponível', { id: admin.id, email: admin.email });
      expect((await knex()('group_members').where({ id: biaPlace.id }).first()).status).toBe('released');
      await expectDeletedOnce(biaCharge);
      // The paid entry is refunded, never deleted.
      expect(deletesOf(anaCharge.providerId)).toHaveLength(0);
      expect(fake.requestsTo('POST', '/payments/:id/refund').filter((r) => r.path === `/payments/${anaCharge.providerId}/refund`)).toHaveLength(1);
    }
  });

  it('a member switching from PIX to boleto (and back): each replaced charge is deleted, the live one is not', async () => {
    const plan = await createPlan(app, { group_size: 3 });
    const ana = await createUser(app);
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    const pix = await charge(ana, 'entry', created.membership.id, 'PIX');
    const boleto = await charge(ana, 'entry', created.membership.id, 'BOLETO');
    expect(boleto.providerId).not.toBe(pix.providerId);
    await expectDeletedOnce(pix);
    const pixAgain = await charge(ana, 'entry', created.membership.id, 'PIX');
    await expectDeletedOnce(boleto);
    expect(deletesOf(pixAgain.providerId)).toHaveLength(0);
    // The live charge still takes the money.
    await paid(ana, pixAgain);
    expect((await knex()('group_members').where({ id: created.membership.id }).first()).status).toBe('paid');
  });

  it('an operator cancelling an unpaid order', async () => {
    const user = await createUser(app);
    const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
      name: 'Produto cancelado', slug: `produto-cancelado-${Math.random().toString(36).slice(2, 8)}`, description: 'Descrição', price: 4_990, stock_quantity: 3, category_id: null, active: true,
    });
    expect((await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 1 }] })).status).toBe(200);
    const order = await user.client.post('/api/orders', { address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: '', district: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const pix = await charge(user, 'order', order.body.id);
    const cancelled = await admin.client.post(`/api/admin/orders/${order.body.id}/cancel`, { reason: 'Cliente pediu' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await expectDeletedOnce(pix);
  });

  it('a charge the provider made although our side failed right after (the QR code request failed)', async () => {
    const plan = await createPlan(app, { group_size: 3 });
    const ana = await createUser(app);
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    const before = new Set(fake.payments.keys());
    fake.fault('GET', '/payments/:id/pixQrCode', asaasFault.invalid('invalid_action', 'QR Code indisponível'));
    const res = await ana.client.post('/api/payments', { purpose: 'entry', ref_id: created.membership.id, method: 'PIX' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const made = [...fake.payments.keys()].filter((k) => !before.has(k));
    expect(made).toHaveLength(1);
    const row = await knex()('payments').where({ ref_id: created.membership.id }).orderBy('created_at', 'desc').first();
    expect(row.provider_payment_id).toBe(made[0]);
    await expectDeletedOnce({ id: row.id, providerId: made[0]! });
  });
});
