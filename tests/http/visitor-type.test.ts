// The visitor type over HTTP: the click of an influencer link is recorded, the landing's type (influencer beats
// referral beats direct) comes with the sign-up and is stored on the profile; absent → direct; unknown → pt-BR 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionVisitorType } from '../../core/referrals';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { createTestApp, type TestApp } from '../support/test-app';
import { approvedInfluencer, createUser, signupBody } from '../support/factories';

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36' };
let app: TestApp;
let cepFake: ViaCepFake;

beforeAll(async () => {
  cepFake = await startViaCepFake();
  cepFake.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
  app = await createTestApp({ env: { VIACEP_URL: cepFake.url, AUTH_SIGNUP_LIMIT: '100' } });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await cepFake?.close();
});

const person = signupBody;

const profileOf = (userId: string) => app.db.knex('profiles').where({ user_id: userId }).first();

describe('visitor type at sign-up', () => {
  it('an influencer link carrying a ref: the click counts and the profile is an influencer visitor', async () => {
    const inf = await approvedInfluencer(app, { code: 'VISITA10' });
    const visitor = app.client();
    // /r/VISITA10?ref=AB12: the redirect records the click, then lands on /?ref=AB12&inf=VISITA10.
    expect((await visitor.post('/api/referrals/clicks', { code: 'VISITA10', path: '/r/VISITA10', referrer: null }, BROWSER)).status).toBeLessThan(300);
    const type = sessionVisitorType(null, new URLSearchParams('ref=AB12&inf=VISITA10'));
    const res = await visitor.post('/api/auth/signup', person({ origem: 'influenciador', visitor_type: type }), BROWSER);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const profile = await profileOf(res.body.user.id);
    expect(profile).toMatchObject({ origem: 'influenciador', visitor_type: 'influencer' });
    const referral = await app.db.knex('referrals').where({ referred_user_id: res.body.user.id }).first();
    expect(referral.influencer_id).toBe(inf.id);
    const audit = await app.db.knex('audit_logs').where({ action: 'user.signed_up', entity_id: res.body.user.id }).first();
    expect(audit.metadata).toMatchObject({ visitor_type: 'influencer' });

    // The back office's funnel shows the sign-up under its visitor type.
    const admin = await createUser(app, { role: 'admin' });
    const today = new Date().toISOString().slice(0, 10);
    const report = await admin.client.get(`/api/admin/reports/analytics?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    expect(report.body.by_visitor_type.find((r: { key: string }) => r.key === 'influencer')).toMatchObject({ signups: 1 });
  });

  it('without a type the sign-up is direct; an unknown type is a pt-BR 400', async () => {
    const plain = await app.client().post('/api/auth/signup', person(), BROWSER);
    expect(plain.status).toBe(201);
    expect((await profileOf(plain.body.user.id)).visitor_type).toBe('direct');

    const bad = await app.client().post('/api/auth/signup', person({ visitor_type: 'influenciador' }), BROWSER);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Tipo de visitante inválido');
  });
});
