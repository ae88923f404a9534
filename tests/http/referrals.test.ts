// Referral links over HTTP: the click is recorded (bots and repeats counted once), the signed turma_ref
// cookie carries the first click for 30 days, and a sign-up inside the window is bound to the influencer on the server
// (self-referrals and the 4th sign-up from one IP in a day set apart); otherwise docs/product/spec.md §3's direct row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { approvedInfluencer, signupBody } from '../support/factories';

const DAY = 86_400_000;
const clock = new FixedClock(new Date('2026-10-01T12:00:00Z'));
const BROWSER = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36' };
let app: TestApp;
let cepFake: ViaCepFake;

beforeAll(async () => {
  cepFake = await startViaCepFake();
  cepFake.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
  app = await createTestApp({ env: { VIACEP_URL: cepFake.url, AUTH_SIGNUP_LIMIT: '100' }, overrides: { clock } });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await cepFake?.close();
});

const person = signupBody;

const click = (visitor: HttpClient, code: string, headers: Record<string, string> = BROWSER) =>
  visitor.post('/api/referrals/clicks', { code, path: `/indicacao/${code}`, referrer: 'https://instagram.com/' }, headers);

async function signup(visitor: HttpClient, overrides: Record<string, unknown> = {}) {
  const p = person(overrides);
  const res = await visitor.post('/api/auth/signup', p, BROWSER);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.user.id as string;
}

const referralOf = (userId: string) => app.db.knex('referrals').where({ referred_user_id: userId }).first();
const clicksOf = (code: string) => app.db.knex('referral_clicks').where({ code }).orderBy('created_at');

describe('attribution window', () => {
  it('a click then a sign-up on day 29 is bound to the influencer for good', async () => {
    clock.set(new Date('2026-10-01T12:00:00Z'));
    const inf = await approvedInfluencer(app, { code: 'JANELA29' });
    const visitor = app.client();
    const res = await click(visitor, 'janela29');
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join(';')).toMatch(/turma_ref=.+httponly/i);
    expect(visitor.hasCookie('turma_ref')).toBe(true);

    clock.advance(29 * DAY);
    const userId = await signup(visitor);
    const row = await referralOf(userId);
    expect(row).toMatchObject({
      referral_type: 'influencer',
      referrer_user_id: inf.userId,
      codigo_referencia: 'JANELA29',
      influencer_id: inf.id,
      self_referral: false,
      flagged_at: null,
    });
    const [clicked] = await clicksOf('JANELA29');
    expect(row.click_id).toBe(clicked.id);
    expect(new Date(row.clicked_at).toISOString()).toBe('2026-10-01T12:00:00.000Z');
  });

  it('a click then a sign-up on day 31 gets the direct row', async () => {
    clock.set(new Date('2026-10-01T12:00:00Z'));
    await approvedInfluencer(app, { code: 'JANELA31' });
    const visitor = app.client();
    expect((await click(visitor, 'JANELA31')).status).toBe(204);
    clock.advance(31 * DAY);
    const userId = await signup(visitor);
    expect(await referralOf(userId)).toMatchObject({ referral_type: 'direct', status: 'confirmed', codigo_referencia: 'DIRECT', referrer_user_id: null, influencer_id: null, click_id: null });
  });

  it('first click wins: a second influencer\'s link inside the window does not take the sign-up', async () => {
    clock.set(new Date('2026-10-05T12:00:00Z'));
    const first = await approvedInfluencer(app, { code: 'PRIMEIRO1' });
    await approvedInfluencer(app, { code: 'SEGUNDO2' });
    const visitor = app.client();
    await click(visitor, 'PRIMEIRO1');
    clock.advance(2 * DAY);
    const second = await click(visitor, 'SEGUNDO2');
    expect(second.status).toBe(204);
    expect(second.headers.getSetCookie()).toEqual([]);
    const userId = await signup(visitor);
    expect(await referralOf(userId)).toMatchObject({ referral_type: 'influencer', influencer_id: first.id, codigo_referencia: 'PRIMEIRO1' });
    // Both clicks are recorded and counted (different codes).
    expect((await clicksOf('SEGUNDO2')).map((c) => c.counted)).toEqual([true]);
  });

  it('a forged cookie is ignored (direct row)', async () => {
    clock.set(new Date('2026-10-05T12:00:00Z'));
    const visitor = app.client();
    const [anyClick] = await app.db.knex('referral_clicks').whereNotNull('influencer_id').limit(1);
    visitor.setCookie('turma_ref', `${anyClick.id}.assinatura-falsa`);
    const userId = await signup(visitor);
    expect((await referralOf(userId)).referral_type).toBe('direct');
  });
});

describe('clicks', () => {
  it('a bot and a repeat within a minute are stored but counted once; a bot gets no cookie', async () => {
    clock.set(new Date('2026-10-10T12:00:00Z'));
    const inf = await approvedInfluencer(app, { code: 'CONTADOR' });
    const visitor = app.client();
    await click(visitor, 'CONTADOR');
    clock.advance(30_000);
    await click(visitor, 'CONTADOR');
    const bot = app.client();
    const botRes = await click(bot, 'CONTADOR', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(botRes.status).toBe(204);
    expect(bot.hasCookie('turma_ref')).toBe(false);
    clock.advance(61_000);
    await click(visitor, 'CONTADOR');
    const rows = await clicksOf('CONTADOR');
    expect(rows.map((r) => [r.is_bot, r.counted])).toEqual([
      [false, true],
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(rows.every((r) => r.referrer === 'https://instagram.com/' && r.path === '/indicacao/CONTADOR')).toBe(true);
    // No raw address is stored: the visitor is a keyed hash.
    expect(rows[0].visitor_hash).not.toContain(visitor.ip);

    const admin = await app.createAdmin();
    const client = app.client();
    await client.post('/api/auth/login', admin);
    const detail = await client.get(`/api/admin/influencers/${inf.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.funnel).toEqual({ clicks: 2, signups: 0, self_referrals: 0, flagged: 0 });
  });

  it('an unknown code answers 204 (recorded, no cookie) and the sign-up gets the direct row', async () => {
    clock.set(new Date('2026-10-12T12:00:00Z'));
    const visitor = app.client();
    const res = await click(visitor, 'NAOEXISTE');
    expect(res.status).toBe(204);
    expect(visitor.hasCookie('turma_ref')).toBe(false);
    expect((await clicksOf('NAOEXISTE')).map((r) => r.influencer_id)).toEqual([null]);
    const userId = await signup(visitor);
    expect(await referralOf(userId)).toMatchObject({ referral_type: 'direct', codigo_referencia: 'DIRECT' });
  });

  it('a suspended influencer\'s link lands but binds nobody', async () => {
    clock.set(new Date('2026-10-12T12:00:00Z'));
    await approvedInfluencer(app, { code: 'SUSPENSO', status: 'suspended' });
    const visitor = app.client();
    expect((await click(visitor, 'SUSPENSO')).status).toBe(204);
    expect(visitor.hasCookie('turma_ref')).toBe(false);
  });

  it('refuses a click without a code or path with 400, never a 500', async () => {
    const res = await app.client().post('/api/referrals/clicks', { path: 42 }, BROWSER);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
  });
});

describe('self-referral and IP bursts', () => {
  it('a sign-up with the influencer\'s own CPF, e-mail or phone is bound with self_referral and flagged', async () => {
    clock.set(new Date('2026-10-15T12:00:00Z'));
    const inf = await approvedInfluencer(app, { code: 'EUMESMO' });
    const visitor = app.client();
    await click(visitor, 'EUMESMO');
    const userId = await signup(visitor, { phone: inf.phone });
    const row = await referralOf(userId);
    expect(row).toMatchObject({ referral_type: 'influencer', influencer_id: inf.id, self_referral: true, flag_reason: 'Autoindicação: mesmo CPF, e-mail ou telefone do influenciador.' });
    expect(row.flagged_at).not.toBeNull();
  });

  it('the 4th sign-up from one IP in a day for one code is flagged, the first three are not', async () => {
    clock.set(new Date('2026-10-20T12:00:00Z'));
    await approvedInfluencer(app, { code: 'MESMOIP' });
    const flags: Array<string | null> = [];
    for (let i = 0; i < 4; i++) {
      const visitor = app.client({ ip: '10.77.77.77' });
      await click(visitor, 'MESMOIP', { 'user-agent': `${BROWSER['user-agent']} v${i}` });
      clock.advance(60 * 60_000);
      const userId = await signup(visitor);
      flags.push((await referralOf(userId)).flag_reason);
    }
    expect(flags).toEqual([null, null, null, 'Mais de 3 cadastros do mesmo IP em um dia para este código.']);
    const rows = await app.db.knex('referrals').where({ codigo_referencia: 'MESMOIP' });
    expect(rows.every((r) => r.signup_ip_hash && !String(r.signup_ip_hash).includes('10.77'))).toBe(true);
  });
});
