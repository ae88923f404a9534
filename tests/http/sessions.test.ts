// Session lifetime with the container's Clock swapped for a fake: expiry and sliding renewal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import { createTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 3_600_000;
const clock = new FixedClock(new Date('2026-11-21T12:00:00Z'));
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ env: { SESSION_TTL_DAYS: '2' }, overrides: { clock } });
});
afterAll(async () => {
  await app?.close();
});

describe('sessions over time', () => {
  it('expire after SESSION_TTL_DAYS without use, and the expired row is removed', async () => {
    const admin = await app.createAdmin();
    const client = app.client();
    expect((await client.post('/api/auth/login', admin)).status).toBe(200);
    clock.advance(2 * DAY + 1000);
    expect((await client.get('/api/me')).status).toBe(401);
    const rows = await app.db.knex('sessions').count<{ count: number }[]>('* as count').first();
    expect(Number(rows?.count)).toBe(0);
  });

  it('are renewed while in use (sliding expiry)', async () => {
    const admin = await app.createAdmin();
    const client = app.client();
    expect((await client.post('/api/auth/login', admin)).status).toBe(200);
    for (let day = 0; day < 5; day++) {
      clock.advance(1.5 * DAY);
      expect((await client.get('/api/me')).status).toBe(200);
    }
  });

  it('rotate on login: the token the browser had before stops working', async () => {
    const admin = await app.createAdmin();
    const client = app.client();
    expect((await client.post('/api/auth/login', admin)).status).toBe(200);
    const before = (await app.db.knex('sessions').select('token_hash')).map((r: { token_hash: string }) => r.token_hash);
    expect((await client.post('/api/auth/login', admin)).status).toBe(200);
    const after = (await app.db.knex('sessions').select('token_hash')).map((r: { token_hash: string }) => r.token_hash);
    expect(after.filter((h: string) => !before.includes(h))).toHaveLength(1);
    expect(after.length).toBe(before.length);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('end when the account is blocked', async () => {
    const admin = await app.createAdmin();
    const client = app.client();
    expect((await client.post('/api/auth/login', admin)).status).toBe(200);
    await app.db.knex('users').where({ email: admin.email }).update({ blocked_at: clock.now() });
    expect((await client.get('/api/me')).status).toBe(401);
    const again = await app.client().post('/api/auth/login', admin);
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('account_blocked');
  });
});
