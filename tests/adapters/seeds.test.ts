// Seeds are idempotent and make believable pt-BR demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCpf } from '../../core/identity/cpf';
import { computeEntryPrice } from '../../core/catalog/entry-price';
import { resetData, runSeeds } from '../../seeds/index';
import { DEMO_ADDRESSES } from '../../seeds/addresses.data';
import { DEMO_PLAN_CATEGORIES } from '../../seeds/plans.data';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('seeds', () => {
  it('creates the admin once, demo people with valid CPFs, and the plan catalogue; a second run adds nothing', async () => {
    const first = await runSeeds(app.container);
    expect(first.adminCreated?.email).toBe('admin@turma.local');
    expect(first.adminCreated?.password.length).toBeGreaterThanOrEqual(12);
    expect(first.usersCreated).toBe(12);

    const counts = async () => {
      const [u, p, c] = await Promise.all(
        ['users', 'plans', 'plan_categories'].map((t) => app.db.knex(t).count<{ count: number }[]>('* as count').first()),
      );
      return [u?.count, p?.count, c?.count].map(Number);
    };
    const before = await counts();
    // 12 demo people, the admin, the demo influencer (influencer@turma.local, approved with code TURMA10), the demo
    // professional (profissional@turma.local, approved, three portfolio photos) and five more demo professionals.
    expect(before).toEqual([20, 8, 4]);
    const influencer = await app.db.knex('influencers as i').join('users as u', 'u.id', 'i.user_id').where('u.email', 'influencer@turma.local').first('i.status', 'i.code', 'u.role');
    expect(influencer).toMatchObject({ status: 'approved', code: 'TURMA10', role: 'influencer' });
    expect(first.demoAccounts.map((a) => a.role).sort()).toEqual([...Array(12).fill('user'), 'influencer', ...Array(6).fill('professional')].sort());
    expect(first.demoAccounts.find((a) => a.role === 'professional')?.email).toBe('profissional@turma.local');

    // Real Brazilian addresses: every demo person lives at one of the table's CEPs, with its street, district and city.
    const byCep = new Map(DEMO_ADDRESSES.map((a) => [a.cep, a]));
    const people = await app.db.knex('profiles').whereNotNull('cpf');
    for (const person of people) {
      const address = byCep.get(person.cep);
      expect(address, person.cep).toBeDefined();
      expect(person).toMatchObject({ address_street: address!.street, address_district: address!.district, address_city: address!.city, address_state: address!.state });
      expect(Math.abs(Number(person.latitude) - address!.latitude)).toBeLessThan(0.01);
    }

    // The demo professional can be found near Avenida Paulista and shows its three photos.
    const professional = await app.db.knex('professionals as p').join('users as u', 'u.id', 'p.user_id').where('u.email', 'profissional@turma.local').first('p.id', 'p.status', 'p.approved', 'u.role');
    expect(professional).toMatchObject({ status: 'approved', approved: true, role: 'professional' });
    expect(await app.db.knex('professional_photos').where({ professional_id: professional.id })).toHaveLength(3);
    const nearby = await app.client().get('/api/professionals/nearby?lat=-23.5614&lng=-46.6559&radius_km=5');
    expect(nearby.status, JSON.stringify(nearby.body)).toBe(200);
    expect(nearby.body.items.map((p: { id: string }) => p.id)).toContain(professional.id);

    // Every seeded service plan's voucher has a counter: from every demo address, the default 50 km search finds an
    // approved professional of every service category.
    const serviceCategories = DEMO_PLAN_CATEGORIES.filter((c) => c.kind === 'service').map((c) => c.slug);
    for (const address of DEMO_ADDRESSES) {
      for (const category of serviceCategories) {
        const found = await app.client().get(`/api/professionals/nearby?lat=${address.latitude}&lng=${address.longitude}&category=${category}`);
        expect(found.body.total, `${category} near ${address.cep}`).toBeGreaterThan(0);
      }
    }

    // Every demo account accepted the terms and privacy versions in force: no re-consent notice on a demo sign-in.
    const documents = await app.db.knex('legal_documents').where('published_at', '<=', new Date());
    expect(new Set(documents.map((d) => d.kind))).toEqual(new Set(['terms', 'privacy']));
    const acceptances = () => app.db.knex('legal_acceptances as a').join('users as u', 'u.id', 'a.user_id').select('u.email', 'a.kind', 'a.ip_hash');
    const accepted = await acceptances();
    expect(accepted).toHaveLength(first.demoAccounts.length * 2);
    expect(new Set(accepted.map((a) => a.email))).toEqual(new Set(first.demoAccounts.map((a) => a.email)));
    expect(accepted.every((a) => a.ip_hash === null)).toBe(true);
    const demo = app.client();
    expect((await demo.post('/api/auth/login', { email: 'profissional@turma.local', password: 'demo12345' })).status).toBe(200);
    expect((await demo.get('/api/me/legal')).body.pending).toEqual([]);

    const second = await runSeeds(app.container);
    expect(await acceptances()).toHaveLength(accepted.length);
    expect(second.adminCreated).toBeNull();
    expect(second.usersCreated).toBe(0);
    expect(second.demoAccounts).toEqual([]);
    expect(await counts()).toEqual(before);

    const profiles = await app.db.knex('profiles').whereNotNull('cpf');
    expect(profiles).toHaveLength(12);
    for (const p of profiles) expect(isValidCpf(p.cpf)).toBe(true);

    const plans = await app.db.knex('plans');
    for (const plan of plans) expect(plan.entry_price).toBe(computeEntryPrice(plan.price));

    // The new admin can sign in with the printed password.
    const login = await app.client().post('/api/auth/login', { email: first.adminCreated!.email, password: first.adminCreated!.password });
    expect(login.status).toBe(200);
  });

  it('the public catalogue shows the seeded plans with the 10% entry (SPEC §3)', async () => {
    const res = await app.client().get('/api/plans?per_page=100');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(8);
    const tattoo = res.body.items.find((p: { slug: string }) => p.slug === 'tatuagem-fineline-10cm');
    expect(tattoo).toMatchObject({ price: 42_000, full_price: 65_000, entry_price: 4_200, group_size: 5, category: { slug: 'tatuagem', name: 'Tatuagem' } });
    const services = await app.client().get('/api/plans?kind=service&per_page=100');
    expect(services.body.items.every((p: { kind: string }) => p.kind === 'service')).toBe(true);
    expect(services.body.total).toBe(6);
    const byCategory = await app.client().get('/api/plans?category=produtos');
    expect(byCategory.body.total).toBe(2);
    const one = await app.client().get(`/api/plans/${tattoo.id}`);
    expect(one.body.id).toBe(tattoo.id);
    expect((await app.client().get('/api/plans/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const bad = await app.client().get('/api/plans?per_page=1000');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.per_page).toBe('Itens por página deve ser um número inteiro entre 1 e 100');
    const categories = await app.client().get('/api/plan-categories');
    expect(categories.body.items.map((c: { slug: string }) => c.slug)).toEqual(['tatuagem', 'odontologia', 'estetica', 'produtos']);
  });

  it('the database itself refuses an entry price that is not 10% of the price', async () => {
    const [category] = await app.db.knex('plan_categories').limit(1);
    await expect(
      app.db.knex('plans').insert({ slug: 'errado', name: 'Errado', kind: 'service', category_id: category.id, price: 10_000, full_price: 10_000, entry_price: 999 }),
    ).rejects.toThrow(/plans_entry_price_check/);
  });

  it('reset empties every table but keeps the schema', async () => {
    await resetData(app.container);
    const users = await app.db.knex('users').count<{ count: number }[]>('* as count').first();
    expect(Number(users?.count)).toBe(0);
    const again = await runSeeds(app.container, { demoUsers: false });
    expect(again.adminCreated).not.toBeNull();
    expect(again.usersCreated).toBe(0);
  });
});
