// Wrong passwords slow an attacker without locking the owner out. Limits per address and per (account +
// address) pair (AUTH_LOGIN_LIMIT), a much higher per-account ceiling (AUTH_ACCOUNT_LOGIN_CEILING) that e-mails the
// owner one single-use unlock link, and POST /api/auth/unlock. Counts live in the database (rate_limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

let app: TestApp;
const PASSWORD = 'senha-123';

beforeAll(async () => {
  app = await createTestApp({ env: { AUTH_LOGIN_LIMIT: '3', AUTH_ACCOUNT_LOGIN_CEILING: '6' } });
});
afterAll(async () => {
  await app?.close();
});

async function unlockMails(email: string) {
  return (await app.db.knex('mail_outbox').where({ to_address: email, template: 'account_unlock' })) as Array<{ subject: string; text_body: string; html_body: string }>;
}

function unlockToken(text: string) {
  const m = /https?:\/\/[^\s]+\/auth\/callback\?type=unlock&token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no unlock link in: ${text}`);
  return decodeURIComponent(m[1]!);
}

const login = (ip: string, email: string, password: string) => app.client({ ip }).post('/api/auth/login', { email, password });

describe('login limits', () => {
  it("blocks the attacker's address after AUTH_LOGIN_LIMIT wrong passwords while the owner signs in from another", async () => {
    const user = await createUser(app);
    for (let i = 1; i <= 3; i++) expect((await login('10.66.0.1', user.email, `errada-${i}`)).status).toBe(401);
    // The attacker's address is refused even with the right password (it must not become an oracle).
    const blocked = await login('10.66.0.1', user.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    expect(blocked.body.error.message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from their own address, is not locked out.
    const owner = await login('10.66.0.2', user.email, PASSWORD);
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    expect(owner.body.user.email).toBe(user.email);
    // Still refused on the attacker's address; no unlock e-mail for so few attempts.
    expect((await login('10.66.0.1', user.email, PASSWORD)).status).toBe(429);
    expect(await unlockMails(user.email)).toHaveLength(0);
  });

  it('the per-account ceiling sends exactly one unlock e-mail; the link clears it once and is refused the second time', async () => {
    const user = await createUser(app);
    // A distributed attack: every wrong password from a new address (below the per-address and per-pair limits).
    for (let i = 1; i <= 6; i++) expect((await login(`10.77.0.${i}`, user.email, `errada-${i}`)).status).toBe(401);
    // Ceiling reached: the account refuses sign-ins from any address, the right password too…
    const refused = await login('10.77.1.1', user.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect((await login('10.77.1.2', user.email, 'errada-7')).status).toBe(429);
    // …and the owner got exactly one e-mail, whatever the attacker keeps doing.
    const mails = await unlockMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Muitas tentativas de entrar na sua conta da Turma');
    expect(mails[0]!.text_body).toContain('Liberar a entrada na minha conta');
    const token = unlockToken(mails[0]!.text_body);
    // The stored token is a hash, never the link's secret.
    const stored = await app.db.knex('auth_tokens').where({ purpose: 'account_unlock' }).select('token_hash');
    expect(stored.map((r: { token_hash: string }) => r.token_hash)).not.toContain(token);

    const unlocked = await app.client().post('/api/auth/unlock', { token });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    expect(unlocked.body.message).toBe('Pronto! A entrada na sua conta foi liberada. Você já pode entrar.');
    expect((await login('10.77.1.3', user.email, PASSWORD)).status).toBe(200);

    const again = await app.client().post('/api/auth/unlock', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Link inválido ou expirado. Tente novamente.');
    expect(await unlockMails(user.email)).toHaveLength(1);
  });

  it('refuses a malformed unlock token with a pt-BR 400', async () => {
    const res = await app.client().post('/api/auth/unlock', { token: 'x'.repeat(40) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Link inválido ou expirado. Tente novamente.');
    expect((await app.client().post('/api/auth/unlock', {})).status).toBe(400);
  });
});
