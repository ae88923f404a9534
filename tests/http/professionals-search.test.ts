// What the customer-facing search needs from the API: each nearby result carries where it is (the map's
// marker), and the public profile carries the business address (shown with its map); only approved professionals
// have a public profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, insertProfessional } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const insert = (category: string, over: { status?: string; latitude: number; longitude: number }) => insertProfessional(app, category, over);

describe('nearby results and public profiles for the map', () => {
  it('a nearby result has its coordinates; the public profile its business address; others are 404', async () => {
    const plan = await createPlan(app);
    const { slug: category } = await app.db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const id = await insert(category, { latitude: -23.5614, longitude: -46.6559 });
    const pending = await insert(category, { status: 'pending', latitude: -23.5615, longitude: -46.656 });

    const res = await app.client().get(`/api/professionals/nearby?lat=-23.55&lng=-46.65&category=${category}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ id, latitude: -23.5614, longitude: -46.6559, business_name: 'Estúdio Mapa' });

    const profile = await app.client().get(`/api/professionals/${id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ street: 'Avenida Paulista', number: '1578', district: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.5614, longitude: -46.6559 });

    for (const other of [pending, '00000000-0000-4000-8000-000000000000', 'nao-e-um-id']) {
      const missing = await app.client().get(`/api/professionals/${other}`);
      expect(missing.status, other).toBe(404);
      expect(missing.body.error.message).toBe('Profissional não encontrado.');
    }
  });
});
