// Back office plans (ra-data-simple-rest): admin only, entry computed, slug unique, "delete" deactivates, audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

const body = (over: Record<string, unknown> = {}) => ({ slug: 'teste-dupla', name: 'Teste em dupla', description: 'Plano de teste', kind: 'service', category_id: null, price: 10_005, full_price: 15_000, group_size: 2, window_days: 7, active: true, ...over });

describe('/api/admin/plans', () => {
  it('is closed to visitors and to non-admins', async () => {
    expect((await app.client().get('/api/admin/plans')).status).toBe(401);
    const user = await createUser(app);
    expect((await user.client.post('/api/admin/plans', body())).status).toBe(403);
  });

  it('creates (entry = 10% half-up, ignoring a typed entry), lists with Content-Range, updates and deactivates', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const created = await admin.client.post('/api/admin/plans', body({ entry_price: 1 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'teste-dupla', price: 10_005, entry_price: 1_001, group_size: 2, active: true });
    expect((await admin.client.post('/api/admin/plans', body())).body.error.code).toBe('slug_taken');
    const invalid = await admin.client.post('/api/admin/plans', body({ slug: 'outro', group_size: 60, full_price: 100 }));
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields).sort()).toEqual(['full_price', 'group_size']);

    const list = await admin.client.get(`/api/admin/plans?filter=${encodeURIComponent('{"q":"dupla"}')}&range=[0,9]&sort=["price","ASC"]`);
    expect(list.headers.get('content-range')).toBe('plans 0-0/1');
    expect(list.body[0].id).toBe(created.body.id);

    const updated = await admin.client.request('PUT', `/api/admin/plans/${created.body.id}`, { ...created.body, price: 20_000, full_price: 25_000 });
    expect(updated.body, JSON.stringify(updated.body)).toMatchObject({ price: 20_000, entry_price: 2_000 });
    const deleted = await admin.client.request('DELETE', `/api/admin/plans/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: created.body.id, active: false });
    expect((await app.client().get(`/api/plans/${created.body.id}`)).status).toBe(404);
    const actions = (await app.db.knex('audit_logs').where({ entity_id: created.body.id })).map((r: { action: string }) => r.action).sort();
    expect(actions).toEqual(['admin.plan_created', 'admin.plan_updated', 'admin.plan_updated']);
  });

  it('the public plan list is cached, but never hides a change: create, price change and deactivation show at once', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const publicList = async () => (await app.client().get('/api/plans?per_page=100')).body as { items: Array<{ id: string; price: number; entry_price: number }> };
    const before = await publicList();
    expect(await publicList()).toEqual(before); // the second read is a cache hit with the same content
    const created = await admin.client.post('/api/admin/plans', body({ slug: 'cache-dupla', price: 30_000, full_price: 40_000 }));
    expect((await publicList()).items.find((p) => p.id === created.body.id)).toMatchObject({ price: 30_000, entry_price: 3_000 });
    await admin.client.request('PUT', `/api/admin/plans/${created.body.id}`, { ...created.body, price: 31_005, full_price: 40_000 });
    expect((await publicList()).items.find((p) => p.id === created.body.id)).toMatchObject({ price: 31_005, entry_price: 3_101 });
    await admin.client.request('DELETE', `/api/admin/plans/${created.body.id}`);
    expect((await publicList()).items.find((p) => p.id === created.body.id)).toBeUndefined();
    // Revalidation: the same list answers 304 to its ETag; a bad query is a 400, never cached.
    const page = await app.client().get('/api/plans?per_page=100');
    expect((await app.client().get('/api/plans?per_page=100', { 'if-none-match': page.headers.get('etag')!, 'cache-control': 'max-age=0' })).status).toBe(304);
    expect((await app.client().get('/api/plans?per_page=500')).status).toBe(400);
    expect((await app.client().get('/api/plans?per_page=500')).status).toBe(400);
  });
});
