// Boleto refunds: a boleto-paid entry refunded on group expiry waits for the member's choice; a PIX key
// (validated) is paid by exactly one transfer through the payment port even when the refund job runs twice (at the
// same time); wallet credit is given once; another user cannot choose; an invalid key is a 400 in pt-BR.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { PaymentService } from '../../core/payments/payment.service';
import type { ExpireGroupsFlow } from '../../core/flows';
import type { PaymentGateway, CreateTransferInput } from '../../core/ports/payments';
import { TOKENS } from '../../adapters/tokens';
import { AsaasPaymentGateway } from '../../adapters/payments/asaas.gateway';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

const clock = new FixedClock(new Date('2026-11-24T12:00:00Z'));
let app: TestApp;
const transfers: CreateTransferInput[] = [];

beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  // Count every transfer the service asks of the (sandbox) payment port.
  const gateway = app.container.get<PaymentGateway>(TOKENS.PaymentGateway);
  const original = gateway.createTransfer.bind(gateway);
  gateway.createTransfer = async (input) => {
    transfers.push(input);
    return original(input);
  };
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const payments = () => app.container.get<PaymentService>(TOKENS.PaymentService);

/** A group whose owner paid the entry by boleto, expired: the payment is left awaiting the member's choice. */
async function boletoPaidEntryRefunded(user: TestUser) {
  const plan = await createPlan(app, { price: 60_000, group_size: 3 });
  const created = (await user.client.post('/api/groups', { plan_id: plan.id })).body;
  const charge = await user.client.post('/api/payments', { purpose: 'entry', ref_id: created.membership.id, method: 'BOLETO' });
  expect(charge.status, JSON.stringify(charge.body)).toBe(201);
  const confirmed = await user.client.post(`/api/sandbox/payments/${charge.body.id}/confirm`);
  expect(confirmed.body, JSON.stringify(confirmed.body)).toMatchObject({ status: 'confirmed' });
  await app.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).expireNow(created.group.id);
  return charge.body.id as string;
}

describe('boleto refunds', () => {
  it('waits for the choice, then sends exactly one PIX transfer even when the job runs twice at once', async () => {
    const ana = await createUser(app, { fullName: 'Ana Souza' });
    const paymentId = await boletoPaidEntryRefunded(ana);
    // No provider refund is attempted: the payment waits for the member.
    expect(await payments().refundOne(paymentId)).toBe('skipped');
    const view = await ana.client.get(`/api/payments/${paymentId}`);
    expect(view.body).toMatchObject({ status: 'refund_pending', refund_destination: 'awaiting_choice' });
    // Told by e-mail and in the app, with a link to the payment history where the choice is made.
    await expect.poll(async () => (await knex()('mail_outbox').where({ to_address: ana.email, template: 'refund_choice' })).length).toBe(1);
    const asked = await knex()('notifications').where({ user_id: ana.id, type: 'refund_choice_needed' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ title: 'Escolha como receber o reembolso', link: '/payment-history' });
    expect(asked[0].body).toContain('R$\u00a060,00');

    // The choice enqueues the refund job (dispatched after the commit); the job then runs twice more, at the same time.
    const before = transfers.length;
    const chosen = await ana.client.post(`/api/payments/${paymentId}/refund-destination`, { type: 'pix', pix_key: { type: 'EMAIL', key: ' Ana@Example.com ' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.refund_destination).toBe('pix');
    // Chosen once: a second choice is refused.
    expect((await ana.client.post(`/api/payments/${paymentId}/refund-destination`, { type: 'wallet' })).status).toBe(409);

    const outcomes = await Promise.all([payments().refundOne(paymentId), payments().refundOne(paymentId)]);
    await payments().processRefunds();
    expect(outcomes.filter((o) => o === 'refunded').length).toBeLessThanOrEqual(1);
    const sent = transfers.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ value: 6_000, pixKey: 'ana@example.com', pixKeyType: 'EMAIL', externalReference: paymentId });
    const row = await knex()('payments').where({ id: paymentId }).first();
    expect(row).toMatchObject({ status: 'refunded', refunded_amount: 6_000, refund_destination: 'pix' });
    expect(row.refund_transfer_id).toBeTruthy();
    expect(await knex()('wallet_entries').where({ user_id: ana.id })).toHaveLength(0);
    const told = await knex()('notifications').where({ user_id: ana.id, type: 'refund_issued' });
    expect(told.map((n) => n.body)).toEqual(['Devolvemos R$\u00a060,00 por PIX para a chave que você escolheu.']);
  });

  it('two refund jobs racing on a chosen PIX key send one transfer and refund once', async () => {
    const gil = await createUser(app, { fullName: 'Gil Nunes' });
    const paymentId = await boletoPaidEntryRefunded(gil);
    // The choice as stored, without the job it enqueues: only the two racing runs below act.
    await knex()('payments').where({ id: paymentId }).update({ refund_destination: 'pix', refund_pix_key_type: 'EVP', refund_pix_key: '123e4567-e89b-12d3-a456-426614174000' });
    const before = transfers.length;
    const outcomes = await Promise.all([payments().refundOne(paymentId), payments().refundOne(paymentId)]);
    expect(outcomes.sort()).toEqual(['refunded', 'skipped']);
    expect(transfers.slice(before)).toHaveLength(1);
    expect(await knex()('payments').where({ id: paymentId }).first()).toMatchObject({ status: 'refunded', refunded_amount: 6_000 });
  });

  it('credits the wallet once when the member chooses wallet credit', async () => {
    const bia = await createUser(app, { fullName: 'Bia Lima' });
    const paymentId = await boletoPaidEntryRefunded(bia);
    const before = transfers.length;
    const chosen = await bia.client.post(`/api/payments/${paymentId}/refund-destination`, { type: 'wallet' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    await Promise.all([payments().refundOne(paymentId), payments().refundOne(paymentId)]);
    await payments().processRefunds();
    expect(transfers.length).toBe(before);
    const entries = await knex()('wallet_entries').where({ user_id: bia.id });
    expect(entries).toHaveLength(1);
    expect(Number(entries[0].amount)).toBe(6_000);
    expect((await bia.client.get('/api/me/wallet')).body).toMatchObject({ balance: 6_000 });
    expect((await knex()('payments').where({ id: paymentId }).first()).status).toBe('refunded');
    expect((await knex()('notifications').where({ user_id: bia.id, type: 'refund_issued' })).map((n) => n.body)).toEqual(['Devolvemos R$\u00a060,00 como crédito na sua carteira da Turma.']);
  });

  it('refuses another user (404) and an invalid PIX key (400, pt-BR)', async () => {
    const caio = await createUser(app, { fullName: 'Caio Alves' });
    const dani = await createUser(app, { fullName: 'Dani Rocha' });
    const paymentId = await boletoPaidEntryRefunded(caio);
    const other = await dani.client.post(`/api/payments/${paymentId}/refund-destination`, { type: 'wallet' });
    expect(other.status).toBe(404);
    const bad = await caio.client.post(`/api/payments/${paymentId}/refund-destination`, { type: 'pix', pix_key: { type: 'CPF', key: '111.111.111-11' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Chave PIX inválida: informe um CPF válido');
    const row = await knex()('payments').where({ id: paymentId }).first();
    expect(row).toMatchObject({ status: 'refund_pending', refund_destination: null });
  });
});

describe('boleto refunds through the real Asaas client against the local Asaas fake', () => {
  let fake: AsaasFake;
  let asaasApp: TestApp;

  beforeAll(async () => {
    fake = await startAsaasFake();
    const gateway = new AsaasPaymentGateway({ baseUrl: fake.url, apiKey: fake.apiKey, webhookToken: fake.webhookToken, userAgent: turmaUserAgent('http://127.0.0.1'), timeoutMs: 2_000, retryBaseMs: 5 });
    asaasApp = await createTestApp({ overrides: { clock: new FixedClock(new Date()), paymentGateway: gateway } });
  }, 120_000);
  afterAll(async () => {
    await asaasApp?.close();
    await fake?.close();
  });

  it('a boleto paid at Asaas and refunded on expiry goes back by one POST /v3/transfers (never a provider refund)', async () => {
    const eva = await createUser(asaasApp, { fullName: 'Eva Martins' });
    const plan = await createPlan(asaasApp, { price: 60_000, group_size: 3 });
    const created = (await eva.client.post('/api/groups', { plan_id: plan.id })).body;
    const charge = await eva.client.post('/api/payments', { purpose: 'entry', ref_id: created.membership.id, method: 'BOLETO' });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    const paymentId = charge.body.id as string;
    const providerId = (await asaasApp.db.knex('payments').where({ id: paymentId }).first()).provider_payment_id as string;
    fake.setStatus(providerId, 'RECEIVED');
    const hook = fake.webhook('PAYMENT_RECEIVED', providerId);
    expect((await asaasApp.client().post('/api/webhooks/asaas', hook.body, hook.headers)).status).toBe(200);
    expect((await eva.client.get(`/api/payments/${paymentId}`)).body.status).toBe('confirmed');

    await asaasApp.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).expireNow(created.group.id);
    const service = asaasApp.container.get<PaymentService>(TOKENS.PaymentService);
    expect(await service.refundOne(paymentId)).toBe('skipped');
    expect((await eva.client.get(`/api/payments/${paymentId}`)).body).toMatchObject({ status: 'refund_pending', refund_destination: 'awaiting_choice' });

    const chosen = await eva.client.post(`/api/payments/${paymentId}/refund-destination`, { type: 'pix', pix_key: { type: 'PHONE', key: '(11) 91234-5678' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    await Promise.all([service.refundOne(paymentId), service.refundOne(paymentId)]);
    await service.processRefunds();

    const posts = fake.requestsTo('POST', '/transfers').filter((r) => r.body.externalReference === paymentId);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({ value: 60, pixAddressKey: '+5511912345678', pixAddressKeyType: 'PHONE' });
    expect(fake.requestsTo('POST', '/payments/:id/refund')).toHaveLength(0);
    const row = await asaasApp.db.knex('payments').where({ id: paymentId }).first();
    expect(row).toMatchObject({ status: 'refunded', refunded_amount: 6_000, refund_transfer_id: [...fake.transfers.values()].find((t) => t.externalReference === paymentId)!.id });

    // The bank refuses the transfer later (TRANSFER_FAILED, delivered twice): the refund is open again, once — the
    // payment waits for a new choice, the member is told in the app and by e-mail; the wallet choice then pays it.
    const transferId = row.refund_transfer_id as string;
    fake.setTransferStatus(transferId, 'FAILED', { failReason: 'Chave PIX não encontrada' });
    for (let i = 0; i < 2; i++) {
      const failed = fake.transferWebhook('TRANSFER_FAILED', transferId);
      expect((await asaasApp.client().post('/api/webhooks/asaas', failed.body, failed.headers)).status).toBe(200);
    }
    expect((await eva.client.get(`/api/payments/${paymentId}`)).body).toMatchObject({ status: 'refund_pending', refund_destination: 'awaiting_choice', refunded_amount: 0 });
    expect(await asaasApp.db.knex('audit_logs').where({ action: 'payment.refund_transfer_failed', entity_id: paymentId })).toHaveLength(1);
    const asked = await asaasApp.db.knex('notifications').where({ user_id: eva.id, type: 'refund_choice_needed' }).orderBy('created_at');
    expect(asked).toHaveLength(2);
    await expect
      .poll(async () => (await asaasApp.db.knex('mail_outbox').where({ to_address: eva.email, template: 'refund_choice' })).map((m) => m.text_body as string).join('\n'))
      .toContain('A transferência PIX do seu reembolso não foi concluída: Chave PIX não encontrada.');

    expect((await eva.client.post(`/api/payments/${paymentId}/refund-destination`, { type: 'wallet' })).status).toBe(200);
    await service.processRefunds();
    expect(await asaasApp.db.knex('payments').where({ id: paymentId }).first()).toMatchObject({ status: 'refunded', refunded_amount: 6_000, refund_destination: 'wallet', refund_transfer_id: null });
    expect((await eva.client.get('/api/me/wallet')).body).toMatchObject({ balance: 6_000 });
    expect((await asaasApp.db.knex('notifications').where({ user_id: eva.id, type: 'refund_issued' }).orderBy('created_at')).map((n) => n.body)).toEqual([
      'Devolvemos R$\u00a060,00 por PIX para a chave que você escolheu.',
      'Devolvemos R$\u00a060,00 como crédito na sua carteira da Turma.',
    ]);
    // Still one transfer asked of the provider: the failed one is not sent again.
    expect(fake.requestsTo('POST', '/transfers').filter((r) => r.body.externalReference === paymentId)).toHaveLength(1);
  });
});
