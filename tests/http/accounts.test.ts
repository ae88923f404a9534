// Identity end to end over HTTP: sign-up, confirmation, login limits, recovery, profile, LGPD export and deletion.
// ViaCEP and Nominatim are local fake servers spoken to by the real adapters; mail goes to the real outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import { generateCpf, formatCpf } from '../../core/identity/cpf';
import type { PasswordHasher } from '../../core/ports/security';
import { Argon2PasswordHasher } from '../../adapters/security/argon2.hasher';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { nominatim, startNominatimFake, type NominatimFake } from '../fakes/nominatim.fake';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';

const clock = new FixedClock(new Date('2026-11-21T15:00:00Z'));
let app: TestApp;
let cepFake: ViaCepFake;
let geoFake: NominatimFake;
const verifyCalls: string[] = [];

class CountingHasher implements PasswordHasher {
  private inner = new Argon2PasswordHasher();
  hash(p: string) {
    return this.inner.hash(p);
  }
  verify(h: string, p: string) {
    verifyCalls.push(h);
    return this.inner.verify(h, p);
  }
}

beforeAll(async () => {
  cepFake = await startViaCepFake();
  geoFake = await startNominatimFake();
  cepFake.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
  cepFake.set('20040002', viaCep.found({ logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' }));
  cepFake.set('99999999', viaCep.erro('true'));
  geoFake.set({ city: 'São Paulo', street: 'Avenida Paulista' }, nominatim.found('-23.5613', '-46.6565'));
  geoFake.set({ city: 'Rio de Janeiro', street: 'Avenida Rio Branco' }, nominatim.found('-22.9035', '-43.1771'));
  app = await createTestApp({
    env: { VIACEP_URL: cepFake.url, NOMINATIM_URL: geoFake.url, AUTH_LOGIN_LIMIT: '10', AUTH_SIGNUP_LIMIT: '50' },
    overrides: { clock, passwordHasher: new CountingHasher() },
  });
});
afterAll(async () => {
  await app?.close();
  await cepFake?.close();
  await geoFake?.close();
});

let seq = 0;
function person(overrides: Record<string, unknown> = {}) {
  seq++;
  return {
    full_name: `Maria Souza ${seq}`.replace(/\d+$/, (n) => 'abcdefghijklmnopqrstuvwxyz'[Number(n) % 26]!),
    email: `maria.${seq}.${Date.now()}@exemplo.com.br`,
    cpf: formatCpf(generateCpf(Math.random)),
    phone: '(11) 98765-4321',
    birth_date: '1990-05-17',
    cep: '01310-100',
    address_number: '1578',
    address_complement: 'Conjunto 12',
    password: 'segredo-123',
    accept_terms: true,
    ...overrides,
  };
}

async function mailTo(email: string) {
  const rows = await app.db.knex('mail_outbox').where({ to_address: email }).orderBy('created_at', 'desc');
  return rows as Array<{ subject: string; text_body: string; html_body: string; template: string }>;
}

function linkIn(text: string, type: 'signup' | 'recovery') {
  const m = new RegExp(`https?://[^\\s]+/auth/callback\\?type=${type}&token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!m) throw new Error(`no ${type} link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

async function signUpAndConfirm(overrides: Record<string, unknown> = {}) {
  const p = person(overrides);
  const res = await app.client().post('/api/auth/signup', p);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [mail] = await mailTo(p.email);
  const client = app.client();
  const confirm = await client.post('/api/auth/confirm', { token: linkIn(mail!.text_body, 'signup') });
  expect(confirm.status).toBe(200);
  return { p, client };
}

describe('sign-up (SPEC §2, §3, §5)', () => {
  it('creates an unconfirmed account with the looked-up address, origin www, the direct referral and a confirmation e-mail', async () => {
    const p = person();
    const res = await app.client().post('/api/auth/signup', p);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user: { email: p.email, role: 'user', email_confirmed: false }, mail_sent: true });
    expect(res.body.message).toBe('Cadastro realizado! Verifique seu e-mail para confirmar a conta.');

    const user = await app.db.knex('users').where({ email: p.email }).first();
    const profile = await app.db.knex('profiles').where({ user_id: user.id }).first();
    expect(profile).toMatchObject({
      cpf: p.cpf.replace(/\D/g, ''),
      phone: '11987654321',
      cep: '01310100',
      address_street: 'Avenida Paulista',
      address_district: 'Bela Vista',
      address_city: 'São Paulo',
      address_state: 'SP',
      address_number: '1578',
      origem: 'www',
    });
    expect(profile.latitude).toBeCloseTo(-23.5613, 4);
    expect(String(profile.birth_date).slice(0, 10) === '1990-05-17' || profile.birth_date instanceof Date).toBe(true);
    const referral = await app.db.knex('referrals').where({ referred_user_id: user.id }).first();
    expect(referral).toMatchObject({ referral_type: 'direct', status: 'confirmed', codigo_referencia: 'DIRECT' });

    const [mail] = await mailTo(p.email);
    expect(mail!.subject).toBe('Confirme seu e-mail na Turma');
    expect(linkIn(mail!.text_body, 'signup').length).toBeGreaterThan(20);

    const login = await app.client().post('/api/auth/login', { email: p.email, password: p.password });
    expect(login.status).toBe(403);
    expect(login.body.error).toEqual({ code: 'email_not_confirmed', message: 'E-mail não confirmado' });
  });

  it('keeps a stored session origin (SPEC §4)', async () => {
    const p = person({ origem: 'influenciador' });
    expect((await app.client().post('/api/auth/signup', p)).status).toBe(201);
    const row = await app.db.knex('profiles').where({ email: p.email }).first();
    expect(row.origem).toBe('influenciador');
  });

  it.each([
    ['email', { email: 'nao-e-email' }, 'Por favor, insira um e-mail válido'],
    ['accept_terms', { accept_terms: false }, 'Você deve aceitar os termos e políticas de privacidade'],
    ['password', { password: '12345' }, 'A senha deve ter pelo menos 6 caracteres'],
    ['cpf', { cpf: '111.111.111-11' }, 'CPF inválido'],
    ['birth_date', { birth_date: '2015-01-01' }, 'É preciso ter 18 anos ou mais para criar uma conta'],
    ['birth_date', { birth_date: '1990-02-30' }, 'Data de nascimento inválida'],
    ['phone', { phone: '(00) 1234-5678' }, 'Telefone inválido: informe DDD e número'],
    ['cep', { cep: '0131-01' }, 'O CEP deve ter 8 dígitos'],
    ['address_number', { address_number: '' }, 'Informe o número'],
    ['full_name', { full_name: 'Maria' }, 'Informe seu nome completo (nome e sobrenome)'],
  ])('refuses a bad %s with its pt-BR message', async (field, overrides, message) => {
    const res = await app.client().post('/api/auth/signup', person(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it('refuses a second account with the same e-mail or CPF (409), without naming the other account', async () => {
    const first = person();
    expect((await app.client().post('/api/auth/signup', first)).status).toBe(201);
    const sameEmail = await app.client().post('/api/auth/signup', person({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toEqual({ code: 'email_taken', message: 'Já existe uma conta com este e-mail.' });
    const sameCpf = await app.client().post('/api/auth/signup', person({ cpf: first.cpf.replace(/\D/g, '') }));
    expect(sameCpf.status).toBe(409);
    expect(sameCpf.body.error.code).toBe('cpf_taken');
    expect(sameCpf.body.error.message).not.toContain(first.email);
  });

  it('accepts a manually typed address when the CEP lookup finds nothing, and asks for it otherwise', async () => {
    const missing = await app.client().post('/api/auth/signup', person({ cep: '99999-999' }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({ address_city: 'Informe a cidade', address_state: 'Informe a UF' });
    const p = person({ cep: '99999-999', address_street: 'Rua Sem Nome', address_district: 'Centro', address_city: 'Cidade Nova', address_state: 'mg' });
    expect((await app.client().post('/api/auth/signup', p)).status).toBe(201);
    const row = await app.db.knex('profiles').where({ email: p.email }).first();
    expect(row).toMatchObject({ cep: '99999999', address_street: 'Rua Sem Nome', address_city: 'Cidade Nova', address_state: 'MG', latitude: null });
  });
});

describe('confirmation links', () => {
  it('confirm once, sign the user in, and refuse reuse', async () => {
    const p = person();
    await app.client().post('/api/auth/signup', p);
    const token = linkIn((await mailTo(p.email))[0]!.text_body, 'signup');
    const client = app.client();
    const ok = await client.post('/api/auth/confirm', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user: { email: p.email, email_confirmed: true }, redirect_to: '/dashboard' });
    expect((await client.get('/api/me')).status).toBe(200);
    const again = await app.client().post('/api/auth/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'invalid_or_expired_link', message: 'Link inválido ou expirado. Tente novamente.' });
  });

  it('expire after 24 hours', async () => {
    const p = person();
    await app.client().post('/api/auth/signup', p);
    const token = linkIn((await mailTo(p.email))[0]!.text_body, 'signup');
    clock.advance(24 * 3_600_000 + 1_000);
    const res = await app.client().post('/api/auth/confirm', { token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_or_expired_link');
  });

  it('can be sent again, replacing the old one', async () => {
    const p = person();
    await app.client().post('/api/auth/signup', p);
    const oldToken = linkIn((await mailTo(p.email))[0]!.text_body, 'signup');
    expect((await app.client().post('/api/auth/resend-confirmation', { email: p.email })).status).toBe(200);
    const newToken = linkIn((await mailTo(p.email))[0]!.text_body, 'signup');
    expect(newToken).not.toBe(oldToken);
    expect((await app.client().post('/api/auth/confirm', { token: oldToken })).status).toBe(400);
    expect((await app.client().post('/api/auth/confirm', { token: newToken })).status).toBe(200);
  });
});

describe('login', () => {
  it('checks a password hash even for an unknown e-mail (same work, same answer)', async () => {
    verifyCalls.length = 0;
    const res = await app.client().post('/api/auth/login', { email: 'ninguem.aqui@exemplo.com.br', password: 'qualquer-1' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('E-mail ou senha incorretos.');
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]).toMatch(/^\$argon2id\$/);
  });

  it('answers the 11th wrong password from one address with 429 and Retry-After (AUTH_LOGIN_LIMIT=10), not the owner elsewhere', async () => {
    const { p } = await signUpAndConfirm();
    // The per-account lock (which let anyone lock an owner out) became a per-(account + address) limit plus a
    // much higher per-account ceiling (tests/http/login-lockout.test.ts): the attempts come from one address now.
    const attacker = app.client();
    for (let i = 1; i <= 10; i++) {
      const res = await attacker.post('/api/auth/login', { email: p.email, password: `errada-${i}` });
      expect(res.status).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/login', { email: p.email, password: p.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(blocked.body.error.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.client().post('/api/auth/login', { email: p.email, password: p.password })).status).toBe(200);
  });

  it('limits failed logins per IP across different e-mails', async () => {
    const other = await createTestApp({ env: { AUTH_LOGIN_LIMIT: '3' } });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await other.client({ ip: '10.9.9.9' }).post('/api/auth/login', { email: `x${i}@exemplo.com.br`, password: 'errada-1' })).status).toBe(401);
      }
      expect((await other.client({ ip: '10.9.9.9' }).post('/api/auth/login', { email: 'y@exemplo.com.br', password: 'errada-1' })).status).toBe(429);
      expect((await other.client({ ip: '10.9.9.10' }).post('/api/auth/login', { email: 'y@exemplo.com.br', password: 'errada-1' })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('password recovery', () => {
  it('answers the same for unknown and known e-mails, and only the known one gets a link', async () => {
    const unknown = await app.client().post('/api/auth/recover', { email: 'nao.existe@exemplo.com.br' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ message: 'Verifique seu email' });
    expect(await mailTo('nao.existe@exemplo.com.br')).toHaveLength(0);
    const { p } = await signUpAndConfirm();
    const known = await app.client().post('/api/auth/recover', { email: p.email });
    expect(known.body).toEqual(unknown.body);
    expect((await mailTo(p.email))[0]!.subject).toBe('Redefinição de senha da Turma');
  });

  it('validates the e-mail with the spec messages', async () => {
    expect((await app.client().post('/api/auth/recover', { email: '' })).body.error.fields.email).toBe('Informe seu email');
    expect((await app.client().post('/api/auth/recover', { email: 'abc' })).body.error.fields.email).toBe('E-mail inválido');
  });

  it('resets the password once, ends every session, and the new password works', async () => {
    const { p, client } = await signUpAndConfirm();
    await app.client().post('/api/auth/recover', { email: p.email });
    const token = linkIn((await mailTo(p.email))[0]!.text_body, 'recovery');
    const short = await app.client().post('/api/auth/reset', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.password).toBe('Senha muito curta');
    const ok = await app.client().post('/api/auth/reset', { token, password: 'nova-senha-456' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Senha atualizada!');
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await app.client().post('/api/auth/login', { email: p.email, password: p.password })).status).toBe(401);
    expect((await app.client().post('/api/auth/login', { email: p.email, password: 'nova-senha-456' })).status).toBe(200);
    expect((await app.client().post('/api/auth/reset', { token, password: 'outra-senha-789' })).status).toBe(400);
    expect((await mailTo(p.email))[0]!.template).toBe('password_changed');
  });

  it('reset links expire after one hour', async () => {
    const { p } = await signUpAndConfirm();
    await app.client().post('/api/auth/recover', { email: p.email });
    const token = linkIn((await mailTo(p.email))[0]!.text_body, 'recovery');
    clock.advance(3_600_000 + 1_000);
    expect((await app.client().post('/api/auth/reset', { token, password: 'nova-senha-456' })).status).toBe(400);
  });
});

describe('the signed-in user', () => {
  it('changes the password: wrong current is refused, other sessions end, this one continues', async () => {
    const { p, client } = await signUpAndConfirm();
    const other = app.client();
    expect((await other.post('/api/auth/login', { email: p.email, password: p.password })).status).toBe(200);
    const wrong = await client.post('/api/me/password', { current_password: 'errada-1', new_password: 'nova-senha-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.current_password).toBe('Senha atual incorreta.');
    const ok = await client.post('/api/me/password', { current_password: p.password, new_password: 'nova-senha-1' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
  });

  it('updates the profile; a new CEP is looked up and geocoded again', async () => {
    const { client } = await signUpAndConfirm();
    const res = await client.request('PATCH', '/api/me', { cep: '20040-002', address_number: '10', phone: '21 3456-7890' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ cep: '20040002', address_street: 'Avenida Rio Branco', address_city: 'Rio de Janeiro', address_state: 'RJ', address_number: '10', phone: '2134567890' });
    expect(res.body.profile.latitude).toBeCloseTo(-22.9035, 3);
    const cpfChange = await client.request('PATCH', '/api/me', { cpf: '52998224725' });
    expect(cpfChange.status).toBe(400);
    expect(cpfChange.body.error.fields.cpf).toBe('O CPF não pode ser alterado. Fale com o suporte.');
    expect((await client.request('PATCH', '/api/me', { email: 'outro@exemplo.com.br' })).status).toBe(400);
  });

  it('records the origin of a signed-in visit (SPEC §4)', async () => {
    const { client } = await signUpAndConfirm();
    expect((await client.post('/api/me/origin', { path: '/' })).body.origem).toBe('www');
    expect((await client.post('/api/me/origin', { path: '/join/abc/def' })).body.origem).toBe('usuario');
    expect((await client.post('/api/me/origin', { path: '/ref/INFLU10' })).body.origem).toBe('influenciador');
    expect((await client.post('/api/me/origin', { path: '/auth' })).body.origem).toBe('influenciador');
  });
});

describe('group referral (SPEC §3 metadata.group_referral)', () => {
  it('stores the invite followed before login with a timestamp and sets origin usuario', async () => {
    const { client, p } = await signUpAndConfirm();
    const groupId = '0b9f2c1e-8c3a-4d2e-9b7a-1c2d3e4f5a6b';
    const res = await client.request('PUT', '/api/me/group-referral', { group_id: groupId, referral_code: 'abcd2345' });
    expect(res.status).toBe(200);
    expect(res.body.group_referral).toMatchObject({ group_id: groupId, referral_code: 'ABCD2345' });
    const row = await app.db.knex('profiles').where({ email: p.email }).first();
    expect(row.origem).toBe('usuario');
    expect(row.metadata.group_referral).toMatchObject({ group_id: groupId, referral_code: 'ABCD2345', timestamp: clock.now().toISOString() });
    expect((await client.request('PUT', '/api/me/group-referral', { group_id: 'x', referral_code: '!' })).status).toBe(400);
  });
});

describe('LGPD self-service', () => {
  async function signedIn() {
    return signUpAndConfirm();
  }

  it('exports every row about the user as a JSON download, without secrets or anyone else', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const res = await a.client.get('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="turma-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.text);
    expect(data.account.email).toBe(a.p.email);
    expect(data.profile.cpf).toBe(a.p.cpf.replace(/\D/g, ''));
    expect(data.referral.codigo_referencia).toBe('DIRECT');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.activity.some((e: { action: string }) => e.action === 'auth.email_confirmed')).toBe(true);
    expect(res.text).not.toContain('password_hash');
    expect(res.text).not.toContain('token_hash');
    expect(res.text).not.toContain(b.p.email);
    expect((await app.client().get('/api/me/export')).status).toBe(401);
  });

  it('deletes the account: password re-entry, data anonymised, sessions ended, e-mail and CPF freed, audit kept', async () => {
    const { p, client } = await signedIn();
    const user = await app.db.knex('users').where({ email: p.email }).first();
    const wrong = await client.request('DELETE', '/api/me', { password: 'errada-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.password).toBe('Senha incorreta.');

    const ok = await client.request('DELETE', '/api/me', { password: p.password });
    expect(ok.status).toBe(200);
    expect(ok.body.retention).toContain('LGPD');
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await app.client().post('/api/auth/login', { email: p.email, password: p.password })).status).toBe(401);

    const profile = await app.db.knex('profiles').where({ user_id: user.id }).first();
    expect(profile).toMatchObject({ full_name: 'Conta excluída', cpf: null, phone: null, address_street: null, latitude: null });
    expect(await app.db.knex('sessions').where({ user_id: user.id })).toHaveLength(0);
    const audit = await app.db.knex('audit_logs').where({ actor_user_id: user.id, action: 'user.deleted' }).first();
    expect(audit.metadata.retention).toContain('obrigação legal');
    expect(await app.db.knex('referrals').where({ referred_user_id: user.id })).toHaveLength(1);
    expect((await mailTo(p.email))[0]!.template).toBe('account_deleted');

    // E-mail and CPF are free again.
    expect((await app.client().post('/api/auth/signup', person({ email: p.email, cpf: p.cpf }))).status).toBe(201);
  });

  it('writes every sign-in, failed sign-in, password change, export and deletion to the audit log', async () => {
    const { p, client } = await signedIn();
    await app.client().post('/api/auth/login', { email: p.email, password: 'errada-1' });
    await client.post('/api/me/password', { current_password: p.password, new_password: 'nova-senha-2' });
    await client.get('/api/me/export');
    await client.request('DELETE', '/api/me', { password: 'nova-senha-2' });
    const user = await app.db.knex('users').where('email', 'like', 'excluido+%').orderBy('updated_at', 'desc').first();
    const actions = (await app.db.knex('audit_logs').where({ actor_user_id: user.id })).map((r: { action: string }) => r.action);
    for (const action of ['user.signed_up', 'auth.email_confirmed', 'auth.login', 'auth.login_failed', 'auth.password_changed', 'user.data_exported', 'user.deleted']) {
      expect(actions).toContain(action);
    }
  });
});

describe('sign-up rate limit', () => {
  it('answers 429 past AUTH_SIGNUP_LIMIT sign-ups per IP', async () => {
    const other = await createTestApp({ env: { AUTH_SIGNUP_LIMIT: '2', VIACEP_URL: cepFake.url, NOMINATIM_URL: geoFake.url } });
    try {
      const c: HttpClient = other.client({ ip: '10.8.8.8' });
      expect((await c.post('/api/auth/signup', person())).status).toBe(201);
      expect((await c.post('/api/auth/signup', person())).status).toBe(201);
      const third = await c.post('/api/auth/signup', person());
      expect(third.status).toBe(429);
      expect(third.body.error.message).toMatch(/^Muitas tentativas de cadastro/);
    } finally {
      await other.close();
    }
  });
});
