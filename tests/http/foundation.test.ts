// The HTTP foundation against the real server and a real database: health, headers, error shape, sessions, static apps.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressAssets } from '../../adapters/build';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUnitOfWork } from '../../adapters/db/unit-of-work';
import type { PasswordHasher } from '../../core/ports/security';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'turma-dist-'));
  for (const name of ['web', 'admin']) {
    mkdirSync(join(distDir, name, 'assets'), { recursive: true });
    writeFileSync(join(distDir, name, 'index.html'), `<!doctype html><title>${name}-index</title>`);
    writeFileSync(join(distDir, name, 'assets', 'app-123.js'), `console.log("${name}")`);
    writeFileSync(join(distDir, name, 'assets', 'big-456.js'), `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `${name} ${i}` })))};`);
  }
  await precompressAssets(['web', 'admin'].map((name) => join(distDir, name, 'assets')));
  app = await createTestApp({ distDir });
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('security headers (SPEC §7)', () => {
  it('forbids framing, allows scripts and connections only from the site itself', async () => {
    const res = await app.client().get('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gives JSON API answers the REST set: nothing loads or frames from them, no sniffing, no referrer', async () => {
    // /api/products is served ahead of the routers (catalogue fast path): it must carry the same headers.
    for (const path of ['/api/health', '/api/products', '/api/nao-existe']) {
      const res = await app.client().get(path);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('strict-transport-security'), path).toBeNull(); // PUBLIC_URL is http here
    }
    // Documents keep the full set, with the site's CSP.
    const page = await app.client().get('/');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-dns-prefetch-control')).toBe('off');
  });

  it('answers another method on the public lists with 405 and Allow, not 404', async () => {
    for (const path of ['/api/products', '/api/plans']) {
      const res = await app.client().post(path, { name: 'x' });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow'), path).toBe('GET, HEAD');
      expect(res.body.error.code, path).toBe('method_not_allowed');
    }
  });

  it('gives every response a request id and keeps a safe one sent by a proxy', async () => {
    const own = await app.client().get('/api/health');
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await app.client().get('/api/health', { 'x-request-id': 'proxy-req-12345' });
    expect(echoed.headers.get('x-request-id')).toBe('proxy-req-12345');
    const unsafe = await app.client().get('/api/health', { 'x-request-id': 'bad id <script>' });
    expect(unsafe.headers.get('x-request-id')).not.toContain('<');
  });

  it('compresses large JSON answers', async () => {
    const res = await fetch(`${app.url}/api/plans?per_page=100`, { headers: { 'accept-encoding': 'gzip' } });
    await res.text();
    // Small answers are left alone; the header is only set when the body passes the threshold.
    expect(['gzip', null]).toContain(res.headers.get('content-encoding'));
  });
});

describe('error shape (docs/api.md)', () => {
  it('answers an unknown API path with a JSON 404 in pt-BR', async () => {
    const res = await app.client().get('/api/nao-existe');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Endereço da API não encontrado.' } });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await app.client().request('POST', '/api/auth/login', '{"email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await app.client().post('/api/auth/login', { email: 'a@b.com', password: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual({ code: 'payload_too_large', message: 'O conteúdo enviado é grande demais.' });
  });

  it('answers invalid input with 400 and pt-BR messages per field', async () => {
    const res = await app.client().post('/api/auth/login', { email: 'nao-e-email', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(res.body.error.fields).toEqual({ email: 'Por favor, insira um e-mail válido', password: 'Informe sua senha' });
  });

  it('answers a wrong method on a known path with 405', async () => {
    const res = await app.client().request('DELETE', '/api/health');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('method_not_allowed');
  });
});

describe('sessions', () => {
  it('signs in with an httpOnly SameSite=Lax cookie, answers /api/me, and signs out', async () => {
    const admin = await app.createAdmin();
    const client = app.client();
    const login = await client.post('/api/auth/login', { email: admin.email.toUpperCase(), password: admin.password });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email: admin.email, role: 'admin', full_name: 'Admin de Teste' });
    expect(login.body.redirect_to).toBe('/admin');
    const setCookie = login.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/turma_session=/);
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);

    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(admin.email);
    expect(me.body.profile.full_name).toBe('Admin de Teste');

    expect((await client.post('/api/auth/logout')).status).toBe(204);
    const after = await client.get('/api/me');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthenticated');
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const admin = await app.createAdmin();
    const wrong = await app.client().post('/api/auth/login', { email: admin.email, password: 'errada-123' });
    const unknown = await app.client().post('/api/auth/login', { email: 'ninguem@turma.test', password: 'errada-123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'invalid_credentials', message: 'E-mail ou senha incorretos.' } });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses an unconfirmed e-mail with 403 and no session (SPEC §4)', async () => {
    const uow = app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
    const hasher = app.container.get<PasswordHasher>(TOKENS.PasswordHasher);
    await uow.run(async (r) => {
      const user = await r.identity.users.create({ email: 'pendente@turma.test', password_hash: await hasher.hash('senha-123'), role: 'user' });
      await r.identity.profiles.create({ user_id: user.id, email: user.email, full_name: 'Pessoa Pendente' });
    });
    const client = app.client();
    const res = await client.post('/api/auth/login', { email: 'pendente@turma.test', password: 'senha-123' });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'email_not_confirmed', message: 'E-mail não confirmado' });
    expect(client.hasCookie('turma_session')).toBe(false);
  });

  it('ignores a forged session cookie', async () => {
    const res = await app.client().get('/api/me', { cookie: 'turma_session=forjado' });
    expect(res.status).toBe(401);
  });
});

describe('back office: /api/admin/audit-logs (ra-data-simple-rest)', () => {
  async function signedInAdmin() {
    const admin = await app.createAdmin();
    const client = app.client();
    expect((await client.post('/api/auth/login', admin)).status).toBe(200);
    return { client, admin };
  }

  it('is closed to visitors (401) and to non-admins (403)', async () => {
    expect((await app.client().get('/api/admin/audit-logs')).status).toBe(401);
    const uow = app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
    const hasher = app.container.get<PasswordHasher>(TOKENS.PasswordHasher);
    await uow.run(async (r) => {
      const user = await r.identity.users.create({ email: 'comum@turma.test', password_hash: await hasher.hash('senha-123'), role: 'user', email_confirmed_at: new Date() });
      await r.identity.profiles.create({ user_id: user.id, email: user.email, full_name: 'Pessoa Comum' });
    });
    const client = app.client();
    expect((await client.post('/api/auth/login', { email: 'comum@turma.test', password: 'senha-123' })).status).toBe(200);
    const res = await client.get('/api/admin/audit-logs');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('lists with Content-Range, sorts, pages and filters', async () => {
    const { client, admin } = await signedInAdmin();
    await app.client().post('/api/auth/login', { email: admin.email, password: 'errada-123' });

    const all = await client.get('/api/admin/audit-logs?sort=["created_at","DESC"]&range=[0,1]');
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    const range = all.headers.get('content-range') ?? '';
    expect(range).toMatch(/^audit-logs 0-1\/\d+$/);
    const total = Number(range.split('/')[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(new Date(all.body[0].created_at) >= new Date(all.body[1].created_at)).toBe(true);

    const failed = await client.get(`/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'auth.login_failed', actor_email: admin.email }))}`);
    expect(failed.status).toBe(200);
    expect(failed.body).toHaveLength(1);
    expect(failed.body[0]).toMatchObject({ action: 'auth.login_failed', actor_email: admin.email, metadata: { reason: 'wrong_password' } });

    const one = await client.get(`/api/admin/audit-logs/${failed.body[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(failed.body[0].id);

    const many = await client.get(`/api/admin/audit-logs?filter=${encodeURIComponent(JSON.stringify({ id: [failed.body[0].id] }))}`);
    expect(many.body.map((r: { id: string }) => r.id)).toEqual([failed.body[0].id]);
  });

  it('answers bad query parameters with 400 and an unknown id with 404', async () => {
    const { client } = await signedInAdmin();
    expect((await client.get('/api/admin/audit-logs?range=[5,1]')).status).toBe(400);
    expect((await client.get('/api/admin/audit-logs?filter={oops')).status).toBe(400);
    expect((await client.get(`/api/admin/audit-logs?filter=${encodeURIComponent('{"created_at_gte":"não é data"}')}`)).status).toBe(400);
    const missing = await client.get('/api/admin/audit-logs/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Registro de auditoria não encontrado.');
    expect((await client.get('/api/admin/audit-logs/nao-e-uuid')).status).toBe(404);
  });
});

describe('static apps and the SPA fallback', () => {
  it('serves the web app for any non-API path and the admin app under /admin', async () => {
    const c = app.client();
    expect((await c.get('/')).text).toContain('web-index');
    expect((await c.get('/marketplace/products/123')).text).toContain('web-index');
    expect((await c.get('/rota/que/nao/existe')).text).toContain('web-index');
    const bare = await c.get('/admin');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/admin/');
    expect((await c.get('/admin/')).text).toContain('admin-index');
    expect((await c.get('/admin/audit-logs')).text).toContain('admin-index');
  });

  it('serves hashed assets as immutable and a missing asset as a real 404', async () => {
    const c = app.client();
    const asset = await c.get('/assets/app-123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await c.get('/admin/assets/app-123.js')).text).toContain('"admin"');
    expect((await c.get('/assets/nope-999.js')).status).toBe(404);
    expect((await c.get('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends a bundle compressed once at build time: brotli when accepted, else gzip, else as it is', async () => {
    const file = join(distDir, 'web', 'assets', 'big-456.js');
    const original = readFileSync(file);
    // Small files are not worth it; the build wrote both encodings of the large one.
    expect(existsSync(join(distDir, 'web', 'assets', 'app-123.js.br'))).toBe(false);
    expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(original);
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        httpGet(`${app.url}/assets/big-456.js`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body)).toEqual(original);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(original);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(original);
  });

  it('does not escape the dist folder', async () => {
    const res = await fetch(`${app.url}/..%2f..%2fpackage.json`);
    expect(await res.text()).not.toContain('"dependencies"');
  });
});

describe('when the database is down', () => {
  it('health answers 503 and other routes a 500 with only a request id', async () => {
    const other = await createTestApp();
    try {
      await other.db.knex.destroy();
      const health = await other.client().get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'error', database: 'unavailable' });
      const plans = await other.client().get('/api/plans');
      expect(plans.status).toBe(500);
      expect(Object.keys(plans.body.error).sort()).toEqual(['code', 'message', 'request_id']);
      expect(plans.body.error.request_id).toBe(plans.headers.get('x-request-id'));
      expect(plans.text).not.toMatch(/knex|pool|stack/i);
    } finally {
      await other.close().catch(() => {});
    }
  });
});
