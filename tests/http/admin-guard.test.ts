// Every /api/admin/* operation of the API's own description (GET /api/openapi.json) refuses a visitor (401)
// and a signed-in member, professional and influencer (403) before it reads its input or touches anything — and the
// description marks each one as admin-only. The list comes from the server, so a route added later is covered too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';

let app: TestApp;
const roles: Record<'user' | 'professional' | 'influencer', TestUser | null> = { user: null, professional: null, influencer: null };

beforeAll(async () => {
  app = await createTestApp();
  roles.user = await createUser(app);
  roles.professional = await createUser(app, { role: 'professional' });
  roles.influencer = await createUser(app, { role: 'influencer' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const ID = '00000000-0000-4000-8000-000000000000';

describe('/api/admin/*', () => {
  it('refuses visitors (401) and members, professionals and influencers (403) on every operation', async () => {
    const doc = (await app.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: unknown[]; 'x-roles'?: string[] }>>;
    };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
    // The back office's whole surface: far more than a handful (a lost prefix or description would show here).
    expect(operations.length).toBeGreaterThan(60);

    const counts = { checked: 0 };
    for (const { method, path, op } of operations) {
      const label = `${method} ${path}`;
      expect(op.security?.length, `${label} is described as signed in`).toBeGreaterThan(0);
      expect(op['x-roles'], `${label} is described as admin-only`).toContain('admin');
      const url = path.replace(/\{[^}]+\}/g, ID);
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await app.client().request(method, url, body);
      expect(anonymous.status, `${label} as a visitor`).toBe(401);
      for (const [role, user] of Object.entries(roles)) {
        const res = await user!.client.request(method, url, body);
        expect(res.status, `${label} as ${role}: ${JSON.stringify(res.body)}`).toBe(403);
      }
      counts.checked++;
    }
    expect(counts.checked).toBe(operations.length);
    // Nothing was written by all those refusals.
    expect(await app.db.knex('audit_logs').where('action', 'like', 'admin.%')).toHaveLength(0);
  });
});
