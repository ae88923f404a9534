// The OpenAPI contract: a valid 3.1 description that lists every mounted route, answers that match it, explicit
// public shapes (no stored internals), the reference page, and committed client types that are not stale.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp, mountedRouters, mountedRoutes } from '../../adapters/http/app';
import { toOpenApiPath } from '../../adapters/http/contract';
import { API_SCHEMA_FILE, generateApiTypes } from '../../adapters/http/openapi-types';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser } from '../support/factories';

type Doc = { openapi: string; info: { title: string }; servers: Array<{ url: string }>; paths: Record<string, Record<string, any>>; components: any; tags: Array<{ name: string }> };

let app: TestApp;
let doc: Doc;

beforeAll(async () => {
  app = await createTestApp();
  const res = await app.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Doc;
});
afterAll(async () => {
  await app?.close();
});

/** Routes an app serves that the description does not list (method + OpenAPI path). */
function undocumented(routes: Array<{ method: string; path: string }>, description: Doc): string[] {
  return routes
    .filter(({ method, path }) => !description.paths[toOpenApiPath(path)]?.[method.toLowerCase()])
    .map(({ method, path }) => `${method} ${path}`);
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 description with the cookie session, the shared error shape and one tag per module', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.info.title).toBe('Turma API');
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1' }]);
    expect(doc.components.securitySchemes.cookieSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'turma_session' });
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
    expect(doc.paths['/api/me']!.get.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(doc.paths['/api/me']!.get.security).toEqual([{ cookieSession: [] }]);
    expect(doc.tags.map((t) => t.name)).toEqual(expect.arrayContaining(['identity', 'catalog', 'groups', 'payments', 'marketplace', 'admin', 'system']));
  });

  it('lists every route the Koa app mounts, with its methods (the public-reads lane too)', () => {
    const koa = createApp(app.container);
    const routes = mountedRoutes(koa);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/products' }, { method: 'GET', path: '/api/plans' }, { method: 'PUT', path: '/api/admin/plans/:id' }]));
    expect(undocumented(routes, doc)).toEqual([]);
  });

  it('would fail for a route mounted without a contract', () => {
    const koa = createApp(app.container);
    mountedRouters(koa)[0]!.router.get('/api/undocumented-probe', (ctx) => {
      ctx.body = { ok: true };
    });
    expect(undocumented(mountedRoutes(koa), doc)).toEqual(['GET /api/undocumented-probe']);
  });

  it('documents the back office list contract and the notification stream', () => {
    const list = doc.paths['/api/admin/plans']!.get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['sort', 'range', 'filter']);
    expect(list.responses['200'].headers['Content-Range']).toBeDefined();
    expect(Object.keys(doc.paths['/api/notifications/stream']!.get.responses['200'].content)).toEqual(['text/event-stream']);
    expect(doc.paths['/api/webhooks/asaas']!.post).toBeDefined();
  });
});

describe('answers are explicit public shapes', () => {
  it('GET /api/me carries the profile without its stored metadata', async () => {
    const user = await createUser(app);
    // Something in metadata to leak: the group invite followed before sign-in.
    const stored = await user.client.request('PUT', '/api/me/group-referral', { group_id: randomUUID(), referral_code: 'ABCD2345' });
    expect(stored.status).toBe(200);
    const row = await app.db.knex('profiles').where({ user_id: user.id }).first();
    expect(row.metadata.group_referral).toBeDefined();

    const me = await user.client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.profile).not.toHaveProperty('metadata');
    expect(Object.keys(me.body.profile).sort()).toEqual(
      [
        'user_id', 'email', 'full_name', 'role', 'cpf', 'phone', 'birth_date', 'cep', 'address_street', 'address_number',
        'address_complement', 'address_district', 'address_city', 'address_state', 'latitude', 'longitude', 'origem',
      ].sort(),
    );
    expect(Object.keys(me.body.user).sort()).toEqual(['created_at', 'email', 'email_confirmed', 'full_name', 'id', 'role']);
  });

  it('answers of several routes validate against the schemas the description declares', async () => {
    const resolved = new Validator();
    await resolved.validate(structuredClone(doc));
    const spec = resolved.resolveRefs() as Doc;
    const schemaOf = (path: string, method: string, status: number) =>
      z.fromJSONSchema(spec.paths[path]![method].responses[String(status)].content['application/json'].schema);

    const user = await createUser(app);
    const plan = await createPlan(app);
    const checks: Array<[path: string, url: string, client: typeof user.client]> = [
      ['/api/health', '/api/health', app.client()],
      ['/api/plan-categories', '/api/plan-categories', app.client()],
      ['/api/plans', '/api/plans', app.client()],
      ['/api/plans/{id}', `/api/plans/${plan.id}`, app.client()],
      ['/api/products', '/api/products', app.client()],
      ['/api/me', '/api/me', user.client],
      ['/api/cart', '/api/cart', user.client],
      ['/api/me/groups', '/api/me/groups', user.client],
      ['/api/notifications', '/api/notifications', user.client],
    ];
    for (const [path, url, client] of checks) {
      const res = await client.get(url);
      expect(res.status, url).toBe(200);
      const parsed = schemaOf(path, 'get', 200).safeParse(res.body);
      expect(parsed.success ? [] : parsed.error.issues, url).toEqual([]);
    }
    // An error answer matches the shared Error component.
    const missing = await app.client().get(`/api/plans/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(z.fromJSONSchema(spec.components.schemas.Error).safeParse(missing.body).success).toBe(true);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with same-origin scripts only, under the site CSP', async () => {
    const res = await app.client().get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    const styles = [...res.text.matchAll(/<link [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim(), 'no inline script').toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src, 'a script file').toMatch(/^\/api\/docs\/[\w.-]+\.js$/);
      const asset = await app.client().get(src!);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type'), src).toContain('javascript');
    }
    for (const href of styles) expect((await app.client().get(href)).status, href).toBe(200);
    expect((await app.client().get('/api/docs/docs-init.js')).text).toContain("url: '/api/openapi.json'");
    expect((await app.client().get('/api/docs/nao-existe.js')).status).toBe(404);
    // The API itself keeps its own strict policy.
    expect((await app.client().get('/api/openapi.json')).headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

describe('npm run api:types', () => {
  it('the committed web/lib/api-schema.d.ts matches the description (run `npm run api:types` when this fails)', async () => {
    const fresh = await generateApiTypes(structuredClone(doc));
    expect(readFileSync(API_SCHEMA_FILE, 'utf8') === fresh, 'web/lib/api-schema.d.ts is stale: run npm run api:types').toBe(true);
  });
});
