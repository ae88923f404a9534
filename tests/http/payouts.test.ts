// Payouts over HTTP (docs/payments.md#payouts-to-professionals): receivables mature after 7 days (fake clock), one PIX
// per professional above the minimum (sandbox and the Asaas fake), transfer webhooks applied once in any order, failures
// freeing the receivables, own-only reads, the audited back-office run, two concurrent runs paying once (PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import { AsaasPaymentGateway } from '../../adapters/payments/asaas.gateway';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import type { PayoutFlow } from '../../core/flows';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertVoucher, type TestUser } from '../support/factories';
import { startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';

const DAY = 86_400_000;
const clock = new FixedClock(new Date());
let app: TestApp;
let adminClient: HttpClient;

beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  adminClient = await signedInAdmin(app);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

async function signedInAdmin(target: TestApp) {
  const creds = await target.createAdmin();
  const client = target.client();
  expect((await client.post('/api/auth/login', creds)).status).toBe(200);
  return client;
}

async function categoryOf(target: TestApp, planId: string): Promise<string> {
  const row = await target.db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', planId).first('c.slug');
  return row.slug as string;
}

type Plan = Awaited<ReturnType<typeof createPlan>>;
interface Pro {
  user: TestUser;
  id: string;
  plan: Plan;
}

let seq = 0;
/** An approved professional of the plan's category (the application route is tested elsewhere). */
async function approvedProfessional(target: TestApp, plan: Plan, pixKey?: string): Promise<Pro> {
  const user = await createUser(target);
  seq += 1;
  const [row] = await target.db
    .knex('professionals')
    .insert({
      user_id: user.id,
      status: 'approved',
      approved: true,
      category: await categoryOf(target, plan.id),
      business_name: `Estúdio Repasse ${seq}`,
      full_name: user.fullName,
      tax_id: '11144477735',
      cep: '01310100',
      bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.',
      pix_key_type: 'EMAIL',
      pix_key: pixKey ?? `repasse${seq}@exemplo.com.br`,
    })
    .returning('*');
  await target.db.knex('users').where({ id: user.id }).update({ role: 'professional' });
  return { user, id: row.id as string, plan };
}

/** A member's redeemable voucher of the professional's plan, redeemed at the counter (POST /api/vouchers/redeem). */
async function redeem(target: TestApp, pro: Pro): Promise<{ receivableId: string; net: number }> {
  const knex = target.db.knex;
  const member = await createUser(target, { fullName: 'Carla Souza' });
  const { plan } = pro;
  const { voucher } = await insertVoucher(knex, plan, member.id);
  const res = await pro.user.client.post('/api/vouchers/redeem', { code: voucher.code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { receivableId: res.body.receivable.id as string, net: res.body.receivable.net as number };
}

const receivables = (target: TestApp, professionalId: string) => target.db.knex('receivables').where({ professional_id: professionalId }).orderBy('created_at');
const payoutsOf = (target: TestApp, professionalId: string) => target.db.knex('payouts').where({ professional_id: professionalId }).orderBy('created_at');

describe('maturing receivables (the mature_receivables job)', () => {
  it('keeps a redeemed voucher\'s receivable pending for 7 days, then makes it available once', async () => {
    // Net R$ 27,00: below the minimum, so no later run in this file pays it.
    const plan = await createPlan(app, { price: 3_000 });
    const pro = await approvedProfessional(app, plan);
    const { receivableId } = await redeem(app, pro);
    const row = await app.db.knex('receivables').where({ id: receivableId }).first();
    expect(row.status).toBe('pending');
    expect(new Date(row.available_at).getTime() - clock.now().getTime()).toBe(7 * DAY);

    clock.advance(7 * DAY - 60_000);
    const early = await adminClient.post('/api/admin/jobs/mature_receivables/run');
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body).toMatchObject({ outcome: 'ok' });
    expect((await app.db.knex('receivables').where({ id: receivableId }).first()).status).toBe('pending');

    clock.advance(60_000);
    const due = await adminClient.post('/api/admin/jobs/mature_receivables/run');
    expect(due.body).toMatchObject({ outcome: 'ok' });
    expect(due.body.counts.matured).toBeGreaterThanOrEqual(1);
    expect((await app.db.knex('receivables').where({ id: receivableId }).first()).status).toBe('available');
    const again = await adminClient.post('/api/admin/jobs/mature_receivables/run');
    expect(again.body.counts).toEqual({ matured: 0, commissions: 0 });
    expect((await pro.user.client.get('/api/me/receivables')).body.totals.available).toBe(2_700);
  });
});

describe('paying professionals (sandbox provider)', () => {
  it('pays one PIX per professional at or above the minimum, through the job queue; the sandbox settles it by webhook', async () => {
    const plan = await createPlan(app, { price: 3_000 }); // net 2 700 per voucher (10% fee)
    const rich = await approvedProfessional(app, plan);
    const poor = await approvedProfessional(app, plan);
    await redeem(app, rich);
    await redeem(app, rich);
    await redeem(app, poor);
    // Not yet matured: nothing is due.
    expect((await adminClient.post('/api/admin/payouts/run')).body).toEqual({ payouts: 0, amount: 0 });
    clock.advance(7 * DAY);

    const plainUser = await createUser(app);
    expect((await plainUser.client.post('/api/admin/payouts/run')).status).toBe(403);
    expect((await rich.user.client.post('/api/admin/payouts/run')).status).toBe(403);
    const run = await adminClient.post('/api/admin/payouts/run');
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toEqual({ payouts: 1, amount: 5_400 });
    expect(await app.db.knex('audit_logs').where({ action: 'admin.payouts_run' })).toHaveLength(2);

    const [payout] = await payoutsOf(app, rich.id);
    expect(payout).toMatchObject({ status: 'done', amount: 5_400, pix_key_type: 'EMAIL', provider_status: 'done' });
    expect(payout.paid_at).not.toBeNull();
    expect((await receivables(app, rich.id)).map((r) => [r.status, r.payout_id])).toEqual([['paid', payout.id], ['paid', payout.id]]);
    // Below the minimum: the money waits, available, for a later run.
    expect(await payoutsOf(app, poor.id)).toHaveLength(0);
    expect((await receivables(app, poor.id)).map((r) => r.status)).toEqual(['available']);
    // The sandbox's transfer and the TRANSFER_DONE event, stored once and applied.
    const [transfer] = await app.db.knex('sandbox_transfers').where({ external_reference: payout.id });
    expect(transfer).toMatchObject({ value: 5_400, status: 'DONE', pix_key: payout.pix_key });
    expect(payout.provider_transfer_id).toBe(transfer.id);
    expect(await app.db.knex('payment_events').where({ type: 'TRANSFER_DONE', provider_payment_id: transfer.id, outcome: 'paid' })).toHaveLength(1);
    // Told in the app and by e-mail (the job queue).
    const notes = await app.db.knex('notifications').where({ user_id: rich.user.id, type: 'payout_done' });
    expect(notes).toHaveLength(1);
    expect(notes[0].body).toContain('R$\u00a054,00');
    expect(await app.db.knex('mail_outbox').where({ to_address: rich.user.email, template: 'payout_done' })).toHaveLength(1);

    // A second run pays nothing again.
    expect((await adminClient.post('/api/admin/payouts/run')).body).toEqual({ payouts: 0, amount: 0 });
    expect(await app.db.knex('sandbox_transfers').where({ external_reference: payout.id })).toHaveLength(1);

    // GET /api/me/payouts: exactly the promised shape, own payouts only.
    const mine = await rich.user.client.get('/api/me/payouts');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      items: [{ id: payout.id, amount: 5_400, status: 'done', created_at: new Date(payout.created_at).toISOString(), paid_at: new Date(payout.paid_at).toISOString(), failure_reason: null, receipt_url: null }],
      total: 1,
    });
    expect((await poor.user.client.get('/api/me/payouts')).body).toEqual({ items: [], total: 0 });
    const refused = await plainUser.client.get('/api/me/payouts');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Disponível apenas para profissionais e influenciadores.');
    expect((await app.client().get('/api/me/payouts')).status).toBe(401);
    expect((await rich.user.client.get('/api/me/payouts?per_page=0')).status).toBe(400);
  });

  it('a failed transfer fails the payout with its reason, frees the receivables and tells the professional to check the PIX key', async () => {
    const plan = await createPlan(app, { price: 6_000 }); // net 5 400
    // The sandbox fails PIX keys starting with "falha".
    const pro = await approvedProfessional(app, plan, 'falha.repasse@exemplo.com.br');
    const { receivableId } = await redeem(app, pro);
    clock.advance(7 * DAY);
    expect((await adminClient.post('/api/admin/payouts/run')).body).toEqual({ payouts: 1, amount: 5_400 });

    const [failed] = await payoutsOf(app, pro.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'Chave PIX não encontrada.', paid_at: null });
    expect(await app.db.knex('receivables').where({ id: receivableId }).first()).toMatchObject({ status: 'available', payout_id: null });
    const [note] = await app.db.knex('notifications').where({ user_id: pro.user.id, type: 'payout_failed' });
    expect(note.body).toContain('Confira sua chave PIX');
    expect(await app.db.knex('mail_outbox').where({ to_address: pro.user.email, template: 'payout_failed' })).toHaveLength(1);
    const mine = await pro.user.client.get('/api/me/payouts');
    expect(mine.body.items).toEqual([expect.objectContaining({ id: failed.id, status: 'failed', paid_at: null, failure_reason: 'Chave PIX não encontrada.' })]);

    // A redelivered TRANSFER_FAILED changes nothing.
    const sandbox = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
    const hook = await sandbox.transferWebhook(failed.id, 'TRANSFER_FAILED');
    expect((await app.client().post('/api/webhooks/asaas', hook.body, hook.headers)).status).toBe(200);
    expect(await app.db.knex('notifications').where({ user_id: pro.user.id, type: 'payout_failed' })).toHaveLength(1);

    // With the key fixed, the next run pays the same receivable once.
    await app.db.knex('professionals').where({ id: pro.id }).update({ pix_key: 'certa.repasse@exemplo.com.br' });
    expect((await adminClient.post('/api/admin/payouts/run')).body).toEqual({ payouts: 1, amount: 5_400 });
    const rows = await payoutsOf(app, pro.id);
    expect(rows.map((p) => p.status)).toEqual(['failed', 'done']);
    expect(await app.db.knex('receivables').where({ id: receivableId }).first()).toMatchObject({ status: 'paid', payout_id: rows[1].id });
  });

  it('two runs at the same moment (two instances) make one payout per professional and pay each receivable once', async () => {
    const plan = await createPlan(app, { price: 3_000 });
    const pros: Pro[] = [];
    for (let i = 0; i < 6; i++) {
      const pro = await approvedProfessional(app, plan);
      await redeem(app, pro);
      await redeem(app, pro);
      pros.push(pro);
    }
    clock.advance(7 * DAY);
    const secondAdmin = await signedInAdmin(app);
    const answers = await Promise.all([adminClient.post('/api/admin/payouts/run'), secondAdmin.post('/api/admin/payouts/run')]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(answers[0]!.body.payouts + answers[1]!.body.payouts).toBe(pros.length);
    expect(answers[0]!.body.amount + answers[1]!.body.amount).toBe(pros.length * 5_400);
    for (const pro of pros) {
      const payouts = await payoutsOf(app, pro.id);
      expect(payouts, pro.id).toHaveLength(1);
      expect(payouts[0]).toMatchObject({ amount: 5_400, status: 'done' });
      expect((await receivables(app, pro.id)).map((r) => [r.status, r.payout_id])).toEqual([['paid', payouts[0].id], ['paid', payouts[0].id]]);
      expect(await app.db.knex('sandbox_transfers').where({ external_reference: payouts[0].id })).toHaveLength(1);
    }
  });
});

describe('transfer webhooks from Asaas (the real client against the local Asaas fake)', () => {
  let fake: AsaasFake;
  let asaasApp: TestApp;
  let admin: HttpClient;
  const asaasClock = new FixedClock(new Date());

  beforeAll(async () => {
    fake = await startAsaasFake();
    const gateway = new AsaasPaymentGateway({ baseUrl: fake.url, apiKey: fake.apiKey, webhookToken: fake.webhookToken, userAgent: turmaUserAgent('http://127.0.0.1'), timeoutMs: 2_000, retryBaseMs: 5 });
    asaasApp = await createTestApp({ overrides: { clock: asaasClock, paymentGateway: gateway } });
    admin = await signedInAdmin(asaasApp);
  }, 120_000);
  afterAll(async () => {
    await asaasApp?.close();
    await fake?.close();
  });

  const post = (hook: { headers: Record<string, string>; body: unknown }) => asaasApp.client().post('/api/webhooks/asaas', hook.body, hook.headers);

  async function pendingPayout() {
    const plan = await createPlan(asaasApp, { price: 6_000 });
    const pro = await approvedProfessional(asaasApp, plan);
    await redeem(asaasApp, pro);
    await redeem(asaasApp, pro);
    asaasClock.advance(7 * DAY);
    expect((await admin.post('/api/admin/payouts/run')).body).toEqual({ payouts: 1, amount: 10_800 });
    const [payout] = await payoutsOf(asaasApp, pro.id);
    expect(payout).toMatchObject({ status: 'pending', amount: 10_800 });
    expect(payout.provider_transfer_id).toEqual(expect.any(String));
    const transfer = fake.transfers.get(payout.provider_transfer_id)!;
    expect(transfer).toMatchObject({ value: 108, pixAddressKeyType: 'EMAIL', pixAddressKey: payout.pix_key, externalReference: payout.id });
    expect((await receivables(asaasApp, pro.id)).map((r) => r.status)).toEqual(['in_payout', 'in_payout']);
    return { pro, payout, transferId: transfer.id as string };
  }

  it('DONE twice (a redelivery and a second event) pays once; a later FAILED never regresses the done payout', async () => {
    const { pro, payout, transferId } = await pendingPayout();
    // Still processing: nothing moves.
    fake.setTransferStatus(transferId, 'BANK_PROCESSING');
    expect((await post(fake.transferWebhook('TRANSFER_IN_BANK_PROCESSING', transferId))).body).toEqual({ received: true, duplicate: false });
    expect((await payoutsOf(asaasApp, pro.id))[0].status).toBe('pending');

    fake.setTransferStatus(transferId, 'DONE');
    const done = fake.transferWebhook('TRANSFER_DONE', transferId);
    expect((await post(done)).body).toEqual({ received: true, duplicate: false });
    expect((await post(done)).body).toEqual({ received: true, duplicate: true });
    expect((await post(fake.transferWebhook('TRANSFER_DONE', transferId))).status).toBe(200);

    const [paid] = await payoutsOf(asaasApp, pro.id);
    expect(paid).toMatchObject({ id: payout.id, status: 'done', receipt_url: `https://sandbox.asaas.com/comprovantes/${transferId}` });
    expect((await receivables(asaasApp, pro.id)).map((r) => r.status)).toEqual(['paid', 'paid']);
    expect(await asaasApp.db.knex('notifications').where({ user_id: pro.user.id, type: 'payout_done' })).toHaveLength(1);
    expect(await asaasApp.db.knex('mail_outbox').where({ to_address: pro.user.email, template: 'payout_done' })).toHaveLength(1);
    expect(await asaasApp.db.knex('audit_logs').where({ action: 'payout.paid', entity_id: payout.id })).toHaveLength(1);

    // A FAILED event after DONE, even if the provider's read now said FAILED: the done payout stays done.
    expect((await post(fake.transferWebhook('TRANSFER_FAILED', transferId))).status).toBe(200);
    fake.setTransferStatus(transferId, 'FAILED', { failReason: 'Falha tardia' });
    expect((await post(fake.transferWebhook('TRANSFER_FAILED', transferId))).status).toBe(200);
    expect((await payoutsOf(asaasApp, pro.id))[0]).toMatchObject({ status: 'done', failure_reason: null });
    expect((await receivables(asaasApp, pro.id)).map((r) => r.status)).toEqual(['paid', 'paid']);
    expect(await asaasApp.db.knex('notifications').where({ user_id: pro.user.id, type: 'payout_failed' })).toHaveLength(0);
    const mine = await pro.user.client.get('/api/me/payouts');
    expect(mine.body.items[0]).toMatchObject({ status: 'done', receipt_url: `https://sandbox.asaas.com/comprovantes/${transferId}` });
  });

  it('FAILED (or CANCELLED) gives the receivables back once; a DONE event arriving later cannot pay them', async () => {
    const { pro, payout, transferId } = await pendingPayout();
    fake.setTransferStatus(transferId, 'FAILED', { failReason: 'Chave Pix inválida' });
    const failed = fake.transferWebhook('TRANSFER_FAILED', transferId);
    await post(failed);
    await post(failed);
    await post(fake.transferWebhook('TRANSFER_CANCELLED', transferId));
    expect((await payoutsOf(asaasApp, pro.id))[0]).toMatchObject({ id: payout.id, status: 'failed', failure_reason: 'Chave Pix inválida', paid_at: null });
    expect((await receivables(asaasApp, pro.id)).map((r) => [r.status, r.payout_id])).toEqual([['available', null], ['available', null]]);
    expect(await asaasApp.db.knex('notifications').where({ user_id: pro.user.id, type: 'payout_failed' })).toHaveLength(1);
    expect(await asaasApp.db.knex('mail_outbox').where({ to_address: pro.user.email, template: 'payout_failed' })).toHaveLength(1);

    // Out of order: a DONE event for it now (the provider still reads FAILED) changes nothing.
    await post(fake.transferWebhook('TRANSFER_DONE', transferId));
    expect((await payoutsOf(asaasApp, pro.id))[0].status).toBe('failed');
    expect((await receivables(asaasApp, pro.id)).map((r) => r.status)).toEqual(['available', 'available']);
    // A suspended professional is not paid (and leaves the next test's run to itself).
    await asaasApp.db.knex('professionals').where({ id: pro.id }).update({ status: 'suspended', approved: false });
    expect((await admin.post('/api/admin/payouts/run')).body).toEqual({ payouts: 0, amount: 0 });
  });

  it('a refused transfer (no balance at Asaas) fails the payout at once with Asaas\'s reason and frees the receivables', async () => {
    const plan = await createPlan(asaasApp, { price: 6_000 });
    const pro = await approvedProfessional(asaasApp, plan);
    await redeem(asaasApp, pro);
    asaasClock.advance(7 * DAY);
    fake.balance = 10;
    try {
      expect((await admin.post('/api/admin/payouts/run')).body).toEqual({ payouts: 1, amount: 5_400 });
    } finally {
      fake.balance = null;
    }
    expect((await payoutsOf(asaasApp, pro.id))[0]).toMatchObject({ status: 'failed', failure_reason: 'Saldo insuficiente para realizar a transferência.', provider_transfer_id: null });
    expect((await receivables(asaasApp, pro.id)).map((r) => [r.status, r.payout_id])).toEqual([['available', null]]);
    await asaasApp.db.knex('professionals').where({ id: pro.id }).update({ status: 'suspended', approved: false });
  });

  it('with Asaas down the payout stays pending (receivables in payout) and the job sends it later, once', async () => {
    const plan = await createPlan(asaasApp, { price: 6_000 });
    const pro = await approvedProfessional(asaasApp, plan);
    await redeem(asaasApp, pro);
    asaasClock.advance(7 * DAY);
    fake.fault('GET', '/transfers', { kind: 'status', status: 503, body: { errors: [{ code: 'unavailable', description: 'Indisponível' }] } });
    fake.fault('GET', '/transfers', { kind: 'status', status: 503, body: {} }, { kind: 'status', status: 503, body: {} });
    expect((await admin.post('/api/admin/payouts/run')).body).toEqual({ payouts: 1, amount: 5_400 });
    const [pending] = await payoutsOf(asaasApp, pro.id);
    expect(pending).toMatchObject({ status: 'pending', provider_transfer_id: null, transfer_requested_at: null });
    expect((await receivables(asaasApp, pro.id)).map((r) => r.status)).toEqual(['in_payout']);
    expect(fake.requestsTo('POST', '/transfers').filter((r) => r.body.externalReference === pending.id)).toHaveLength(0);

    // The queue's retry (run here directly): one transfer, recorded on the payout.
    const flow = asaasApp.container.get<PayoutFlow>(TOKENS.PayoutFlow);
    expect(await flow.sendTransfer(pending.id)).toBe('sent');
    expect(await flow.sendTransfer(pending.id)).toBe('skipped');
    expect(fake.requestsTo('POST', '/transfers').filter((r) => r.body.externalReference === pending.id)).toHaveLength(1);
    const [sent] = await payoutsOf(asaasApp, pro.id);
    expect(sent.provider_transfer_id).toEqual(expect.any(String));
    await asaasApp.db.knex('professionals').where({ id: pro.id }).update({ status: 'suspended', approved: false });
  });

  it('refuses a transfer webhook with a wrong token (401) and answers 200 to an unknown transfer', async () => {
    const { transferId } = await pendingPayout();
    const bad = fake.transferWebhook('TRANSFER_DONE', transferId, { token: 'nao-e-o-token' });
    expect((await post(bad)).status).toBe(401);
    const unknown = { headers: { 'asaas-access-token': fake.webhookToken }, body: { id: 'evt_unknown_1', event: 'TRANSFER_DONE', dateCreated: '2026-11-24 10:00:00', transfer: { object: 'transfer', id: '11111111-2222-3333-4444-555555555555', status: 'DONE' } } };
    const res = await post(unknown);
    expect(res.status).toBe(200);
    expect(await asaasApp.db.knex('payment_events').where({ event_id: 'evt_unknown_1' }).first()).toMatchObject({ outcome: 'unknown_transfer' });
  });
});
