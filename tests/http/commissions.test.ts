// Influencer commissions over HTTP (docs/product/referrals.md#commissions): earned once per completed purchase, reversed
// by a refund, nothing for self-referrals or suspended influencers, matured after 7 days (fake clock) and paid once by
// the payout run; each influencer reads only their own figures; the back office reads anyone's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { OrderService } from '../../core/marketplace/order.service';
import type { ProductService } from '../../core/marketplace/product.service';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { bindReferral, createPlan, createUser, insertInfluencer, insertVoucher, type TestUser } from '../support/factories';

const DAY = 86_400_000;
const clock = new FixedClock(new Date());
let app: TestApp;
let adminClient: HttpClient;

beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  const creds = await app.createAdmin();
  adminClient = app.client();
  expect((await adminClient.post('/api/auth/login', creds)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const sandbox = () => app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
const knex = () => app.db.knex;
const commissionsOf = (influencerId: string) => knex()('commissions').where({ influencer_id: influencerId }).orderBy('created_at');

type Influencer = Awaited<ReturnType<typeof insertInfluencer>>;

/** A referred buyer of the influencer (bound at sign-up), optionally a self-referral. */
async function referredBuyer(influencer: Influencer, options: { selfReferral?: boolean } = {}) {
  const buyer = await createUser(app);
  await bindReferral(app, influencer, buyer.id, { ...options, at: clock.now() });
  return buyer;
}

/** The buyer's voucher of a completed group; its balance paid by PIX, the provider's webhook delivered `times` times. */
async function payBalance(buyer: TestUser, price: number, times = 1) {
  const plan = await createPlan(app, { price });
  const { voucher } = await insertVoucher(knex(), plan, buyer.id, { status: 'awaiting_balance' });
  const pay = await buyer.client.post('/api/payments', { purpose: 'balance', ref_id: voucher.id, method: 'PIX' });
  expect(pay.status, JSON.stringify(pay.body)).toBe(201);
  const providerId = (await knex()('payments').where({ id: pay.body.id }).first()).provider_payment_id as string;
  const received = await sandbox().simulatePayment(providerId);
  for (let i = 0; i < times; i++) {
    // The same event again, and the same news under a fresh event id.
    const body = i % 2 === 0 ? received.body : { ...received.body, id: `${received.body.id}_${i}` };
    expect((await app.client().post('/api/webhooks/asaas', body, received.headers)).status).toBe(200);
  }
  const memberId = (await knex()('vouchers').where({ id: voucher.id }).first()).member_id as string;
  return { paymentId: pay.body.id as string, providerId, memberId, received };
}

describe('earning and reversing', () => {
  it('a referred user\'s completed group (balance paid) earns one commission, whatever the webhooks; its refund reverses it', async () => {
    const influencer = await insertInfluencer(app, { rateBp: 1_000 });
    const buyer = await referredBuyer(influencer);
    const { providerId, memberId, received } = await payBalance(buyer, 42_000, 3);

    // 10% of the platform fee (10% of R$ 420,00 = R$ 42,00): R$ 4,20, pending for 7 days.
    const rows = await commissionsOf(influencer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ referred_user_id: buyer.id, source_type: 'group_member', source_id: memberId, base_fee: 4_200, rate_bp: 1_000, amount: 420, status: 'pending', payout_id: null });
    expect(new Date(rows[0].available_at).getTime() - clock.now().getTime()).toBe(7 * DAY);
    expect((await influencer.user.client.get('/api/me/influencer?days=7')).body.commissions).toEqual({ pending: 420, available: 0, paid: 0, clawback: 0 });

    // The provider refunds the balance and says so: the commission is reversed, once.
    await sandbox().refund(providerId);
    const refunded = { ...received.body, id: `${received.body.id}_refund`, event: 'PAYMENT_REFUNDED' };
    for (let i = 0; i < 2; i++) expect((await app.client().post('/api/webhooks/asaas', refunded, received.headers)).status).toBe(200);
    const [after] = await commissionsOf(influencer.id);
    expect(after.status).toBe('reversed');
    expect(after.reversed_at).not.toBeNull();
    expect((await influencer.user.client.get('/api/me/influencer?days=7')).body.commissions).toEqual({ pending: 0, available: 0, paid: 0, clawback: 0 });
    expect(await knex()('audit_logs').where({ action: 'commission.reversed', entity_id: memberId })).toHaveLength(1);
  });

  it('a self-referral, a suspended influencer and a user without an influencer earn nothing', async () => {
    const influencer = await insertInfluencer(app);
    const self = await referredBuyer(influencer, { selfReferral: true });
    await payBalance(self, 30_000);
    const suspended = await insertInfluencer(app, { status: 'suspended' });
    await payBalance(await referredBuyer(suspended), 30_000);
    await payBalance(await createUser(app), 30_000);
    expect(await commissionsOf(influencer.id)).toHaveLength(0);
    expect(await commissionsOf(suspended.id)).toHaveLength(0);
    // The voucher was still paid: only the commission is withheld.
    expect((await knex()('vouchers').where({ user_id: self.id }).first()).status).toBe('redeemable');
  });

  it('a delivered marketplace order earns on its items total; refunding it reverses the commission', async () => {
    const influencer = await insertInfluencer(app, { rateBp: 2_500 });
    const buyer = await referredBuyer(influencer);
    const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
      name: 'Kit Comissão', slug: `kit-comissao-${Date.now()}`, description: 'Produto de teste', price: 8_000, stock_quantity: 5, category_id: null, active: true,
    });
    expect((await buyer.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 2 }] })).status).toBe(200);
    const order = await buyer.client.post('/api/orders', { address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const pay = await buyer.client.post('/api/payments', { purpose: 'order', ref_id: order.body.id, method: 'PIX' });
    await buyer.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`);
    const orders = app.container.get<OrderService>(TOKENS.OrderService);
    const op = { actorEmail: 'ops@turma.test' };
    await orders.setStatus(order.body.id, 'preparing', op);
    // Paid but not yet delivered: nothing earned.
    expect(await commissionsOf(influencer.id)).toHaveLength(0);
    await orders.setStatus(order.body.id, 'shipped', { ...op, trackingCode: 'QB123456789BR' });
    await orders.setStatus(order.body.id, 'delivered', op);
    const [earned] = await commissionsOf(influencer.id);
    // 25% of the fee on R$ 160,00 of items (R$ 16,00): R$ 4,00.
    expect(earned).toMatchObject({ source_type: 'order', source_id: order.body.id, base_fee: 1_600, rate_bp: 2_500, amount: 400, status: 'pending' });
    await orders.setStatus(order.body.id, 'refunded', op);
    expect((await commissionsOf(influencer.id)).map((c) => c.status)).toEqual(['reversed']);
  });

  it('a second charge of a delivered order, sent back, leaves the order and its commission standing', async () => {
    const influencer = await insertInfluencer(app, { rateBp: 2_500 });
    const buyer = await referredBuyer(influencer);
    const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
      name: 'Kit Duplicado', slug: `kit-duplicado-${Date.now()}`, description: 'Produto de teste', price: 8_000, stock_quantity: 5, category_id: null, active: true,
    });
    expect((await buyer.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 1 }] })).status).toBe(200);
    const order = await buyer.client.post('/api/orders', { address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    // A PIX charge, replaced by a boleto (the PIX is cancelled at the provider); the boleto pays the order.
    const pix = await buyer.client.post('/api/payments', { purpose: 'order', ref_id: order.body.id, method: 'PIX' });
    const boleto = await buyer.client.post('/api/payments', { purpose: 'order', ref_id: order.body.id, method: 'BOLETO' });
    expect([pix.status, boleto.status], JSON.stringify(boleto.body)).toEqual([201, 201]);
    expect((await buyer.client.post(`/api/sandbox/payments/${boleto.body.id}/confirm`)).status).toBe(200);
    const orders = app.container.get<OrderService>(TOKENS.OrderService);
    const op = { actorEmail: 'ops@turma.test' };
    await orders.setStatus(order.body.id, 'preparing', op);
    await orders.setStatus(order.body.id, 'shipped', { ...op, trackingCode: 'QB223456789BR' });
    await orders.setStatus(order.body.id, 'delivered', op);
    expect((await commissionsOf(influencer.id)).map((c) => c.status)).toEqual(['pending']);
    // The old PIX was paid anyway, in the moment before the provider cancelled it: that money goes back, and only that.
    const pixProviderId = (await knex()('payments').where({ id: pix.body.id }).first()).provider_payment_id as string;
    await knex()('sandbox_charges').where({ id: pixProviderId }).update({ status: 'pending' });
    const late = await sandbox().simulatePayment(pixProviderId);
    expect((await app.client().post('/api/webhooks/asaas', late.body, late.headers)).status).toBe(200);
    await expect.poll(async () => (await knex()('payments').where({ id: pix.body.id }).first()).status, { timeout: 10_000 }).toBe('refunded');
    expect((await knex()('marketplace_orders').where({ id: order.body.id }).first()).status).toBe('delivered');
    expect((await commissionsOf(influencer.id)).map((c) => c.status)).toEqual(['pending']);
  });
});

describe('maturing and paying', () => {
  it('matures after the 7-day window and is paid once by the payout run, with the minimum', async () => {
    // 50% of the fee on R$ 1.000,00 (R$ 100,00): R$ 50,00 = PAYOUT_MINIMUM. The other influencer earns R$ 10,00.
    const rich = await insertInfluencer(app, { rateBp: 5_000 });
    const poor = await insertInfluencer(app, { rateBp: 1_000 });
    await payBalance(await referredBuyer(rich), 100_000);
    await payBalance(await referredBuyer(poor), 100_000);

    clock.advance(7 * DAY - 60_000);
    expect((await adminClient.post('/api/admin/jobs/mature_receivables/run')).body).toMatchObject({ outcome: 'ok' });
    expect((await commissionsOf(rich.id)).map((c) => c.status)).toEqual(['pending']);
    expect((await adminClient.post('/api/admin/payouts/run')).body).toEqual({ payouts: 0, amount: 0 });

    clock.advance(60_000);
    const matured = await adminClient.post('/api/admin/jobs/mature_receivables/run');
    expect(matured.body.counts.commissions).toBeGreaterThanOrEqual(2);
    expect((await commissionsOf(rich.id)).map((c) => c.status)).toEqual(['available']);
    expect((await rich.user.client.get('/api/me/influencer?days=30')).body.commissions).toEqual({ pending: 0, available: 5_000, paid: 0, clawback: 0 });

    const first = await adminClient.post('/api/admin/payouts/run');
    expect(first.body).toEqual({ payouts: 1, amount: 5_000 });
    expect((await adminClient.post('/api/admin/payouts/run')).body).toEqual({ payouts: 0, amount: 0 });

    const payouts = await knex()('payouts').where({ influencer_id: rich.id });
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ professional_id: null, amount: 5_000, status: 'done', pix_key_type: 'EMAIL' });
    expect(await knex()('sandbox_transfers').where({ external_reference: payouts[0].id })).toHaveLength(1);
    expect((await commissionsOf(rich.id)).map((c) => [c.status, c.payout_id])).toEqual([['paid', payouts[0].id]]);
    // Below the minimum: available, waiting.
    expect(await knex()('payouts').where({ influencer_id: poor.id })).toHaveLength(0);
    expect((await commissionsOf(poor.id)).map((c) => c.status)).toEqual(['available']);
    // Told in the app, with the influencer's own dashboard as the link.
    expect(await knex()('notifications').where({ user_id: rich.user.id, type: 'payout_done', link: '/dashboard/influencer' })).toHaveLength(1);

    // GET /api/me/payouts works for an influencer: their own payouts only.
    const mine = await rich.user.client.get('/api/me/payouts');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((p: { id: string; amount: number; status: string }) => [p.id, p.amount, p.status])).toEqual([[payouts[0].id, 5_000, 'done']]);
    expect((await poor.user.client.get('/api/me/payouts')).body).toEqual({ items: [], total: 0 });
    expect((await rich.user.client.get('/api/me/influencer?days=30')).body.commissions).toEqual({ pending: 0, available: 0, paid: 5_000, clawback: 0 });
  });
});

describe('two payout runs at once (two instances; meaningful on PostgreSQL)', () => {
  it('make one payout per influencer and pay each commission once', async () => {
    const influencers = [];
    for (let i = 0; i < 4; i++) {
      const inf = await insertInfluencer(app, { rateBp: 5_000 });
      await payBalance(await referredBuyer(inf), 100_000);
      influencers.push(inf);
    }
    clock.advance(7 * DAY);
    const creds = await app.createAdmin();
    const secondAdmin = app.client();
    expect((await secondAdmin.post('/api/auth/login', creds)).status).toBe(200);
    const answers = await Promise.all([adminClient.post('/api/admin/payouts/run'), secondAdmin.post('/api/admin/payouts/run')]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(answers[0]!.body.payouts + answers[1]!.body.payouts).toBe(influencers.length);
    for (const inf of influencers) {
      const payouts = await knex()('payouts').where({ influencer_id: inf.id });
      expect(payouts, inf.id).toHaveLength(1);
      expect((await commissionsOf(inf.id)).map((c) => [c.status, c.payout_id])).toEqual([['paid', payouts[0].id]]);
      expect(await knex()('sandbox_transfers').where({ external_reference: payouts[0].id })).toHaveLength(1);
    }
  });
});

describe('GET /api/me/influencer', () => {
  it('shows the caller\'s link, counted clicks, sign-ups, paying users and a per-day series; nobody else\'s', async () => {
    const influencer = await insertInfluencer(app, { rateBp: 1_000, code: `MEU${Date.now() % 100_000}` });
    const other = await insertInfluencer(app);
    const clicks = [true, true, false].map((counted, i) => ({ code: influencer.code, influencer_id: influencer.id, path: `/r/${influencer.code}`, visitor_hash: `h${i}`, counted, created_at: clock.now() }));
    await knex()('referral_clicks').insert(clicks);
    // An old click, outside the 7-day period.
    await knex()('referral_clicks').insert({ code: influencer.code, influencer_id: influencer.id, path: '/ref/x', visitor_hash: 'old', counted: true, created_at: new Date(clock.now().getTime() - 20 * DAY) });
    const payer = await referredBuyer(influencer);
    await referredBuyer(influencer);
    await payBalance(payer, 20_000);

    const res = await influencer.user.client.get('/api/me/influencer?days=7');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const base = app.config.publicUrl.replace(/\/+$/, '');
    expect(res.body).toMatchObject({
      code: influencer.code,
      links: { short: `${base}/r/${influencer.code}`, ref: `${base}/ref/${influencer.code}`, indicacao: `${base}/indicacao/${influencer.code}` },
      days: 7,
      clicks: 2,
      signups: 2,
      paying_users: 1,
      conversion_rate: 50,
      commissions: { pending: 200, available: 0, paid: 0 },
    });
    expect(res.body.series).toHaveLength(7);
    const today = res.body.series[6];
    expect(today).toMatchObject({ clicks: 2, signups: 2, commissions: 200 });
    expect((await influencer.user.client.get('/api/me/influencer?days=30')).body.clicks).toBe(3);
    expect((await influencer.user.client.get('/api/me/influencer?days=90')).body.series).toHaveLength(90);
    // The other influencer sees only their own (empty) figures.
    expect((await other.user.client.get('/api/me/influencer?days=30')).body).toMatchObject({ clicks: 0, signups: 0, paying_users: 0, commissions: { pending: 0, available: 0, paid: 0 } });

    const bad = await influencer.user.client.get('/api/me/influencer?days=15');
    expect(bad.status).toBe(400);
    const plain = await createUser(app);
    const refused = await plain.client.get('/api/me/influencer');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'not_an_influencer', message: 'Disponível apenas para influenciadores aprovados.' });
    const pending = await insertInfluencer(app, { status: 'pending' });
    expect((await pending.user.client.get('/api/me/influencer')).status).toBe(403);
    expect((await app.client().get('/api/me/influencer')).status).toBe(401);
  });
});

describe('back office', () => {
  it('lists one influencer\'s commissions (simple-rest) and totals, for admins only', async () => {
    const influencer = await insertInfluencer(app, { rateBp: 1_000 });
    await payBalance(await referredBuyer(influencer), 20_000);
    clock.advance(60_000); // newest first: the R$ 400,00 one
    await payBalance(await referredBuyer(influencer), 40_000);
    const list = await adminClient.get(`/api/admin/influencers/${influencer.id}/commissions?sort=${encodeURIComponent('["created_at","DESC"]')}&range=${encodeURIComponent('[0,0]')}`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.headers.get('content-range')).toBe('commissions 0-0/2');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ source_type: 'group_member', amount: 400, status: 'pending' });
    const totals = await adminClient.get(`/api/admin/influencers/${influencer.id}/commission-totals`);
    expect(totals.body).toEqual({ pending: 600, available: 0, paid: 0, reversed: 0, clawback: 0 });
    expect((await adminClient.get('/api/admin/influencers/00000000-0000-4000-8000-000000000000/commissions')).status).toBe(404);
    expect((await influencer.user.client.get(`/api/admin/influencers/${influencer.id}/commissions`)).status).toBe(403);
  });
});

// Last: it moves the fake clock weeks ahead (sessions made after it would be stale).
describe('claw-back: a commission already paid out whose purchase is refunded later', () => {
  /** The provider refunds the balance after the payout and says so (PAYMENT_REFUNDED). */
  async function refundLater(paid: Awaited<ReturnType<typeof payBalance>>) {
    await sandbox().refund(paid.providerId);
    const refunded = { ...paid.received.body, id: `${paid.received.body.id}_refund`, event: 'PAYMENT_REFUNDED' };
    for (let i = 0; i < 2; i++) expect((await app.client().post('/api/webhooks/asaas', refunded, paid.received.headers)).status).toBe(200);
  }
  const matureAndPay = async () => {
    expect((await adminClient.post('/api/admin/jobs/mature_receivables/run')).body).toMatchObject({ outcome: 'ok' });
    return (await adminClient.post('/api/admin/payouts/run')).body as { payouts: number; amount: number };
  };

  it('becomes a negative balance deducted from the next payouts, never a negative transfer; shown to the influencer and the admin', async () => {
    // 50% of the fee on R$ 1.000,00: R$ 50,00 per purchase (= PAYOUT_MINIMUM).
    const influencer = await insertInfluencer(app, { rateBp: 5_000 });
    const first = await payBalance(await referredBuyer(influencer), 100_000);
    clock.advance(7 * DAY);
    expect(await matureAndPay()).toEqual({ payouts: 1, amount: 5_000 });
    const [paidOut] = await commissionsOf(influencer.id);
    expect(paidOut).toMatchObject({ status: 'paid', clawback_at: null });

    // Refunded after it was paid: not reversed (the money left) but clawed back, once, whatever the webhooks.
    await refundLater(first);
    const [clawed] = await commissionsOf(influencer.id);
    expect(clawed).toMatchObject({ status: 'paid', clawback_payout_id: null });
    expect(clawed.clawback_at).not.toBeNull();
    expect(await knex()('audit_logs').where({ action: 'commission.clawed_back', entity_id: first.memberId })).toHaveLength(1);
    expect((await influencer.user.client.get('/api/me/influencer?days=30')).body.commissions).toEqual({ pending: 0, available: 0, paid: 5_000, clawback: 5_000 });
    const totals = await adminClient.get(`/api/admin/influencers/${influencer.id}/commission-totals`);
    expect(totals.body).toEqual({ pending: 0, available: 0, paid: 5_000, reversed: 0, clawback: 5_000 });
    const listed = await adminClient.get(`/api/admin/influencers/${influencer.id}/commissions`);
    expect(listed.body[0]).toMatchObject({ id: clawed.id, status: 'paid', clawback_at: expect.any(String), clawback_payout_id: null });

    // One new R$ 50,00 commission: 50 − 50 owed = 0 — no payout (never a zero or negative transfer), still owed.
    await payBalance(await referredBuyer(influencer), 100_000);
    clock.advance(7 * DAY);
    expect(await matureAndPay()).toEqual({ payouts: 0, amount: 0 });
    expect((await influencer.user.client.get('/api/me/influencer?days=30')).body.commissions).toEqual({ pending: 0, available: 5_000, paid: 5_000, clawback: 5_000 });

    // Another: 100 − 50 = R$ 50,00 transferred; the claw-back is deducted by that payout.
    await payBalance(await referredBuyer(influencer), 100_000);
    clock.advance(7 * DAY);
    expect(await matureAndPay()).toEqual({ payouts: 1, amount: 5_000 });
    const payouts = await knex()('payouts').where({ influencer_id: influencer.id }).orderBy('created_at');
    expect(payouts.map((p) => [p.amount, p.status])).toEqual([[5_000, 'done'], [5_000, 'done']]);
    expect((await knex()('sandbox_transfers').where({ external_reference: payouts[1].id }).first()).value).toBe(5_000);
    const after = await commissionsOf(influencer.id);
    expect(after.find((c) => c.id === clawed.id)).toMatchObject({ status: 'paid', clawback_payout_id: payouts[1].id });
    expect(after.filter((c) => c.id !== clawed.id).map((c) => [c.status, c.payout_id])).toEqual([['paid', payouts[1].id], ['paid', payouts[1].id]]);
    expect((await influencer.user.client.get('/api/me/influencer?days=30')).body.commissions).toEqual({ pending: 0, available: 0, paid: 15_000, clawback: 0 });
    expect((await knex()('audit_logs').where({ action: 'payout.created', entity_id: payouts[1].id }).first()).metadata).toMatchObject({ amount: 5_000, gross: 10_000, clawback_deducted: 5_000 });
    // Nothing left: no further payout.
    expect(await matureAndPay()).toEqual({ payouts: 0, amount: 0 });
  });
});
