// Back office accounts: search by name, e-mail and CPF with the ra-data-simple-rest contract; role change,
// block and unblock audited with before and after; the last administrator is never demoted nor blocked; ending the
// sessions signs the account out; every route is for administrators only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakerPT_BR as faker } from '@faker-js/faker';
import { generateCpf } from '../../core/identity/cpf';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

let app: TestApp;
let adminClient: HttpClient;
let adminEmail: string;
beforeAll(async () => {
  app = await createTestApp();
  adminClient = app.client();
  const credentials = await app.createAdmin();
  adminEmail = credentials.email;
  expect((await adminClient.post('/api/auth/login', credentials)).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const list = (filter: Record<string, unknown>, sort?: [string, string], range?: [number, number]) =>
  adminClient.get(
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify(filter))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}${range ? `&range=${encodeURIComponent(JSON.stringify(range))}` : ''}`,
  );
const ids = (body: Array<{ id: string }>) => body.map((u) => u.id);
const auditOf = (action: string, entityId: string) => app.db.knex('audit_logs').where({ action, entity_id: entityId }).orderBy('created_at');

describe('the last administrator', () => {
  // First in the file: the signed-in admin is still the only one.
  it('cannot be demoted nor blocked (409 last_admin); with a second admin the demotion goes through', async () => {
    const me = (await adminClient.get('/api/me')).body;
    const myId = (me.user?.id ?? me.id) as string;
    const demote = await adminClient.post(`/api/admin/users/${myId}/role`, { role: 'user' });
    expect(demote.status, demote.text).toBe(409);
    expect(demote.body.error).toMatchObject({ code: 'last_admin', message: 'Não é possível remover o papel do último administrador.' });
    const block = await adminClient.post(`/api/admin/users/${myId}/block`, { reason: 'teste de bloqueio' });
    expect(block.status).toBe(409);
    expect(block.body.error).toMatchObject({ code: 'last_admin', message: 'Não é possível bloquear o último administrador.' });
    expect((await app.db.knex('users').where({ id: myId }).first()).role).toBe('admin');

    const other = await createUser(app, { role: 'admin' });
    const ok = await adminClient.post(`/api/admin/users/${other.id}/role`, { role: 'influencer' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ id: other.id, role: 'influencer' });
    // Back to one admin: still refused.
    expect((await adminClient.post(`/api/admin/users/${myId}/role`, { role: 'user' })).status).toBe(409);
  });
});

describe('GET /api/admin/users', () => {
  it('finds an account by name, e-mail or CPF (digits or formatted); filters, sorts and ranges with Content-Range', async () => {
    const surname = `Zebedeu${faker.string.alpha(6)}`;
    const cpf = generateCpf(Math.random);
    const a = await createUser(app, { fullName: `Ana ${surname}`, cpf });
    const b = await createUser(app, { fullName: `Bruno ${surname}` });
    const c = await createUser(app, { fullName: `Carla ${surname}`, role: 'professional' });

    const byName = await list({ q: surname }, ['full_name', 'ASC']);
    expect(byName.status, byName.text).toBe(200);
    expect(ids(byName.body)).toEqual([a.id, b.id, c.id]);
    expect(byName.headers.get('content-range')).toBe('users 0-2/3');
    expect(byName.body[0]).toMatchObject({ email: a.email, full_name: `Ana ${surname}`, cpf, role: 'user', status: 'active', blocked_at: null });
    expect(byName.body[0]).not.toHaveProperty('password_hash');

    expect(ids((await list({ q: surname }, ['full_name', 'DESC'])).body)).toEqual([c.id, b.id, a.id]);
    const page = await list({ q: surname }, ['full_name', 'ASC'], [1, 1]);
    expect(ids(page.body)).toEqual([b.id]);
    expect(page.headers.get('content-range')).toBe('users 1-1/3');

    expect(ids((await list({ q: a.email.toUpperCase() })).body)).toEqual([a.id]);
    expect(ids((await list({ q: cpf })).body)).toEqual([a.id]);
    const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    expect(ids((await list({ q: formatted })).body)).toEqual([a.id]);

    expect(ids((await list({ q: surname, role: 'professional' })).body)).toEqual([c.id]);
    await app.db.knex('users').where({ id: b.id }).update({ blocked_at: new Date(), blocked_reason: 'teste' });
    expect(ids((await list({ q: surname, status: 'blocked' })).body)).toEqual([b.id]);
    expect(ids((await list({ q: surname, status: 'active' }, ['full_name', 'ASC'])).body)).toEqual([a.id, c.id]);

    expect((await list({ status: 'talvez' })).status).toBe(400);
    expect((await list({ role: 'rei' })).status).toBe(400);
  });

  it('shows one account with its profile, groups, orders and payments; unknown ids are 404', async () => {
    const u = await createUser(app);
    const shown = await adminClient.get(`/api/admin/users/${u.id}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ id: u.id, email: u.email, full_name: u.fullName, groups: [], orders: [], payments: [], sessions: 1 });
    expect(shown.body.profile).toMatchObject({ address_city: 'São Paulo', cep: '01310100' });
    expect((await adminClient.get('/api/admin/users/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await adminClient.get('/api/admin/users/nao-existe')).status).toBe(404);
  });
});

describe('actions', () => {
  it('a role change is audited with before and after and ends the sessions', async () => {
    const u = await createUser(app);
    expect((await u.client.get('/api/me')).status).toBe(200);
    const res = await adminClient.post(`/api/admin/users/${u.id}/role`, { role: 'influencer' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.role).toBe('influencer');
    const [entry] = await auditOf('admin.user_role_changed', u.id);
    expect(entry).toMatchObject({ actor_email: adminEmail, entity_type: 'user' });
    expect(entry.metadata).toMatchObject({ before: { role: 'user' }, after: { role: 'influencer' } });
    expect((await u.client.get('/api/me')).status).toBe(401);
    expect((await adminClient.post(`/api/admin/users/${u.id}/role`, { role: 'rei' })).status).toBe(400);
  });

  it('block ends the sessions and refuses sign-in; unblock lets them in again; both audited with before and after', async () => {
    const u = await createUser(app);
    expect((await u.client.get('/api/me')).status).toBe(200);
    expect((await adminClient.post(`/api/admin/users/${u.id}/block`, { reason: '' })).status).toBe(400);

    const blocked = await adminClient.post(`/api/admin/users/${u.id}/block`, { reason: 'Chargeback suspeito' });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.body).toMatchObject({ status: 'blocked', blocked_reason: 'Chargeback suspeito', sessions: 0 });
    expect((await u.client.get('/api/me')).status).toBe(401);
    const login = await app.client().post('/api/auth/login', { email: u.email, password: 'senha-123' });
    expect(login.status).toBe(403);
    expect(login.body.error.code).toBe('account_blocked');
    const [entry] = await auditOf('admin.user_blocked', u.id);
    expect(entry.metadata).toMatchObject({ reason: 'Chargeback suspeito', before: { blocked: false }, after: { blocked: true, blocked_reason: 'Chargeback suspeito' } });
    expect((await adminClient.post(`/api/admin/users/${u.id}/block`, { reason: 'de novo' })).status).toBe(409);

    const unblocked = await adminClient.post(`/api/admin/users/${u.id}/unblock`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body).toMatchObject({ status: 'active', blocked_at: null, blocked_reason: null });
    expect((await auditOf('admin.user_unblocked', u.id))[0].metadata).toMatchObject({ before: { blocked: true }, after: { blocked: false } });
    expect((await app.client().post('/api/auth/login', { email: u.email, password: 'senha-123' })).status).toBe(200);

    // The account's audit trail (the link on its screen): the audit list filtered by entity.
    const trail = await adminClient.get(`/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ entity_type: 'user', entity_id: u.id, actor_email: adminEmail }))}&sort=${encodeURIComponent('["created_at","ASC"]')}`);
    expect(trail.status, trail.text).toBe(200);
    expect(trail.body.map((e: { action: string }) => e.action)).toEqual(['admin.user_blocked', 'admin.user_unblocked']);
    expect(trail.headers.get('content-range')).toBe('audit-logs 0-1/2');
  });

  it('end-sessions signs the account out everywhere (audited)', async () => {
    const u = await createUser(app);
    const second = app.client();
    expect((await second.post('/api/auth/login', { email: u.email, password: 'senha-123' })).status).toBe(200);
    expect((await u.client.get('/api/me')).status).toBe(200);
    const res = await adminClient.post(`/api/admin/users/${u.id}/end-sessions`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: u.id, sessions_ended: 2 });
    expect((await u.client.get('/api/me')).status).toBe(401);
    expect((await second.get('/api/me')).status).toBe(401);
    expect((await auditOf('admin.user_sessions_ended', u.id))[0].metadata).toMatchObject({ before: { sessions: 2 }, after: { sessions: 0 } });
  });

  it('resend-confirmation e-mails a new link to an unconfirmed account; 409 once confirmed', async () => {
    const u = await createUser(app);
    expect((await adminClient.post(`/api/admin/users/${u.id}/resend-confirmation`)).status).toBe(409);
    await app.db.knex('users').where({ id: u.id }).update({ email_confirmed_at: null });
    const res = await adminClient.post(`/api/admin/users/${u.id}/resend-confirmation`);
    expect(res.status, res.text).toBe(200);
    expect(await app.db.knex('auth_tokens').where({ user_id: u.id, purpose: 'email_confirmation' })).toHaveLength(1);
    expect(await auditOf('admin.user_confirmation_resent', u.id)).toHaveLength(1);
  });
});

describe('who may call', () => {
  it('every route refuses visitors (401), members (403) and professionals (403)', async () => {
    const target = await createUser(app);
    const member = await createUser(app);
    const professional = await createUser(app, { role: 'professional' });
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${target.id}`],
      ['POST', `/api/admin/users/${target.id}/role`, { role: 'admin' }],
      ['POST', `/api/admin/users/${target.id}/block`, { reason: 'sem motivo' }],
      ['POST', `/api/admin/users/${target.id}/unblock`, {}],
      ['POST', `/api/admin/users/${target.id}/end-sessions`, {}],
      ['POST', `/api/admin/users/${target.id}/resend-confirmation`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await app.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await member.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await professional.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const after = await app.db.knex('users').where({ id: target.id }).first();
    expect(after).toMatchObject({ role: 'user', blocked_at: null });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two admins demoting each other at once (PostgreSQL)', () => {
  it('one demotion wins; the other meets the last-admin rule, so an administrator always remains', async () => {
    const a = await createUser(app, { role: 'admin' });
    const b = await createUser(app, { role: 'admin' });
    // Only a and b may sign in as administrators during the race.
    await app.db.knex('users').where({ role: 'admin' }).whereNotIn('id', [a.id, b.id]).update({ blocked_at: new Date(), blocked_reason: 'teste de corrida' });
    try {
      const [ab, ba] = await Promise.all([a.client.post(`/api/admin/users/${b.id}/role`, { role: 'user' }), b.client.post(`/api/admin/users/${a.id}/role`, { role: 'user' })]);
      expect([ab.status, ba.status].sort()).toEqual([200, 409]);
      const left = await app.db.knex('users').whereIn('id', [a.id, b.id]).where({ role: 'admin' });
      expect(left).toHaveLength(1);
    } finally {
      await app.db.knex('users').where({ blocked_reason: 'teste de corrida' }).update({ blocked_at: null, blocked_reason: null });
    }
  });
});

describe('the visitor type stored at sign-up', () => {
  it('is on each row and filters the list (influencer, referral, direct, none for older accounts)', async () => {
    const tag = faker.string.alphanumeric(8).toLowerCase();
    const people = await Promise.all(['influencer', 'referral', null].map((type) => createUser(app, { fullName: `Visitante ${tag} ${type ?? 'antigo'}` }).then(async (u) => {
      await app.db.knex('profiles').where({ user_id: u.id }).update({ visitor_type: type });
      return { id: u.id, type };
    })));
    const all = await list({ q: tag });
    expect(all.status, all.text).toBe(200);
    expect(Object.fromEntries((all.body as Array<{ id: string; visitor_type: string | null }>).map((u) => [u.id, u.visitor_type]))).toEqual(Object.fromEntries(people.map((p) => [p.id, p.type])));
    expect(ids((await list({ q: tag, visitor_type: 'influencer' })).body)).toEqual([people[0]!.id]);
    expect(ids((await list({ q: tag, visitor_type: 'none' })).body)).toEqual([people[2]!.id]);
    expect((await list({ q: tag, visitor_type: 'direct' })).body).toEqual([]);
    expect((await list({ visitor_type: 'sem_tipo' })).status).toBe(400);
  });
});
