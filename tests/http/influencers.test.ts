// Influencers over HTTP: applying (anonymous with the sign-up's fields, or signed in), the back office's
// decisions with audit (approve with a rate and a code, reject, suspend, reactivate, set-rate), the admin routes'
// guards, and the influencer changing the code once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCpf, formatCpf } from '../../core/identity/cpf';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { approvedInfluencer, createUser } from '../support/factories';

let app: TestApp;
let cepFake: ViaCepFake;
let adminClient: HttpClient;

beforeAll(async () => {
  cepFake = await startViaCepFake();
  cepFake.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
  // A low sign-up limit so the combined form's rate limit is reachable (AUTH_SIGNUP_LIMIT, counted per IP per hour).
  app = await createTestApp({ env: { VIACEP_URL: cepFake.url, AUTH_SIGNUP_LIMIT: '4' } });
  adminClient = app.client();
  expect((await adminClient.post('/api/auth/login', await app.createAdmin())).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await cepFake?.close();
});

const application = (over: Record<string, unknown> = {}) => ({
  instagram: '@carol.viaja',
  tiktok: 'carolviaja',
  youtube: '',
  audience_size: 48_000,
  niche: 'Viagens',
  pix_key: { type: 'EMAIL', key: 'carol@exemplo.com.br' },
  ...over,
});

const audits = (id: string) => app.db.knex('audit_logs').where({ entity_id: id }).orderBy('created_at');

describe('POST /api/influencers/applications', () => {
  it('anonymous with the sign-up fields: the account is created and the application is pending', async () => {
    const email = `carol.${Date.now()}@exemplo.com.br`;
    const res = await app.client().post('/api/influencers/applications', {
      full_name: 'Carolina Mendes',
      email,
      cpf: formatCpf(generateCpf(Math.random)),
      phone: '(11) 91234-5678',
      birth_date: '1995-01-20',
      cep: '01310-100',
      address_number: '10',
      password: 'segredo-123',
      accept_terms: true,
      ...application(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), status: 'pending', mail_sent: true });
    const user = await app.db.knex('users').where({ email }).first();
    // Like any sign-up: unconfirmed until the e-mailed link is opened.
    expect(user.email_confirmed_at).toBeNull();
    const row = await app.db.knex('influencers').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ user_id: user.id, status: 'pending', instagram: 'carol.viaja', tiktok: 'carolviaja', youtube: null, audience_size: 48_000, niche: 'Viagens', pix_key_type: 'EMAIL', code: null });
    expect(user.role).toBe('user');
  });

  it('anonymous with a bad application creates no account (400 with fields)', async () => {
    const email = `sem.rede.${Date.now()}@exemplo.com.br`;
    const res = await app.client().post('/api/influencers/applications', {
      full_name: 'Sem Rede', email, cpf: formatCpf(generateCpf(Math.random)), phone: '(11) 91234-5678', birth_date: '1995-01-20',
      cep: '01310-100', address_number: '10', password: 'segredo-123', accept_terms: true,
      ...application({ instagram: null, tiktok: null }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.instagram).toBe('Informe ao menos uma rede social (Instagram, TikTok ou YouTube).');
    expect(await app.db.knex('users').where({ email }).first()).toBeUndefined();
  });

  const accountFields = (email: string) => ({
    full_name: 'Bianca Torres', email, cpf: formatCpf(generateCpf(Math.random)), phone: '(11) 91234-5678', birth_date: '1995-01-20',
    cep: '01310-100', address_number: '10', password: 'segredo-123', accept_terms: true,
  });

  it('anonymous: the account\'s and the application\'s mistakes come back together; the terms must be accepted', async () => {
    const email = `juntos.${Date.now()}@exemplo.com.br`;
    const res = await app.client().post('/api/influencers/applications', { ...accountFields(email), accept_terms: false, ...application({ niche: '' }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.accept_terms).toBe('Você deve aceitar os termos e políticas de privacidade');
    expect(res.body.error.fields.niche).toBe('Informe o nicho');
    expect(await app.db.knex('users').where({ email }).first()).toBeUndefined();
    // In English when the client asks for it (core/shared/validation-messages.ts).
    const english = await app.client().post('/api/influencers/applications', { ...accountFields(email), ...application({ niche: '', pix_key: { type: 'CPF', key: '123' } }) }, { 'accept-language': 'en-US' });
    expect(english.status).toBe(400);
    expect(english.body.error.fields).toMatchObject({ niche: 'Enter your niche', 'pix_key.key': 'Invalid PIX key: enter a valid CPF' });
  });

  it('anonymous: one transaction — when the application cannot be stored, the account is not created either', async () => {
    const email = `atomico.${Date.now()}@exemplo.com.br`;
    // The influencer row fails in the database after the account rows were written in the same transaction.
    await app.db.knex.raw("alter table influencers add constraint test_refuse_niche check (niche <> 'Recusado')");
    try {
      const res = await app.client().post('/api/influencers/applications', { ...accountFields(email), ...application({ niche: 'Recusado' }) });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await app.db.knex.raw('alter table influencers drop constraint test_refuse_niche');
    }
    expect(await app.db.knex('users').where({ email }).first()).toBeUndefined();
    expect(await app.db.knex('profiles').where({ email }).first()).toBeUndefined();
    // The same person can then apply normally.
    const again = await app.client().post('/api/influencers/applications', { ...accountFields(email), ...application() });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('anonymous: a taken e-mail is 409 and stores no application', async () => {
    const existing = await createUser(app);
    const before = await app.db.knex('influencers').count<{ n: string }[]>({ n: '*' });
    const res = await app.client().post('/api/influencers/applications', { ...accountFields(existing.email), ...application() });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('email_taken');
    expect(await app.db.knex('influencers').count<{ n: string }[]>({ n: '*' })).toEqual(before);
  });

  it('anonymous: the sign-up rate limit (AUTH_SIGNUP_LIMIT per IP) applies to the combined form', async () => {
    const sameAddress = app.client({ ip: '10.44.0.7' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await sameAddress.post('/api/influencers/applications', { ...accountFields(`limite.${i}.${Date.now()}@exemplo.com.br`), ...application() });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error.code).toBe('rate_limited');
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });

  it('anonymous without the account fields is refused with 400', async () => {
    const res = await app.client().post('/api/influencers/applications', application());
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toBeTruthy();
  });

  it('signed in: 201 pending, audited; a second application is 409', async () => {
    const user = await createUser(app);
    const res = await user.client.post('/api/influencers/applications', application());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await audits(res.body.id)).map((a) => a.action)).toEqual(['influencer.applied']);
    const again = await user.client.post('/api/influencers/applications', application());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('application_exists');
  });
});

describe('the back office', () => {
  async function pending() {
    const user = await createUser(app, { fullName: 'Renata Lima' });
    const res = await user.client.post('/api/influencers/applications', application());
    expect(res.status).toBe(201);
    return { user, id: res.body.id as string };
  }

  it('lists applications with a status filter (Content-Range)', async () => {
    const { id } = await pending();
    const res = await adminClient.get(`/api/admin/influencers?filter=${encodeURIComponent(JSON.stringify({ status: 'pending', id: [id] }))}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('influencers 0-0/1');
    expect(res.body[0]).toMatchObject({ id, status: 'pending', full_name: 'Renata Lima', code: null });
  });

  it('approve with a rate: a readable code, role influencer, audited with before/after; set-rate; suspend; reactivate', async () => {
    const { user, id } = await pending();
    const noRate = await adminClient.post(`/api/admin/influencers/${id}/approve`, {});
    expect(noRate.status).toBe(400);
    const approved = await adminClient.post(`/api/admin/influencers/${id}/approve`, { commission_rate_bp: 1500 });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', commission_rate_bp: 1500 });
    expect(approved.body.code).toMatch(/^RENATA\d{2,4}$/);
    expect((await app.db.knex('users').where({ id: user.id }).first()).role).toBe('influencer');

    expect((await adminClient.post(`/api/admin/influencers/${id}/set-rate`, { commission_rate_bp: 2000 })).body.commission_rate_bp).toBe(2000);
    expect((await adminClient.post(`/api/admin/influencers/${id}/set-rate`, { commission_rate_bp: 20_000 })).status).toBe(400);
    const suspended = await adminClient.post(`/api/admin/influencers/${id}/suspend`, { reason: 'Conteúdo fora das regras' });
    expect(suspended.body).toMatchObject({ status: 'suspended', suspension_reason: 'Conteúdo fora das regras' });
    const reactivated = await adminClient.post(`/api/admin/influencers/${id}/reactivate`, {});
    expect(reactivated.body).toMatchObject({ status: 'approved', suspension_reason: null, code: approved.body.code, commission_rate_bp: 2000 });

    const trail = await audits(id);
    expect(trail.map((a) => a.action)).toEqual([
      'influencer.applied',
      'admin.influencer_approve',
      'admin.influencer_set_rate',
      'admin.influencer_suspend',
      'admin.influencer_reactivate',
    ]);
    expect(trail[1].metadata).toMatchObject({ before: { status: 'pending', code: null, commission_rate_bp: null }, after: { status: 'approved', code: approved.body.code, commission_rate_bp: 1500 } });
    expect(trail[2].metadata).toMatchObject({ before: { commission_rate_bp: 1500 }, after: { commission_rate_bp: 2000 } });
    expect(trail[1].actor_email).toMatch(/^admin\./);
  });

  it('reject needs a reason; a rejected application cannot be suspended (400) and may be sent again', async () => {
    const { user, id } = await pending();
    expect((await adminClient.post(`/api/admin/influencers/${id}/reject`, {})).status).toBe(400);
    const rejected = await adminClient.post(`/api/admin/influencers/${id}/reject`, { reason: 'Público pequeno demais' });
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'Público pequeno demais' });
    const bad = await adminClient.post(`/api/admin/influencers/${id}/suspend`, { reason: 'Qualquer motivo' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_transition');
    expect((await user.client.post('/api/influencers/applications', application({ audience_size: 90_000 }))).status).toBe(201);
    expect(await app.db.knex('influencers').where({ id }).first()).toMatchObject({ status: 'pending', audience_size: 90_000, rejection_reason: null });
  });

  it('the show page answers 404 for an unknown id', async () => {
    expect((await adminClient.get('/api/admin/influencers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await adminClient.get('/api/admin/influencers/nao-e-uuid')).status).toBe(404);
  });

  it('every /api/admin/influencers route refuses anonymous (401) and user/professional (403)', async () => {
    const { id } = await approvedInfluencer(app);
    const user = await createUser(app);
    const professional = await createUser(app, { role: 'professional' });
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/influencers'],
      ['GET', `/api/admin/influencers/${id}`],
      ['POST', `/api/admin/influencers/${id}/approve`, { commission_rate_bp: 1000 }],
      ['POST', `/api/admin/influencers/${id}/reject`, { reason: 'motivo qualquer' }],
      ['POST', `/api/admin/influencers/${id}/suspend`, { reason: 'motivo qualquer' }],
      ['POST', `/api/admin/influencers/${id}/reactivate`, {}],
      ['POST', `/api/admin/influencers/${id}/set-rate`, { commission_rate_bp: 1000 }],
    ];
    for (const [method, path, body] of routes) {
      expect((await app.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await user.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await professional.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await app.db.knex('influencers').where({ id }).first()).status).toBe('approved');
  });
});

describe('PATCH /api/me/influencer/code', () => {
  it('changes the code once (audited); a taken code (any case) or a second change is 409', async () => {
    const other = await approvedInfluencer(app, { code: 'OCUPADO1' });
    const inf = await approvedInfluencer(app, { code: 'ANTIGO22' });
    const taken = await inf.user.client.request('PATCH', '/api/me/influencer/code', { code: 'ocupado1' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'code_taken', message: 'Este código já está em uso. Escolha outro.' });
    expect((await inf.user.client.request('PATCH', '/api/me/influencer/code', { code: 'ab' })).status).toBe(400);

    const changed = await inf.user.client.request('PATCH', '/api/me/influencer/code', { code: 'novo2026' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toEqual({ code: 'NOVO2026', code_changes: 1 });
    const again = await inf.user.client.request('PATCH', '/api/me/influencer/code', { code: 'OUTRO333' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'code_already_changed', message: 'O código só pode ser alterado uma vez.' });
    expect((await audits(inf.id)).map((a) => [a.action, a.metadata.before?.code, a.metadata.after?.code])).toEqual([['influencer.code_changed', 'ANTIGO22', 'NOVO2026']]);
    expect((await app.db.knex('influencers').where({ id: other.id }).first()).code).toBe('OCUPADO1');
  });

  it('a user who is not an influencer gets 404; anonymous 401', async () => {
    const user = await createUser(app);
    expect((await user.client.request('PATCH', '/api/me/influencer/code', { code: 'QUALQUER1' })).status).toBe(404);
    expect((await app.client().request('PATCH', '/api/me/influencer/code', { code: 'QUALQUER1' })).status).toBe(401);
  });
});
