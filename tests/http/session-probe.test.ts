// GET /api/auth/session, the apps' "who is signed in?": a visitor is a 200 with `user: null` (no failed request
// for the browser to log); a session gets the same answer as GET /api/me, which keeps its 401 for API clients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/auth/session', () => {
  it('answers a visitor 200 with no user, not cached, while /api/me still answers 401', async () => {
    const visitor = app.client();
    const probe = await visitor.get('/api/auth/session');
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({ user: null, profile: null });
    expect(probe.headers.get('cache-control')).toBe('no-store');
    expect((await visitor.get('/api/me')).status).toBe(401);
  });

  it('answers a signed-in user as /api/me does', async () => {
    const user = await createUser(app, { fullName: 'Beatriz Probe' });
    const probe = await user.client.get('/api/auth/session');
    const me = await user.client.get('/api/me');
    expect(probe.status).toBe(200);
    expect(probe.body.user.email).toBe(user.email);
    expect(probe.body).toEqual(me.body);
  });

  it('answers `user: null` once the session has ended, and clears the dead cookie', async () => {
    const user = await createUser(app);
    expect((await user.client.post('/api/auth/logout')).status).toBeLessThan(300);
    user.client.setCookie('turma_session', 'a-token-that-no-longer-exists');
    const probe = await user.client.get('/api/auth/session');
    expect(probe.status).toBe(200);
    expect(probe.body.user).toBeNull();
    expect(user.client.hasCookie('turma_session')).toBe(false);
  });

  it('tells an admin\'s password-only session that the second factor is still due', async () => {
    const admin = await app.createAdmin();
    const client = app.client({ secondFactor: 'manual' });
    expect((await client.post('/api/auth/login', admin)).status).toBe(200);
    const probe = await client.get('/api/auth/session');
    expect(probe.body.user.role).toBe('admin');
    expect(['enrol', 'verify']).toContain(probe.body.second_factor);
  });
});
