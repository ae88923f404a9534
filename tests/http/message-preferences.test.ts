// Consent over HTTP: sign-up stores the terms and privacy versions accepted (the address only hashed), a newer version
// is asked again, and /profile's message choices with the WhatsApp double opt-in drive the fan-out of notifications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../adapters/tokens';
import type { AppUnitOfWork } from '../../adapters/db/unit-of-work';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, signupBody, type TestUser } from '../support/factories';
import { toPerson } from '../../core/messaging';

let app: TestApp;
let cepFake: ViaCepFake;
beforeAll(async () => {
  cepFake = await startViaCepFake();
  cepFake.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
  app = await createTestApp({ env: { VIACEP_URL: cepFake.url } });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await cepFake?.close();
});
const knex = () => app.db.knex;

/** A notification stored the way every flow stores one (its fan-out runs right after the commit). */
async function notify(userId: string, key: string) {
  await app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).run((tx) =>
    tx.notifications.create({ user_id: userId, type: 'group_complete', title: 'Turma completa', body: 'Pague o saldo.', link: '/payment', data: {}, dedupe_key: key }),
  );
  return (await knex()('notifications').where({ dedupe_key: key }).first('id')).id as string;
}
const jobsFor = async (name: string, notificationId: string) =>
  Number((await knex().raw(`select count(*)::int as n from pgboss.job where name = ? and data->>'notification_id' = ?`, [name, notificationId])).rows[0].n);

describe('terms and privacy versions', () => {
  it('sign-up stores both versions with a keyed hash of the address; a newer version is asked again and accepted', async () => {
    const client = app.client();
    const body = signupBody();
    const res = await client.post('/api/auth/signup', body);
    expect(res.status, res.text).toBe(201);
    const userId = res.body.user.id as string;
    const rows = await knex()('legal_acceptances').where({ user_id: userId }).orderBy('kind');
    expect(rows.map((r) => [r.kind, r.version])).toEqual([
      ['privacy', '2026-11-21'],
      ['terms', '2026-11-21'],
    ]);
    expect(rows[0].ip_hash).toMatch(/^[\w-]{20,}$/);
    expect(JSON.stringify(rows)).not.toContain(client.ip);

    const admin = await createUser(app, { role: 'admin' });
    const published = await admin.client.post('/api/admin/legal-documents', { kind: 'terms', version: '2026-12-01', summary: 'Novas regras de reembolso.' });
    expect(published.status, published.text).toBe(201);
    expect(await knex()('audit_logs').where({ action: 'admin.legal_document_published', entity_id: published.body.id }).first()).toBeTruthy();
    // A version dated before the newest one is refused.
    expect((await admin.client.post('/api/admin/legal-documents', { kind: 'terms', version: 'velha', summary: 'x', published_at: '2026-01-01T00:00:00Z' })).status).toBe(400);

    const person = await createUser(app);
    const status = await person.client.get('/api/me/legal');
    expect(status.body.pending.map((d: { kind: string; version: string }) => `${d.kind}@${d.version}`).sort()).toEqual(['privacy@2026-11-21', 'terms@2026-12-01']);
    const accepted = await person.client.post('/api/me/legal/accept', { document_ids: status.body.pending.map((d: { id: string }) => d.id) });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.pending).toEqual([]);
    expect(await knex()('audit_logs').where({ action: 'legal.accepted', actor_user_id: person.id }).count({ n: '*' }).first()).toEqual({ n: expect.anything() });
    // An id that is not the version in force (the old terms) is refused: the person must read the new one.
    const old = await knex()('legal_documents').where({ kind: 'terms', version: '2026-11-21' }).first('id');
    expect((await person.client.post('/api/me/legal/accept', { document_ids: [old.id] })).status).toBe(409);
  });
});

describe('message preferences and the WhatsApp double opt-in', () => {
  let person: TestUser;
  beforeAll(async () => {
    person = await createUser(app);
  });

  it('starts from the defaults: e-mail and the bell for groups and vouchers, nothing on WhatsApp, push or marketing', async () => {
    const res = await person.client.get('/api/me/message-preferences');
    expect(res.status).toBe(200);
    const on = res.body.preferences.filter((p: { enabled: boolean }) => p.enabled).map((p: { category: string; channel: string }) => `${p.category}:${p.channel}`);
    expect(on).toEqual(['transactional:email', 'transactional:in_app', 'vouchers:email', 'vouchers:in_app']);
    expect(res.body.whatsapp).toEqual({ phone: null, status: 'none', code_expires_at: null });
    const put = await person.client.request('PUT', '/api/me/message-preferences', { preferences: [{ category: 'transactional', channel: 'whatsapp', enabled: true }] });
    expect([put.status, put.body.error?.code]).toEqual([409, 'whatsapp_not_confirmed']);
  });

  it('a person who never opted in gets nothing on WhatsApp; the code typed back turns it on; revoking stops the next one', async () => {
    const never = await notify(person.id, 'never-opted');
    expect(await jobsFor('messages.fanout', never)).toBe(1);
    expect(await jobsFor('whatsapp.send', never)).toBe(0);

    expect((await person.client.post('/api/me/whatsapp', { phone: '123' })).status).toBe(400);
    const started = await person.client.post('/api/me/whatsapp', { phone: '(11) 98765-4321' });
    expect(started.status, started.text).toBe(200);
    expect(started.body.whatsapp).toMatchObject({ phone: '+5511987654321', status: 'pending' });
    const job = (await knex().raw(`select data from pgboss.job where name = 'whatsapp.optin' and data->>'user_id' = ?`, [person.id])).rows[0].data as { code: string; phone: string };
    expect(job.phone).toBe('+5511987654321');
    expect(job.code).toMatch(/^\d{6}$/);
    // The code is stored hashed only.
    expect(JSON.stringify(await knex()('whatsapp_optins').where({ user_id: person.id }).first())).not.toContain(job.code);
    const wrong = job.code === '000000' ? '111111' : '000000';
    expect((await person.client.post('/api/me/whatsapp/confirm', { code: wrong })).body.error?.code).toBe('wrong_code');
    const confirmed = await person.client.post('/api/me/whatsapp/confirm', { code: job.code });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.whatsapp.status).toBe('confirmed');

    const opted = await notify(person.id, 'opted-in');
    expect(await jobsFor('whatsapp.send', opted)).toBe(1);
    expect(await jobsFor('push.send', opted)).toBe(0);
    expect(await knex()('message_log').where({ notification_id: opted, channel: 'whatsapp' }).count({ n: '*' }).first()).toMatchObject({ n: 1 });

    const off = await person.client.request('PUT', '/api/me/message-preferences', { preferences: [{ category: 'transactional', channel: 'whatsapp', enabled: false }] });
    expect(off.status, off.text).toBe(200);
    const after = await notify(person.id, 'revoked');
    expect(await jobsFor('whatsapp.send', after)).toBe(0);

    const actions = (await knex()('audit_logs').where({ entity_id: person.id }).pluck('action')) as string[];
    expect(actions).toEqual(expect.arrayContaining(['messages.whatsapp_optin_started', 'messages.whatsapp_optin_confirmed', 'messages.preferences_changed']));
    const removed = await person.client.request('DELETE', '/api/me/whatsapp');
    expect(removed.body.whatsapp.status).toBe('none');
  });
});

describe('the e-mail choice', () => {
  /** Queues an e-mail the way the flows do (in a transaction), about one of `userId`'s purchases or not. */
  async function mail(to: string, template: string, audience?: { userId: string; category: 'transactional' | 'vouchers' }) {
    const message = { to, subject: 'Assunto', text: 'Texto', html: '<p>Texto</p>', template };
    await app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).run((tx) => tx.jobs.enqueue('mail.send', audience ? toPerson(message, audience.userId, audience.category) : message));
  }
  const sent = async (to: string, template: string) => (await knex()('mail_outbox').where({ to_address: to, template })).length;

  it('turned off for a kind of message stops its next e-mail at send time; the other kinds and account e-mails still go', async () => {
    const person = await createUser(app);
    await mail(person.email, 'payment_confirmed', { userId: person.id, category: 'transactional' });
    await expect.poll(() => sent(person.email, 'payment_confirmed')).toBe(1);

    const off = await person.client.request('PUT', '/api/me/message-preferences', { preferences: [{ category: 'transactional', channel: 'email', enabled: false }] });
    expect(off.status, off.text).toBe(200);
    await mail(person.email, 'group_complete', { userId: person.id, category: 'transactional' });
    await mail(person.email, 'voucher_ready', { userId: person.id, category: 'vouchers' });
    await mail(person.email, 'password_changed');
    await expect.poll(() => sent(person.email, 'voucher_ready')).toBe(1);
    await expect.poll(() => sent(person.email, 'password_changed')).toBe(1);
    // The skipped one is done, not waiting for a retry.
    await expect.poll(async () => Number((await knex().raw(`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'template' = 'group_complete' and state = 'completed'`)).rows[0].n)).toBe(1);
    expect(await sent(person.email, 'group_complete')).toBe(0);
  });
});
