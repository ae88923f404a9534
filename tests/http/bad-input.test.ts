// "bad input answers 4xx, never 500": text PostgreSQL cannot store is refused at the edge (webhooks excepted,
// stored escaped), a body that is not what its Content-Encoding says is a 400, range and reference violations are
// 400/409 from the one error middleware, and validation messages are pt-BR (en-US when the client asks).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const refused = (res: { status: number; body: any }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'invalid_characters', message: 'O texto enviado contém caracteres inválidos.' });
};

describe('NUL characters and lone surrogates', () => {
  it.each([
    '/api/products?category=%00',
    '/api/plans?category=%00',
    '/api/products?q=abc%00def',
    '/api/products?q=%ED%A0%80', // an encoded lone surrogate is not UTF-8
    '/api/groups/%00',
    '/api/products?q=%E0%A4%A', // a broken percent-sequence
    '/dev/mailbox?to=%00',
  ])('GET %s → 400', async (path) => {
    refused(await app.client().get(path));
  });

  it('in a JSON body (sign-up, profile) → 400 naming the field, nothing stored', async () => {
    const before = await app.db.knex('users').count({ n: '*' }).first();
    const signup = await app.client().request('POST', '/api/auth/signup', '{"full_name":"Ana\\u0000 Lima","email":"nul@turma.test"}', { 'content-type': 'application/json' });
    refused(signup);
    expect(signup.body.error.fields).toEqual({ full_name: 'O texto enviado contém caracteres inválidos.' });
    expect(await app.db.knex('users').count({ n: '*' }).first()).toEqual(before);

    const user = await createUser(app);
    const patch = await user.client.request('PATCH', '/api/me', '{"address_complement":"bloco \\ud800"}', { 'content-type': 'application/json' });
    refused(patch);
    expect(patch.body.error.fields).toEqual({ address_complement: 'O texto enviado contém caracteres inválidos.' });
    // A well-formed pair (an emoji) is fine.
    expect((await user.client.request('PATCH', '/api/me', '{"address_complement":"casa \\ud83c\\udf89"}', { 'content-type': 'application/json' })).status).toBe(200);
  });

  it('in a provider webhook: answered 200 and stored escaped, never refused', async () => {
    const token = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway).webhookToken;
    const raw = '{"id":"evt_nul_\\u0000_1","event":"PAYMENT_RECEIVED","dateCreated":"2026-11-21 10:00:00","payment":{"id":"pay_x","description":"a\\ud800b"}}';
    const res = await app.client().request('POST', '/api/webhooks/asaas', raw, { 'content-type': 'application/json', 'asaas-access-token': token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await app.db.knex('payment_events').where({ event_id: 'evt_nul_\\u0000_1' }).first();
    expect(stored).toBeTruthy();
    expect(JSON.stringify(stored.payload)).toContain('a\\\\ud800b');
  });
});

describe('Content-Encoding that does not match the body', () => {
  it('"gzip" on plain JSON → 400 invalid_encoding', async () => {
    const res = await app.client().request('POST', '/api/auth/login', '{"email":"a@b.c","password":"x"}', { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('invalid_encoding');
  });

  it('real gzip still works', async () => {
    const res = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-forwarded-for': '10.9.9.9' },
      body: gzipSync(JSON.stringify({ email: 'ninguem@turma.test', password: 'errada-123' })),
    });
    expect(res.status).toBe(401);
  });
});

describe('database constraints answer 4xx', () => {
  it('a price beyond the integer column and an unknown category are 400/409, not 500', async () => {
    const admin = await app.createAdmin();
    const client = app.client();
    expect((await client.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
    const plan = (over: Record<string, unknown>) => ({ slug: `p-${Math.random().toString(36).slice(2, 8)}`, name: 'Plano grande', description: 'x', kind: 'service', category_id: null, price: 10_000, full_price: 15_000, group_size: 2, window_days: 7, active: true, ...over });
    const huge = await client.post('/api/admin/plans', plan({ full_price: 3_000_000_000 }));
    expect(huge.status, JSON.stringify(huge.body)).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const unknownCategory = await client.post('/api/admin/plans', plan({ category_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknownCategory.status, JSON.stringify(unknownCategory.body)).toBeGreaterThanOrEqual(400);
    expect(unknownCategory.status).toBeLessThan(500);
  });
});

describe('validation messages', () => {
  it('zod generic messages are pt-BR by default and en-US when asked', async () => {
    const user = await createUser(app);
    const pt = await user.client.post('/api/payments', { purpose: 'entry', ref_id: '00000000-0000-4000-8000-000000000000', method: 'PIX', installments: 'doze' });
    expect(pt.status).toBe(400);
    expect(pt.body.error.message).toBe('Verifique os campos destacados.');
    expect(pt.body.error.fields.installments).toMatch(/^Entrada inválida/);
    const en = await user.client.post('/api/payments', { purpose: 'entry', ref_id: '00000000-0000-4000-8000-000000000000', method: 'PIX', installments: 'doze' }, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body.error.message).toBe('Check the highlighted fields.');
    expect(en.body.error.fields.installments).toMatch(/^Invalid input/);
    // Our own messages (docs/product/spec.md's words) stay as written.
    expect(en.body.error.fields).not.toHaveProperty('method');
  });
});

describe('cross-site requests (CSRF) and non-JSON bodies', () => {
  it('a cross-site form post with the session cookie is refused; the same request from our pages passes', async () => {
    const user = await createUser(app);
    const cross = await user.client.request('POST', '/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(cross.body.error.code).toBe('cross_site_request');
    const foreignOrigin = await user.client.request('PATCH', '/api/me', { address_complement: 'x' }, { origin: 'https://evil.example' });
    expect(foreignOrigin.status).toBe(403);
    const own = await user.client.request('PATCH', '/api/me', { address_complement: 'apto 1' }, { 'sec-fetch-site': 'same-origin', origin: app.url });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // Still signed in: the refused logout did nothing.
    expect((await user.client.get('/api/me')).status).toBe(200);
  });

  it('a text/plain or form body is refused (a plain HTML form cannot send JSON)', async () => {
    const user = await createUser(app);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await user.client.request('PATCH', '/api/me', '{"address_complement":"x"}', { 'content-type': type });
      expect(res.status, type).toBe(400);
      expect(res.body.error.code).toBe('unsupported_media_type');
    }
  });

  it('provider webhooks are exempt (no cookie, their own token)', async () => {
    const token = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway).webhookToken;
    const res = await app.client().request('POST', '/api/webhooks/asaas', { id: 'evt_xs_1', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_none' } }, { 'asaas-access-token': token, 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
  });
});

describe('keys that name Object.prototype members find nothing (never a 500)', () => {
  const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

  it.each(PROTOTYPE_KEYS)('POST /api/experiments/participants with experiment %j → 400 "Experimento desconhecido."', async (key) => {
    const res = await app.client().post('/api/experiments/participants', { experiment: key, variant: 'golden', anonymous_id: 'anon-proto-0001' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.experiment).toBe('Experimento desconhecido.');
  });

  it.each(PROTOTYPE_KEYS)('GET /api/admin/reports/experiments?experiment=%s → 400', async (key) => {
    const admin = await createUser(app, { role: 'admin' });
    const res = await admin.client.get(`/api/admin/reports/experiments?experiment=${key}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });

  it('a professional application whose category is a prototype key is refused as an unknown category', async () => {
    const user = await createUser(app);
    const res = await user.client.post('/api/professionals/applications', { category: 'constructor' });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('a field left out is named, never "undefined"', () => {
  it('POST /api/me/origin {} → 400 saying the field is required', async () => {
    const user = await createUser(app);
    const res = await user.client.post('/api/me/origin', {});
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/undefined/);
    expect(res.body.error.fields.path).toBe('Campo obrigatório: preencha este campo.');
    expect(res.body.error.message).toBe('Preencha os campos obrigatórios: path.');
  });

  it('POST /api/admin/plans {} → 400 listing the required fields, in English when asked', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const pt = await admin.client.post('/api/admin/plans', {});
    expect(pt.status).toBe(400);
    expect(JSON.stringify(pt.body)).not.toMatch(/undefined/);
    expect(pt.body.error.message).toMatch(/^Preencha os campos obrigatórios: .*name/);
    const en = await admin.client.post('/api/admin/plans', {}, { 'accept-language': 'en-US' });
    expect(JSON.stringify(en.body)).not.toMatch(/undefined/);
    expect(en.body.error.message).toMatch(/^Fill in the required fields: .*name/);
    expect(en.body.error.fields.name).toBe('Required field: fill it in.');
  });

  it('the financial report without `from` names it', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const res = await admin.client.get('/api/admin/reports/financial?to=2026-01-31');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/undefined/);
    expect(res.body.error.fields.from).toBe('Campo obrigatório: preencha este campo.');
  });
});
