// With an https PUBLIC_URL the site runs behind a TLS-terminating proxy. A sign-in that reaches us over the
// proxy's plain hop without X-Forwarded-Proto must still work (it answered 500: a Secure cookie over plain http).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { PUBLIC_URL: 'https://turma.example' } });
});
afterAll(async () => {
  await app?.close();
});

describe('an https PUBLIC_URL behind a proxy', () => {
  it('signs in without X-Forwarded-Proto and sets a Secure, httpOnly cookie', async () => {
    const user = await createUser(app);
    const res = await app.client().post('/api/auth/login', { email: user.email, password: 'senha-123' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('turma_session='));
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*httponly/i);
  });
});
