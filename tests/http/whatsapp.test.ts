// WhatsApp end to end on the real server and the local Graph API fake: one template message per event (a place held
// with its PIX code), the e-mail fallback sent once, the signed webhook (statuses forward only, forged refused), "PARAR".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOKENS } from '../../adapters/tokens';
import type { WhatsappService } from '../../core/messaging/whatsapp.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';
import { incomingText, signedPost, startGraphFake, statusEvent, type GraphFake } from '../fakes/whatsapp-graph.fake';

const APP_SECRET = 'segredo-do-app-whatsapp-de-teste';
const VERIFY_TOKEN = 'token-de-verificacao';

let app: TestApp;
let fake: GraphFake;

beforeAll(async () => {
  fake = await startGraphFake();
  app = await createTestApp({
    env: {
      WHATSAPP_PROVIDER: 'cloud',
      WHATSAPP_API_URL: fake.url,
      WHATSAPP_API_VERSION: fake.version,
      WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: fake.token,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    },
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});
beforeEach(() => fake.set({ kind: 'ok' }));

let phoneSeq = 0;
/** A person with WhatsApp on for transactional messages and a confirmed number (what /profile's double opt-in leaves). */
async function optedIn(): Promise<TestUser & { phone: string }> {
  const user = await createUser(app);
  const phone = `+55119${String(10_000_000 + ++phoneSeq).slice(-8)}`;
  await app.db.knex('message_preferences').insert({ user_id: user.id, category: 'transactional', channel: 'whatsapp', enabled: true });
  await app.db.knex('whatsapp_optins').insert({ user_id: user.id, phone, confirmed_at: new Date() });
  return { ...user, phone };
}

const logOf = (userId: string) => app.db.knex('message_log').where({ user_id: userId, channel: 'whatsapp' }).orderBy('created_at');
const fallbackMails = (email: string) => app.db.knex('mail_outbox').where({ to_address: email, template: 'whatsapp_fallback' });
const whatsapp = () => app.container.get<WhatsappService>(TOKENS.WhatsappService);

/** Takes a place: its "vaga reservada" is queued to leave 2 minutes later (the payment screen's PIX code rides on it). */
async function holdPlace(user: TestUser, price?: number) {
  const created = await user.client.post('/api/groups', { plan_id: (await createPlan(app, price ? { price } : {})).id });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { membership: { id: string }; group: { id: string } };
}

/** Runs the person's queued WhatsApp job now, as the worker would when its time comes. */
async function sendQueued(userId: string, lastAttempt = false) {
  const row = (await logOf(userId)).find((r) => r.status === 'queued');
  expect(row, 'a queued WhatsApp message').toBeDefined();
  return whatsapp().send({ notification_id: row.notification_id, user_id: userId, log_id: row.id }, { lastAttempt });
}

const post = (payload: unknown, secret = APP_SECRET) => {
  const { body, headers } = signedPost(payload, secret);
  return fetch(`${app.url}/api/webhooks/whatsapp`, { method: 'POST', headers, body });
};

describe('whatsapp.send through the Cloud API', () => {
  it('a place held sends exactly one vaga_reservada, 2 minutes later, with the PIX code and its expiry once the charge exists', async () => {
    const ana = await optedIn();
    const before = fake.accepted.length;
    const held = await holdPlace(ana, 42_000);
    // Nothing at once: the job waits in the queue for 2 minutes (the person is choosing how to pay).
    expect(fake.accepted.length).toBe(before);
    const [queued] = await logOf(ana.id);
    expect(queued).toMatchObject({ status: 'queued', template: 'place_held' });
    const job = await app.db.knex.raw(`select start_after, created_on from pgboss.job where name = 'whatsapp.send' and data->>'log_id' = ?`, [queued.id]);
    const { start_after, created_on } = (job.rows as Array<{ start_after: Date; created_on: Date }>)[0]!;
    expect((new Date(start_after).getTime() - new Date(created_on).getTime()) / 1000).toBeGreaterThanOrEqual(119);

    const pix = await ana.client.post('/api/payments', { purpose: 'entry', ref_id: held.membership.id, method: 'PIX' });
    expect(pix.status, JSON.stringify(pix.body)).toBe(201);
    expect(await sendQueued(ana.id)).toEqual({ sent: 1, fallback: 0, skipped: 0 });
    const sent = fake.accepted.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: ana.phone.slice(1), template: 'vaga_reservada', language: 'pt_BR' });
    const expiry = new Date(pix.body.pix.expires_at).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' });
    expect(sent[0]!.parameters).toEqual([expect.any(String), `hoje às ${expiry}`, 'R$ 42,00', pix.body.pix.payload]);
    expect((await logOf(ana.id))[0]).toMatchObject({ status: 'sent', provider_message_id: sent[0]!.id, template: 'place_held' });
    // Exactly one: the job run again sends nothing.
    expect(await whatsapp().send({ notification_id: queued.notification_id, user_id: ana.id, log_id: queued.id }, { lastAttempt: false })).toEqual({ sent: 0, fallback: 0, skipped: 1 });
    expect(fake.accepted.length).toBe(before + 1);
  });

  it('with a boleto chosen it sends vaga_reservada_boleto: the due date and the boleto, not a PIX deadline', async () => {
    const bia = await optedIn();
    const before = fake.accepted.length;
    const held = await holdPlace(bia, 42_000);
    const boleto = await bia.client.post('/api/payments', { purpose: 'entry', ref_id: held.membership.id, method: 'BOLETO' });
    expect(boleto.status, JSON.stringify(boleto.body)).toBe(201);
    expect(await sendQueued(bia.id)).toEqual({ sent: 1, fallback: 0, skipped: 0 });
    const [sent] = fake.accepted.slice(before);
    const [row] = await app.db.knex('payments').where({ id: boleto.body.id }).select('due_date');
    const due = String(row.due_date).split('-').reverse().join('/');
    expect(sent).toMatchObject({ template: 'vaga_reservada_boleto', parameters: [expect.any(String), due, 'R$ 42,00', boleto.body.boleto_url] });
  });

  it('without a charge by then it links to the payment screen; with the entry already paid it is not sent at all', async () => {
    const ivo = await optedIn();
    const before = fake.accepted.length;
    await holdPlace(ivo, 42_000);
    expect(await sendQueued(ivo.id)).toEqual({ sent: 1, fallback: 0, skipped: 0 });
    expect(fake.accepted.slice(before)[0]!.parameters).toEqual([expect.any(String), expect.stringMatching(/^hoje às \d{2}:\d{2}$/), 'R$ 42,00', 'gere o código em http://127.0.0.1/payment']);

    const jo = await optedIn();
    const held = await holdPlace(jo);
    const paid = await jo.client.post('/api/payments', { purpose: 'entry', ref_id: held.membership.id, method: 'PIX' });
    expect((await jo.client.post(`/api/sandbox/payments/${paid.body.id}/confirm`)).status).toBe(200);
    const mid = fake.accepted.length;
    const row = (await logOf(jo.id)).find((r) => r.template === 'place_held');
    expect(await whatsapp().send({ notification_id: row.notification_id, user_id: jo.id, log_id: row.id }, { lastAttempt: false })).toEqual({ sent: 0, fallback: 0, skipped: 1 });
    expect(fake.accepted.slice(mid).map((m) => m.template)).not.toContain('vaga_reservada');
    expect((await logOf(jo.id)).find((r) => r.template === 'place_held')).toMatchObject({ status: 'failed', error: 'entrada paga antes do envio: aviso dispensado' });
    expect(await fallbackMails(jo.email)).toHaveLength(0);
  });

  it('the inbound webhook finds the person by phone through an index', async () => {
    const { rows } = await app.db.knex.raw(`select indexdef from pg_indexes where tablename = 'whatsapp_optins' and indexname = 'whatsapp_optins_phone_index'`);
    expect(rows).toEqual([{ indexdef: expect.stringMatching(/\(phone, updated_at\)/) }]);
  });

  it('a person who never opted in gets nothing on WhatsApp', async () => {
    const bia = await createUser(app);
    const before = fake.requests.length;
    await bia.client.post('/api/groups', { plan_id: (await createPlan(app)).id });
    expect(fake.requests.length).toBe(before);
    expect(await logOf(bia.id)).toEqual([]);
  });

  it('a template missing at the provider fails for good at once and sends one e-mail instead', async () => {
    const caio = await optedIn();
    fake.set({ kind: 'template_missing' });
    await holdPlace(caio);
    expect(await sendQueued(caio.id)).toEqual({ sent: 0, fallback: 1, skipped: 0 });
    const [row] = await logOf(caio.id);
    expect(row).toMatchObject({ status: 'failed', error: expect.stringMatching(/modelo de mensagem não encontrado.*132001/) });
    const mails = await fallbackMails(caio.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Sua vaga está reservada' });
    expect(mails[0].text_body).toContain('http://127.0.0.1/payment');
  });

  it('a rate limit leaves the message queued for a retry; the last attempt falls back to one e-mail, never two', async () => {
    const duda = await optedIn();
    fake.set({ kind: 'rate_limited' });
    await holdPlace(duda);
    const [row] = await logOf(duda.id);
    expect(row.status).toBe('queued');
    expect(await fallbackMails(duda.email)).toHaveLength(0);

    const job = { notification_id: row.notification_id, user_id: duda.id, log_id: row.id };
    await expect(whatsapp().send(job, { lastAttempt: false })).rejects.toMatchObject({ kind: 'rate_limited' });
    expect((await logOf(duda.id))[0].status).toBe('queued');
    expect(await whatsapp().send(job, { lastAttempt: true })).toEqual({ sent: 0, fallback: 1, skipped: 0 });
    expect(await whatsapp().send(job, { lastAttempt: true })).toEqual({ sent: 0, fallback: 0, skipped: 1 });
    expect((await logOf(duda.id))[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/limite de envio/) });
    expect(await fallbackMails(duda.email)).toHaveLength(1);
  });
});

describe('the webhook', () => {
  it('answers the subscription challenge only with the verify token', async () => {
    const ok = await fetch(`${app.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(`${app.url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1158201444`);
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('1158201444');
  });

  it('moves statuses forward only, idempotently; a forged signature is refused and changes nothing', async () => {
    const eva = await optedIn();
    await holdPlace(eva);
    await sendQueued(eva.id);
    const [row] = await logOf(eva.id);
    const wamid = row.provider_message_id as string;

    const forged = await post(statusEvent(wamid, 'read', eva.phone.slice(1)), 'segredo-errado');
    expect(forged.status).toBe(401);
    expect((await forged.json()).error.code).toBe('invalid_signature');
    const unsigned = await fetch(`${app.url}/api/webhooks/whatsapp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(statusEvent(wamid, 'read', 'x')) });
    expect(unsigned.status).toBe(401);
    expect((await logOf(eva.id))[0].status).toBe('sent');

    expect((await (await post(statusEvent(wamid, 'delivered', eva.phone.slice(1)))).json()).statuses).toBe(1);
    expect((await (await post(statusEvent(wamid, 'read', eva.phone.slice(1)))).json()).statuses).toBe(1);
    // Late and repeated events: nothing moves back.
    expect((await (await post(statusEvent(wamid, 'delivered', eva.phone.slice(1)))).json()).statuses).toBe(0);
    expect((await (await post(statusEvent(wamid, 'read', eva.phone.slice(1)))).json()).statuses).toBe(0);
    expect((await logOf(eva.id))[0].status).toBe('read');
  });

  it('a delivery reported failed sends the fallback e-mail once, however often it is reported', async () => {
    const fabio = await optedIn();
    await holdPlace(fabio);
    await sendQueued(fabio.id);
    const wamid = (await logOf(fabio.id))[0].provider_message_id as string;
    const failed = statusEvent(wamid, 'failed', fabio.phone.slice(1), [{ code: 131026, title: 'Message undeliverable' }]);
    expect((await post(failed)).status).toBe(200);
    expect((await post(failed)).status).toBe(200);
    expect((await logOf(fabio.id))[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('131026') });
    expect(await fallbackMails(fabio.email)).toHaveLength(1);
  });

  it('"PARAR" turns WhatsApp off for that number’s person (audited): the next event sends nothing', async () => {
    const gil = await optedIn();
    const answer = await post(incomingText(gil.phone.slice(1), '  Párar! '));
    expect(await answer.json()).toMatchObject({ received: true, stopped: 1 });
    const prefs = await app.db.knex('message_preferences').where({ user_id: gil.id, channel: 'whatsapp' });
    expect(prefs.length).toBeGreaterThan(0);
    expect(prefs.every((p) => p.enabled === false)).toBe(true);
    expect(await app.db.knex('audit_logs').where({ entity_id: gil.id, action: 'messages.channel_turned_off' })).toHaveLength(1);

    const before = fake.requests.length;
    await gil.client.post('/api/groups', { plan_id: (await createPlan(app)).id });
    expect(fake.requests.length).toBe(before);
    // Any other text changes nothing.
    expect(await (await post(incomingText(gil.phone.slice(1), 'obrigado'))).json()).toMatchObject({ stopped: 0 });
  });
});

describe('the back office', () => {
  it("lists a person's messages and the 30-day delivery figures per channel (admins only)", async () => {
    const hana = await optedIn();
    await holdPlace(hana);
    await sendQueued(hana.id);
    const admin = await createUser(app, { role: 'admin' });

    const page = await admin.client.get(`/api/admin/users/${hana.id}/messages`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 1, items: [{ channel: 'whatsapp', template: 'place_held', status: 'sent', error: null }] });
    expect((await hana.client.get(`/api/admin/users/${hana.id}/messages`)).status).toBe(403);
    expect((await admin.client.get('/api/admin/users/00000000-0000-0000-0000-000000000000/messages')).status).toBe(404);

    const figures = await admin.client.get('/api/admin/reports/messages');
    expect(figures.status).toBe(200);
    expect(figures.body.days).toBe(30);
    const whatsapp = figures.body.channels.find((c: { channel: string }) => c.channel === 'whatsapp');
    // Every message of this file so far: sent ones count as sent, delivered and read ones as sent and delivered too.
    expect(whatsapp.sent).toBeGreaterThanOrEqual(whatsapp.delivered);
    expect(whatsapp.delivered).toBeGreaterThanOrEqual(whatsapp.read);
    expect(whatsapp.read).toBeGreaterThanOrEqual(1);
    expect(whatsapp.failed).toBeGreaterThanOrEqual(3);
    expect(figures.body.channels.map((c: { channel: string }) => c.channel)).toEqual(expect.arrayContaining(['whatsapp', 'push']));
  });
});
