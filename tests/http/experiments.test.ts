// The theme experiment's tracking and analytics: enrolment is idempotent, browser events are batched and capped and may
// not claim a conversion, the first confirmed entry converts once, sign-in links the visitor, and the funnel's figures
// come out of a scripted set of users.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoProportionTest } from '../../core/experiments';
import { TRACKING_PER_MINUTE } from '../../adapters/security/rate-limiter';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertVoucher, type TestUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});
const knex = () => app.db.knex;
const EXPERIMENT = 'theme_variant_r14';
const anon = () => `anon-${randomUUID()}`;
const enrol = (client: ReturnType<TestApp['client']>, anonymous_id: string, variant = 'golden') =>
  client.post('/api/experiments/participants', { experiment: EXPERIMENT, variant, anonymous_id });

async function payEntry(user: TestUser, memberId: string) {
  const created = await user.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirm = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return created.body.id as string;
}

describe('POST /api/experiments/participants', () => {
  it('answers 201 and the same participant (and first variant) for the same anonymous_id', async () => {
    const id = anon();
    const client = app.client();
    const first = await enrol(client, id, 'friendship');
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ experiment: EXPERIMENT, variant: 'friendship', anonymous_id: id, converted: false });
    expect(client.hasCookie('turma_ab')).toBe(true);
    const again = await enrol(app.client(), id, 'golden');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: first.body.id, variant: 'friendship' });
    expect(Number((await knex()('ab_test_participants').where({ anonymous_id: id }).count({ n: '*' }).first())!.n)).toBe(1);
  });

  it('refuses an unknown experiment or variant with 400 and fields', async () => {
    const bad = await app.client().post('/api/experiments/participants', { experiment: EXPERIMENT, variant: 'azul', anonymous_id: anon() });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('variant');
    const unknown = await app.client().post('/api/experiments/participants', { experiment: 'x', variant: 'golden', anonymous_id: anon() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toHaveProperty('experiment');
  });

  it('links the visitor to the account at login (cookie), and at once when enrolled signed in', async () => {
    const user = await createUser(app);
    const visitor = app.client();
    const id = anon();
    expect((await enrol(visitor, id)).status).toBe(201);
    expect((await knex()('ab_test_participants').where({ anonymous_id: id }).first()).user_id).toBeNull();
    const login = await visitor.post('/api/auth/login', { email: user.email, password: 'senha-123' });
    expect(login.status, login.text).toBe(200);
    expect((await knex()('ab_test_participants').where({ anonymous_id: id }).first()).user_id).toBe(user.id);

    const signedIn = await createUser(app);
    const other = anon();
    await enrol(signedIn.client, other, 'friendship');
    expect((await knex()('ab_test_participants').where({ anonymous_id: other }).first()).user_id).toBe(signedIn.id);
  });
});

describe('forged variants and the tracking rate limit', () => {
  it('a signed-in user keeps the participant and variant first given, whatever anonymous id or variant is sent later', async () => {
    const user = await createUser(app);
    const first = await enrol(user.client, anon(), 'golden');
    expect(first.status).toBe(201);
    const forged = await enrol(user.client, anon(), 'friendship');
    expect(forged.status).toBe(201);
    expect(forged.body).toMatchObject({ id: first.body.id, variant: 'golden' });
    expect(await knex()('ab_test_participants').where({ user_id: user.id })).toHaveLength(1);
  });

  it('drops events whose metadata claims another variant or experiment than the participant\'s', async () => {
    const p = (await enrol(app.client(), anon(), 'friendship')).body;
    const ev = (metadata: Record<string, unknown>) => ({ participant_id: p.id, event_type: 'interaction', event_name: 'landing.cta_start', metadata });
    const res = await app.client().post('/api/experiments/events', { events: [ev({ variant: 'golden' }), ev({ experiment: 'outro' }), ev({ variant: 'friendship' }), ev({})] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 2 });
    const stored = await knex()('ab_test_events').where({ participant_id: p.id });
    expect(stored.map((e) => (typeof e.metadata === 'string' ? JSON.parse(e.metadata) : e.metadata).variant ?? null).sort()).toEqual(['friendship', null]);
  });

  it('limits enrolments and event batches per IP (429 with Retry-After); another address is unaffected', async () => {
    const flood = app.client({ ip: '10.77.0.9' });
    const p = (await enrol(flood, anon())).body;
    const batch = { events: [{ participant_id: p.id, event_type: 'interaction', event_name: 'landing.cta_start', metadata: {} }] };
    let blocked: Awaited<ReturnType<typeof flood.post>> | null = null;
    for (let i = 0; i < TRACKING_PER_MINUTE + 1 && !blocked; i++) {
      const res = i % 2 ? await flood.post('/api/experiments/events', batch) : await enrol(flood, anon());
      if (res.status === 429) blocked = res;
      else expect(res.status).toBeLessThan(300);
    }
    expect((blocked?.body as { error: { code: string } } | undefined)?.error.code).toBe('rate_limited');
    expect(Number(blocked?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await flood.post('/api/experiments/events', batch)).status).toBe(429);
    expect((await enrol(app.client({ ip: '10.77.0.10' }), anon())).status).toBe(201);
  });
});

describe('POST /api/experiments/events', () => {
  it('stores a batch of interactions with 202 and drops events of unknown participants', async () => {
    const p = (await enrol(app.client(), anon())).body;
    const res = await app.client().post('/api/experiments/events', {
      events: [
        { participant_id: p.id, event_type: 'interaction', event_name: 'landing.cta_start', metadata: { path: '/' } },
        { participant_id: p.id, event_type: 'interaction', event_name: 'landing.see_plans', metadata: {} },
        { participant_id: randomUUID(), event_type: 'interaction', event_name: 'landing.cta_start', metadata: {} },
      ],
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ accepted: 2 });
    const rows = await knex()('ab_test_events').where({ participant_id: p.id }).orderBy('event_name');
    expect(rows.map((r) => [r.event_type, r.event_name])).toEqual([['interaction', 'landing.cta_start'], ['interaction', 'landing.see_plans']]);
    expect(rows[0].metadata).toEqual({ path: '/' });
  });

  it("refuses a 'conversion' sent by the browser and stores nothing of that batch", async () => {
    const p = (await enrol(app.client(), anon())).body;
    const res = await app.client().post('/api/experiments/events', {
      events: [
        { participant_id: p.id, event_type: 'interaction', event_name: 'landing.cta_start', metadata: {} },
        { participant_id: p.id, event_type: 'conversion', event_name: 'first_entry_paid', metadata: {} },
      ],
    });
    expect(res.status).toBe(400);
    expect(await knex()('ab_test_events').where({ participant_id: p.id })).toHaveLength(0);
    expect((await knex()('ab_test_participants').where({ id: p.id }).first()).converted).toBe(false);
  });

  it('caps the batch size (50) and the metadata size (1 KB)', async () => {
    const p = (await enrol(app.client(), anon())).body;
    const ev = (metadata = {}) => ({ participant_id: p.id, event_type: 'interaction', event_name: 'landing.cta_start', metadata });
    expect((await app.client().post('/api/experiments/events', { events: Array.from({ length: 51 }, () => ev()) })).status).toBe(400);
    expect((await app.client().post('/api/experiments/events', { events: [ev({ blob: 'x'.repeat(2_000) })] })).status).toBe(400);
    expect((await app.client().post('/api/experiments/events', { events: Array.from({ length: 50 }, () => ev()) })).body).toEqual({ accepted: 50 });
  });
});

describe('conversion on the first confirmed entry', () => {
  it('converts the participant once: a second paid entry adds nothing', async () => {
    const user = await createUser(app);
    const p = (await enrol(user.client, anon())).body;
    const plan = await createPlan(app, { group_size: 3 });
    const group = await user.client.post('/api/groups', { plan_id: plan.id });
    expect(group.status, group.text).toBe(201);
    const paymentId = await payEntry(user, group.body.membership.id);

    const converted = await knex()('ab_test_participants').where({ id: p.id }).first();
    expect(converted.converted).toBe(true);
    expect(converted.converted_at).toBeTruthy();
    const conversions = await knex()('ab_test_events').where({ participant_id: p.id, event_type: 'conversion' });
    expect(conversions).toHaveLength(1);
    expect(conversions[0]).toMatchObject({ event_name: 'first_entry_paid', metadata: { payment_id: paymentId, group_id: group.body.group.id } });

    const plan2 = await createPlan(app, { group_size: 3 });
    const group2 = await user.client.post('/api/groups', { plan_id: plan2.id });
    await payEntry(user, group2.body.membership.id);
    expect(await knex()('ab_test_events').where({ participant_id: p.id, event_type: 'conversion' })).toHaveLength(1);
    expect((await knex()('ab_test_participants').where({ id: p.id }).first()).converted_at).toEqual(converted.converted_at);
  });

  it("shows in the user's LGPD export with its events", async () => {
    const user = await createUser(app);
    const p = (await enrol(user.client, anon())).body;
    await app.client().post('/api/experiments/events', { events: [{ participant_id: p.id, event_type: 'interaction', event_name: 'landing.cta_start', metadata: {} }] });
    const exported = await user.client.get('/api/me/export');
    expect(exported.status).toBe(200);
    const body = JSON.parse(exported.text);
    expect(body.experiments).toEqual([expect.objectContaining({ id: p.id, variant: 'golden', events: [expect.objectContaining({ event_name: 'landing.cta_start' })] })]);
  });
});

describe('admin reports', () => {
  it('refuse visitors (401) and non-admins (403)', async () => {
    const user = await createUser(app);
    for (const path of [`/api/admin/reports/experiments?experiment=${EXPERIMENT}`, '/api/admin/reports/analytics?from=2025-03-01&to=2025-03-31']) {
      expect((await app.client().get(path)).status, path).toBe(401);
      expect((await user.client.get(path)).status, path).toBe(403);
    }
  });

  it('GET /api/admin/reports/experiments: participants, conversions, interactions and rate per variant', async () => {
    const admin = await createUser(app, { role: 'admin' });
    const res = await admin.client.get(`/api/admin/reports/experiments?experiment=${EXPERIMENT}`);
    expect(res.status, res.text).toBe(200);
    const count = async (variant: string) => {
      const all = await knex()('ab_test_participants').where({ experiment_name: EXPERIMENT, variant });
      return { participants: all.length, conversions: all.filter((r) => r.converted).length };
    };
    for (const variant of ['golden', 'friendship']) {
      const row = res.body.variants.find((v: { variant: string }) => v.variant === variant);
      expect(row).toMatchObject(await count(variant));
      expect(row.conversion_rate).toBeCloseTo(row.conversions / row.participants, 12);
    }
    expect(res.body.variants.find((v: { variant: string }) => v.variant === 'golden').interactions).toBeGreaterThanOrEqual(52);
    expect((await admin.client.get('/api/admin/reports/experiments?experiment=outro')).status).toBe(400);
  });

  it('GET /api/admin/reports/analytics: the funnel by origin and by variant from a scripted set of users', async () => {
    const inRange = new Date('2025-03-10T12:00:00Z');
    const before = new Date('2025-02-20T12:00:00Z');
    // 10 golden visitors (3 converted) and 8 friendship (1 converted) in March; one of each in February (outside).
    const mk = async (variant: string, converted: boolean, created_at = inRange, user_id: string | null = null) =>
      (await knex()('ab_test_participants').insert({ experiment_name: EXPERIMENT, variant, anonymous_id: anon(), converted, converted_at: converted ? created_at : null, created_at, user_id }).returning('id'))[0].id as string;
    const users = { a: await createUser(app), b: await createUser(app), c: await createUser(app), d: await createUser(app), old: await createUser(app) };
    const origins: Record<string, string> = { a: 'www', b: 'www', c: 'usuario', d: 'influenciador', old: 'www' };
    for (const [k, u] of Object.entries(users)) {
      await knex()('users').where({ id: u.id }).update({ created_at: k === 'old' ? before : new Date('2025-03-05T09:00:00Z') });
      await knex()('profiles').where({ user_id: u.id }).update({ origem: origins[k] });
    }
    await mk('golden', true, inRange, users.a.id);
    await mk('golden', true, inRange, users.b.id);
    await mk('golden', true);
    for (let i = 0; i < 7; i++) await mk('golden', false);
    await mk('friendship', true, inRange, users.c.id);
    for (let i = 0; i < 7; i++) await mk('friendship', false);
    await mk('golden', true, before, users.old.id);
    await mk('friendship', false, before);
    // Entries paid: a, b, c (and the February user); a's group completed and balance paid.
    const pay = (user: TestUser, purpose: 'entry' | 'balance') =>
      knex()('payments').insert({ user_id: user.id, purpose, ref_id: randomUUID(), amount: 1_000, method: 'PIX', status: 'confirmed', provider: 'sandbox', confirmed_at: inRange });
    for (const u of [users.a, users.b, users.c, users.old]) await pay(u, 'entry');
    await pay(users.a, 'balance');
    const plan = await createPlan(app);
    await insertVoucher(knex(), plan, users.a.id);

    const admin = await createUser(app, { role: 'admin' });
    const res = await admin.client.get('/api/admin/reports/analytics?from=2025-03-01&to=2025-03-31');
    expect(res.status, res.text).toBe(200);
    const r = res.body;
    expect(r.visits_note).toMatch(/participantes do experimento criados no período/);
    expect(r.total).toMatchObject({ visits: 18, signups: 4, entries_paid: 3, groups_completed: 1, balances_paid: 1 });
    expect(r.total.overall_rates.signups).toBeCloseTo(4 / 18, 12);
    expect(r.total.step_rates.entries_paid).toBeCloseTo(3 / 4, 12);
    const origin = (key: string) => r.by_origin.find((o: { key: string }) => o.key === key);
    expect(origin('www')).toMatchObject({ visits: null, signups: 2, entries_paid: 2, groups_completed: 1, balances_paid: 1 });
    expect(origin('usuario')).toMatchObject({ signups: 1, entries_paid: 1, groups_completed: 0, balances_paid: 0 });
    expect(origin('influenciador')).toMatchObject({ signups: 1, entries_paid: 0 });
    const variant = (key: string) => r.by_variant.find((o: { key: string }) => o.key === key);
    expect(variant('golden')).toMatchObject({ visits: 10, signups: 2, entries_paid: 2, groups_completed: 1, balances_paid: 1 });
    expect(variant('friendship')).toMatchObject({ visits: 8, signups: 1, entries_paid: 1, groups_completed: 0, balances_paid: 0 });
    expect(r.variants).toEqual([
      { variant: 'golden', participants: 10, conversions: 3, conversion_rate: 0.3 },
      { variant: 'friendship', participants: 8, conversions: 1, conversion_rate: 0.125 },
    ]);
    const expected = twoProportionTest({ successes: 3, trials: 10 }, { successes: 1, trials: 8 });
    expect(r.significance).toMatchObject({ variant_a: 'golden', variant_b: 'friendship', difference: expected.difference, p_value: expected.p_value, ci_low: expected.ci_low, ci_high: expected.ci_high });
    // χ² = 0.7875, p = 0.3748571 (scipy.stats.chi2_contingency([[3, 7], [1, 7]], correction=False))
    expect(r.significance.p_value).toBeCloseTo(0.3748571, 5);

    expect((await admin.client.get('/api/admin/reports/analytics?from=2025-03-31&to=2025-03-01')).status).toBe(400);
    expect((await admin.client.get('/api/admin/reports/analytics?from=ontem')).status).toBe(400);
  });
});
