// Refunds and chargebacks reported after confirmation, through the real webhook route
// (docs/product/payments.md#refunds-and-chargebacks-after-confirmation): places freed, orders refunded with stock back,
// completed purchases cancelled with bonus and commission reversed, audit records, and each news applied once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { ProductService } from '../../core/marketplace/product.service';
import type { PaymentService } from '../../core/payments/payment.service';
import { requestRefund } from '../../core/payments';
import type { AppUnitOfWork } from '../../adapters/db/unit-of-work';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { bindReferral, createPlan, createUser, insertInfluencer, insertVoucher, type TestUser } from '../support/factories';

const clock = new FixedClock(new Date('2026-11-24T12:00:00Z'));
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
beforeEach(async () => {
  await app.db.knex('campaigns').update({ status: 'ended', ended_at: new Date() });
});

const knex = () => app.db.knex;
const sandbox = () => app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
const providerIdOf = async (paymentId: string) => (await knex()('payments').where({ id: paymentId }).first()).provider_payment_id as string;
const audits = (action: string, entityId: string) => knex()('audit_logs').where({ action, entity_id: entityId });
const notificationsOf = async (user: TestUser, type: string) =>
  ((await user.client.get('/api/notifications?per_page=100')).body.items as Array<{ type: string; title: string; body: string }>).filter((n) => n.type === type);

async function pay(user: TestUser, purpose: 'entry' | 'balance' | 'order', refId: string) {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirmed = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirmed.body, JSON.stringify(confirmed.body)).toMatchObject({ status: 'confirmed' });
  return created.body.id as string;
}

/**
 * The provider refunds or charges back the payment and says so: the webhook is delivered twice as it is, then once
 * more under a new event id (the same news told again). Every delivery answers 200; the outcomes are returned.
 */
async function reverse(paymentId: string, kind: 'refund' | 'chargeback') {
  const webhook = await sandbox().simulateReversal(await providerIdOf(paymentId), kind);
  const deliveries = [webhook.body, webhook.body, { ...webhook.body, id: `${webhook.body.id}_again` }];
  for (const body of deliveries) expect((await app.client().post('/api/webhooks/asaas', body, webhook.headers)).status).toBe(200);
  return (await knex()('payment_events').whereIn('event_id', [webhook.body.id, `${webhook.body.id}_again`]).orderBy('received_at')).map((e) => e.outcome as string);
}

describe('a confirmed entry of an open group, refunded by the provider', () => {
  it('frees the place once: the count goes down, the others are told, a newcomer can take it', async () => {
    const plan = await createPlan(app, { price: 60_000, group_size: 3 });
    const ana = await createUser(app, { fullName: 'Ana Souza' });
    const bia = await createUser(app, { fullName: 'Bia Lima' });
    const caio = await createUser(app, { fullName: 'Caio Alves' });
    const dani = await createUser(app, { fullName: 'Dani Rocha' });
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    const groupId = created.group.id as string;
    await pay(ana, 'entry', created.membership.id);
    const biaJoin = await bia.client.post(`/api/groups/${groupId}/join`, { referral_code: created.membership.invite_code });
    expect(biaJoin.status, JSON.stringify(biaJoin.body)).toBe(201);
    const biaMemberId = biaJoin.body.membership.id as string;
    const biaPayment = await pay(bia, 'entry', biaMemberId);
    // Caio holds the last place: the group is full for Dani.
    expect((await caio.client.post(`/api/groups/${groupId}/join`, {})).status).toBe(201);
    expect((await app.client().get(`/api/groups/${groupId}`)).body).toMatchObject({ members_paid: 2, places_left: 0 });
    expect((await dani.client.post(`/api/groups/${groupId}/join`, {})).body.error.code).toBe('group_full');

    expect(await reverse(biaPayment, 'refund')).toEqual(['refunded', 'no_change']);

    const view = (await app.client().get(`/api/groups/${groupId}`)).body;
    expect(view).toMatchObject({ status: 'open', members_paid: 1, places_left: 1 });
    expect(view.members).toEqual([{ first_name: 'Ana' }]);
    expect(await knex()('group_members').where({ id: biaMemberId }).first()).toMatchObject({ status: 'refunded' });
    expect(await knex()('payments').where({ id: biaPayment }).first()).toMatchObject({ status: 'refunded', refunded_amount: 6_000, provider_status: 'refunded' });
    // The paid member is told a place opened (once); the one who left is told why.
    const opened = await notificationsOf(ana, 'place_opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.body).toBe(`Um participante saiu da turma de ${plan.name}. Agora são 1 de 3: convide amigos para completar.`);
    expect(await notificationsOf(bia, 'purchase_reversed')).toEqual([
      expect.objectContaining({ title: 'Sua vaga foi liberada', body: `O pagamento da sua entrada na turma de ${plan.name} foi estornado, e sua vaga foi liberada.` }),
    ]);
    // The pending holder is not a member yet: nothing for Caio.
    expect(await notificationsOf(caio, 'place_opened')).toHaveLength(0);
    expect(await audits('payment.refunded_by_provider', biaPayment)).toHaveLength(1);
    expect(await audits('group.place_released', groupId)).toHaveLength(1);

    // The freed place is Dani's to take; Bia's own entry is not charged again.
    const daniJoin = await dani.client.post(`/api/groups/${groupId}/join`, {});
    expect(daniJoin.status, JSON.stringify(daniJoin.body)).toBe(201);
    expect((await app.client().get(`/api/groups/${groupId}`)).body.places_left).toBe(0);
    expect((await bia.client.post('/api/payments', { purpose: 'entry', ref_id: biaMemberId, method: 'PIX' })).status).toBe(409);
  });
});

describe('a paid marketplace order, charged back', () => {
  it('is refunded once, its stock back on the shelf, the customer told; the back office sees the chargeback', async () => {
    const before = (await adminClient.get('/api/admin/reports/dashboard')).body.attention.chargebacks as number;
    const { product } = await app.container.get<ProductService>(TOKENS.ProductService).save({
      name: 'Kit Contestado', slug: `kit-contestado-${Date.now()}`, description: 'Produto de teste', price: 4_500, stock_quantity: 5, category_id: null, active: true,
    });
    const buyer = await createUser(app);
    expect((await buyer.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: product.id, quantity: 2 }] })).status).toBe(200);
    const order = await buyer.client.post('/api/orders', { address: { cep: '01310-100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId = order.body.id as string;
    expect((await knex()('products').where({ id: product.id }).first()).stock_quantity).toBe(3);
    const paymentId = await pay(buyer, 'order', orderId);
    expect((await buyer.client.get(`/api/orders/${orderId}`)).body.status).toBe('paid');

    expect(await reverse(paymentId, 'chargeback')).toEqual(['chargeback', 'no_change']);

    const seen = (await buyer.client.get(`/api/orders/${orderId}`)).body;
    expect(seen.status).toBe('refunded');
    expect(seen.cancel_reason).toBe('Pagamento contestado (chargeback)');
    expect((await knex()('products').where({ id: product.id }).first()).stock_quantity).toBe(5);
    expect(await knex()('order_status_history').where({ order_id: orderId, to_status: 'refunded' })).toHaveLength(1);
    expect(await knex()('payments').where({ id: paymentId }).first()).toMatchObject({ status: 'refunded', provider_status: 'chargeback', failure_reason: 'contestação (chargeback) no provedor' });
    expect(await notificationsOf(buyer, 'order_refunded')).toHaveLength(1);
    expect(await audits('payment.chargeback', paymentId)).toHaveLength(1);
    expect(await audits('order.refunded_by_provider', orderId)).toHaveLength(1);
    expect((await adminClient.get('/api/admin/reports/dashboard')).body.attention.chargebacks).toBe(before + 1);
  });
});

describe('after the group completed', () => {
  it('an invitee\'s entry refunded cancels their voucher and reverses the inviter\'s campaign bonus, once; the group stays complete', async () => {
    const campaign = await adminClient.post('/api/admin/campaigns', {
      name: 'Amigos de novembro', starts_at: new Date(clock.now().getTime() - 86_400_000).toISOString(), ends_at: new Date(clock.now().getTime() + 10 * 86_400_000).toISOString(),
      bonus_type: 'fixed', bonus_value: 1_000, cap_per_inviter: 5_000, budget: 100_000,
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const plan = await createPlan(app, { price: 50_000, group_size: 2 });
    const ana = await createUser(app, { fullName: 'Ana Prado' });
    const edu = await createUser(app, { fullName: 'Edu Costa' });
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    const groupId = created.group.id as string;
    await pay(ana, 'entry', created.membership.id);
    const eduMemberId = (await edu.client.post(`/api/groups/${groupId}/join`, { referral_code: created.membership.invite_code })).body.membership.id as string;
    const eduEntry = await pay(edu, 'entry', eduMemberId);
    expect((await knex()('groups').where({ id: groupId }).first()).status).toBe('complete');
    expect((await ana.client.get('/api/me/wallet')).body.balance).toBe(1_000);
    const voucher = await knex()('vouchers').where({ member_id: eduMemberId }).first();
    expect(voucher.status).toBe('awaiting_balance');

    expect(await reverse(eduEntry, 'refund')).toEqual(['refunded', 'no_change']);

    expect(await knex()('vouchers').where({ id: voucher.id }).first()).toMatchObject({ status: 'cancelled' });
    expect(await knex()('group_members').where({ id: eduMemberId }).first()).toMatchObject({ status: 'refunded' });
    expect((await knex()('groups').where({ id: groupId }).first()).status).toBe('complete');
    expect((await knex()('vouchers').where({ member_id: created.membership.id }).first()).status).toBe('awaiting_balance');
    // The bonus went back once: budget and the inviter's wallet.
    expect((await ana.client.get('/api/me/wallet')).body.balance).toBe(0);
    expect(await knex()('campaign_bonuses').where({ invitee_member_id: eduMemberId }).first()).toMatchObject({ status: 'reversed' });
    expect((await knex()('campaigns').where({ id: campaign.body.id }).first()).spent).toBe(0);
    // The cancelled voucher takes no balance and cannot be redeemed.
    const balance = await edu.client.post('/api/payments', { purpose: 'balance', ref_id: voucher.id, method: 'PIX' });
    expect(balance.status).toBe(409);
    expect(balance.body.error.code).toBe('voucher_cancelled');
    const [told] = await notificationsOf(edu, 'purchase_reversed');
    expect(told).toMatchObject({ title: 'Sua compra foi cancelada' });
    expect(await notificationsOf(edu, 'purchase_reversed')).toHaveLength(1);
    expect(await audits('group.purchase_cancelled', groupId)).toHaveLength(1);
    // Nobody else's place opened: the group is complete.
    expect(await notificationsOf(ana, 'place_opened')).toHaveLength(0);
  });

  it('a paid balance charged back cancels the voucher, reverses the influencer\'s commission and refunds the entry', async () => {
    const influencer = await insertInfluencer(app, { rateBp: 1_000 });
    const buyer = await createUser(app);
    await bindReferral(app, influencer, buyer.id, { at: clock.now() });
    const plan = await createPlan(app, { price: 42_000 });
    const { voucher } = await insertVoucher(knex(), plan, buyer.id, { status: 'awaiting_balance' });
    const member = { id: (await knex()('vouchers').where({ id: voucher.id }).first()).member_id as string };
    // The entry the factory's member paid, as a confirmed payment of the provider.
    const entry = await pay(buyer, 'balance', voucher.id).then(async (balanceId) => {
      const [row] = await knex()('payments')
        .insert({ user_id: buyer.id, purpose: 'entry', ref_id: member.id, amount: plan.entry_price, method: 'PIX', installments: 1, status: 'confirmed', provider: 'sandbox', confirmed_at: new Date() })
        .returning('*');
      return { balanceId, entryId: row.id as string };
    });
    expect(await knex()('commissions').where({ influencer_id: influencer.id, source_id: member.id }).first()).toMatchObject({ status: 'pending', amount: 420 });
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('redeemable');

    expect(await reverse(entry.balanceId, 'chargeback')).toEqual(['chargeback', 'no_change']);

    expect((await knex()('commissions').where({ influencer_id: influencer.id, source_id: member.id }).first()).status).toBe('reversed');
    expect(await audits('commission.reversed', member.id)).toHaveLength(1);
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('cancelled');
    expect((await knex()('group_members').where({ id: member.id }).first()).status).toBe('refunded');
    // The entry is given back too (marked, its refund made by the job or the sweep), once.
    await app.container.get<PaymentService>(TOKENS.PaymentService).processRefunds();
    expect(await knex()('payments').where({ id: entry.entryId }).first()).toMatchObject({ status: 'refunded', refunded_amount: plan.entry_price });
    expect(await audits('payment.refund_marked', entry.entryId)).toHaveLength(1);
    expect(await notificationsOf(buyer, 'purchase_reversed')).toEqual([
      expect.objectContaining({ body: `Um pagamento da sua compra na turma de ${plan.name} foi contestado junto ao emissor do cartão, e a compra foi cancelada: o voucher não vale mais. O restante que você pagou será devolvido.` }),
    ]);
    // The back office: the chargeback and the cancelled purchase are on the audit trail.
    const trail = await adminClient.get(`/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'payment.chargeback' }))}`);
    expect(trail.status).toBe(200);
    expect((trail.body as Array<{ entity_id: string }>).map((r) => r.entity_id)).toContain(entry.balanceId);
  });

  it('a redeemed voucher is kept (the service was delivered) and the back office is alerted', async () => {
    const buyer = await createUser(app);
    const plan = await createPlan(app, { price: 30_000 });
    const { voucher } = await insertVoucher(knex(), plan, buyer.id, { status: 'awaiting_balance' });
    const member = { id: (await knex()('vouchers').where({ id: voucher.id }).first()).member_id as string };
    const balanceId = await pay(buyer, 'balance', voucher.id);
    await knex()('vouchers').where({ id: voucher.id }).update({ status: 'redeemed', redeemed_at: new Date() });

    expect(await reverse(balanceId, 'refund')).toEqual(['refunded', 'no_change']);

    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('redeemed');
    expect((await knex()('group_members').where({ id: member.id }).first()).status).toBe('awarded');
    const kept = await knex()('audit_logs').where({ action: 'group.purchase_reversal_kept' }).whereRaw(`metadata->>'payment_id' = ?`, [balanceId]);
    expect(kept).toHaveLength(1);
    expect(kept[0].metadata).toMatchObject({ reason: 'voucher_redeemed', kind: 'refund' });
  });
});

describe('a refund we asked for', () => {
  it('is not undone again when the provider reports it: the reversal is only for money that came back without us', async () => {
    const plan = await createPlan(app, { price: 20_000, group_size: 3 });
    const ana = await createUser(app);
    const bia = await createUser(app);
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(ana, 'entry', created.membership.id);
    const biaMemberId = (await bia.client.post(`/api/groups/${created.group.id}/join`, {})).body.membership.id as string;
    const biaPayment = await pay(bia, 'entry', biaMemberId);
    // Our own refund (an operator's, a group's expiry): marked in a transaction of ours, then made by the job.
    await app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).run((tx) => requestRefund(tx, { id: biaPayment }, 'teste'));
    // The job may have run already; the sweep makes sure.
    await app.container.get<PaymentService>(TOKENS.PaymentService).processRefunds();
    expect((await knex()('payments').where({ id: biaPayment }).first()).status).toBe('refunded');
    const providerId = await providerIdOf(biaPayment);
    expect((await sandbox().getCharge(providerId)).status).toBe('refunded');
    const event = { id: `evt_ours_${biaPayment}`, event: 'PAYMENT_REFUNDED', dateCreated: '2026-11-24 09:00:00', payment: { id: providerId, externalReference: biaPayment } };
    expect((await app.client().post('/api/webhooks/asaas', event, { 'asaas-access-token': sandbox().webhookToken })).status).toBe(200);
    expect((await knex()('payment_events').where({ event_id: event.id }).first()).outcome).toBe('no_change');
    // Whoever asked for the refund undid what it had to: nothing more happens here.
    expect((await knex()('group_members').where({ id: biaMemberId }).first()).status).toBe('paid');
    expect(await notificationsOf(ana, 'place_opened')).toHaveLength(0);
    expect(await audits('payment.refunded_by_provider', biaPayment)).toHaveLength(0);
  });
});
