// Admins sign in with a second factor (TOTP). Real server, real database, codes computed with otplib.
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** A new admin signed in with the password only (the real second factor, not the test client's shortcut). */
async function passwordOnlyAdmin(): Promise<{ client: HttpClient; email: string; password: string; id: string }> {
  const creds = await app.createAdmin();
  const client = app.client({ secondFactor: 'manual' });
  const login = await client.post('/api/auth/login', creds);
  expect(login.status, login.text).toBe(200);
  const user = await app.db.knex('users').where({ email: creds.email }).first('id');
  return { client, ...creds, id: user.id as string };
}

const nowEpoch = () => Math.floor(Date.now() / 1000);
/** The code of the 30 s step at `epoch` (now by default) plus `offsetSteps`. */
const codeAt = (secret: string, offsetSteps = 0, epoch = nowEpoch()) => generateSync({ secret, epoch: epoch + offsetSteps * 30 });
const audits = (userId: string, action: string) => app.db.knex('audit_logs').where({ actor_user_id: userId, action });

async function enrolled() {
  const admin = await passwordOnlyAdmin();
  const enrol = await admin.client.post('/api/auth/2fa/enrol');
  expect(enrol.status, enrol.text).toBe(200);
  const secret = enrol.body.secret as string;
  // The step the confirmation used, kept: a test that replays it must not pick the next step when the clock rolls over.
  const epoch = nowEpoch();
  const confirm = await admin.client.post('/api/auth/2fa/confirm', { code: codeAt(secret, 0, epoch) });
  expect(confirm.status, confirm.text).toBe(200);
  return { ...admin, secret, epoch, recoveryCodes: confirm.body.recovery_codes as string[] };
}

describe('admin second factor', () => {
  it('forces enrolment on the first admin sign-in: admin routes answer 403 until the QR secret is confirmed', async () => {
    const admin = await passwordOnlyAdmin();
    const me = await admin.client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.second_factor).toBe('enrol');
    const blocked = await admin.client.get('/api/admin/audit-logs');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('second_factor_required');

    const enrol = await admin.client.post('/api/auth/2fa/enrol');
    expect(enrol.status).toBe(200);
    expect(enrol.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Turma:.+secret=/);
    expect(enrol.body.otpauth_url).toContain(`secret=${enrol.body.secret}`);
    expect(enrol.body.qr_data_url).toMatch(/^data:image\/png;base64,/);
    // Pending until confirmed: still password-only, and the clear secret is not what the database holds.
    expect((await admin.client.get('/api/admin/audit-logs')).status).toBe(403);
    const row = await app.db.knex('users').where({ id: admin.id }).first('totp_secret', 'totp_pending_secret', 'totp_enabled_at');
    expect(row.totp_secret).toBeNull();
    expect(row.totp_enabled_at).toBeNull();
    expect(row.totp_pending_secret).not.toContain(enrol.body.secret);

    const confirm = await admin.client.post('/api/auth/2fa/confirm', { code: codeAt(enrol.body.secret) });
    expect(confirm.status, confirm.text).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirm.body.recovery_codes).size).toBe(10);
    const stored = await app.db.knex('recovery_codes').where({ user_id: admin.id }).pluck('code_hash');
    expect(stored).toHaveLength(10);
    for (const code of confirm.body.recovery_codes) expect(stored).not.toContain(code);

    expect((await admin.client.get('/api/admin/audit-logs')).status).toBe(200);
    expect((await admin.client.get('/api/me')).body.second_factor).toBeUndefined();
    expect(await audits(admin.id, 'auth.2fa_enabled')).toHaveLength(1);
  });

  it('a later sign-in asks for a code; a wrong one is refused and audited, a right one opens the admin routes, and is not accepted twice', async () => {
    const admin = await enrolled();
    const client = app.client({ secondFactor: 'manual' });
    expect((await client.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
    expect((await client.get('/api/me')).body.second_factor).toBe('verify');
    expect((await client.get('/api/admin/users')).status).toBe(403);

    const wrong = await client.post('/api/auth/2fa/verify', { code: codeAt(admin.secret) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_second_factor_code');
    expect(await audits(admin.id, 'auth.2fa_failed')).toHaveLength(1);

    // The step used by the confirmation cannot be replayed; the next step's code (within the drift window) works once.
    const replay = await client.post('/api/auth/2fa/verify', { code: codeAt(admin.secret, 0, admin.epoch) });
    expect(replay.status).toBe(400);
    const next = codeAt(admin.secret, 1, admin.epoch);
    const ok = await client.post('/api/auth/2fa/verify', { code: next });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.recovery_codes_left).toBe(10);
    expect((await client.get('/api/admin/users')).status).toBe(200);

    const other = app.client({ secondFactor: 'manual' });
    expect((await other.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
    expect((await other.post('/api/auth/2fa/verify', { code: next })).status).toBe(400);
    expect((await other.get('/api/admin/users')).status).toBe(403);
  });

  it('a recovery code verifies a session once', async () => {
    const admin = await enrolled();
    const first = app.client({ secondFactor: 'manual' });
    await first.post('/api/auth/login', { email: admin.email, password: admin.password });
    const used = await first.post('/api/auth/2fa/verify', { recovery_code: admin.recoveryCodes[0]!.toUpperCase() });
    expect(used.status, used.text).toBe(200);
    expect(used.body.recovery_codes_left).toBe(9);
    expect((await first.get('/api/admin/users')).status).toBe(200);

    const second = app.client({ secondFactor: 'manual' });
    await second.post('/api/auth/login', { email: admin.email, password: admin.password });
    const again = await second.post('/api/auth/2fa/verify', { recovery_code: admin.recoveryCodes[0] });
    expect(again.status).toBe(400);
    expect((await second.get('/api/admin/users')).status).toBe(403);
    expect(await audits(admin.id, 'auth.2fa_failed')).toHaveLength(1);
  });

  it('rate limits wrong codes per account (429 after 5 failures), even with the right code', async () => {
    const admin = await enrolled();
    const client = app.client({ secondFactor: 'manual' });
    await client.post('/api/auth/login', { email: admin.email, password: admin.password });
    for (let i = 0; i < 5; i++) expect((await client.post('/api/auth/2fa/verify', { recovery_code: `errado-${i}` })).status).toBe(400);
    const limited = await client.post('/api/auth/2fa/verify', { code: codeAt(admin.secret, 1) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(await audits(admin.id, 'auth.2fa_failed')).toHaveLength(5);
    expect((await client.get('/api/admin/users')).status).toBe(403);
  });

  it('leaves other roles alone: no second factor for a customer, and its routes refuse enrolment', async () => {
    const user = await createUser(app);
    const me = await user.client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.second_factor).toBeUndefined();
    expect((await user.client.post('/api/auth/2fa/enrol')).status).toBe(403);
  });

  it('keeps TOTP secrets and recovery codes out of the LGPD export', async () => {
    const admin = await enrolled();
    const client = app.client({ secondFactor: 'manual' });
    await client.post('/api/auth/login', { email: admin.email, password: admin.password });
    await client.post('/api/auth/2fa/verify', { recovery_code: admin.recoveryCodes[1] });
    const exported = await client.get('/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain('totp');
    expect(exported.text).not.toContain(admin.secret);
    for (const code of admin.recoveryCodes) expect(exported.text).not.toContain(code);
  });
});
