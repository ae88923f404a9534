// The pin by hand over HTTP: sign-up and PUT /api/me/professional/location check the pin against Brazil and the CEP's
// city centre (a far pin is asked about, then kept when confirmed), in pt-BR or en-US; the nearby search finds the
// professional at the new position straight away. The CEP and geocoding services are in-process fakes of their ports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressLookup, Geocoder } from '../../core/ports/address-lookup';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, professionalApplication } from '../support/factories';

const CAMPINAS = { latitude: -22.9056, longitude: -47.0608 };
const PAULISTA = { latitude: -23.5614, longitude: -46.6559 };
// Inside the schema's rough box (latitude −34 to 6, longitude −74 to −32) but not in Brazil: the outline decides.
const ASUNCION = { latitude: -25.28, longitude: -57.63 };

const addressLookup: AddressLookup = {
  lookupCep: async (cep) =>
    cep === '13010000' ? { status: 'found', value: { cep, street: 'Rua Barão de Jaguara', district: 'Centro', city: 'Campinas', state: 'SP' } } : { status: 'failed', reason: 'fora do ar' },
};
// The city alone is known (the street-level search finds nothing, so the CEP gives no coordinates of its own).
const geocoder: Geocoder = {
  geocode: async (q) => (q.city === 'Campinas' && q.street === '' ? { status: 'found', value: CAMPINAS } : { status: 'not_found' }),
};

let app: TestApp;
let category: string;
beforeAll(async () => {
  app = await createTestApp({ overrides: { addressLookup, geocoder } });
  const plan = await createPlan(app);
  category = (await app.db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug')).slug as string;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const apply = (user: Awaited<ReturnType<typeof createUser>>, pin: object, headers?: Record<string, string>) =>
  user.client.post('/api/professionals/applications', professionalApplication(category, { cep: '13010-000', ...pin }), headers);

describe('the pin at sign-up', () => {
  it('keeps a pin near the CEP city, asks about a far one until confirmed, refuses one outside Brazil', async () => {
    const near = await createUser(app);
    expect((await apply(near, { latitude: -22.91, longitude: -47.07 })).status).toBe(201);

    const far = await createUser(app);
    const asked = await apply(far, PAULISTA);
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({ code: 'pin_far_from_city', message: 'O ponto está a 84 km de Campinas. Confirmar mesmo assim?', distance_km: 83.8, city: 'Campinas' });
    expect((await apply(far, PAULISTA, { 'Accept-Language': 'en-US' })).body.error.message).toBe('The point is 84 km from Campinas. Confirm anyway?');
    const confirmed = await apply(far, { ...PAULISTA, pin_confirmed: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect((await far.client.get('/api/me/professional')).body).toMatchObject({ latitude: PAULISTA.latitude, address_city: 'Campinas' });

    const abroad = await createUser(app);
    const refused = await apply(abroad, { ...ASUNCION, pin_confirmed: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'pin_outside_brazil', fields: { latitude: 'Posição fora do Brasil' } });
  });
});

describe('PUT /api/me/professional/location', () => {
  it('the owner moves the pin; the nearby search finds them there at once and no longer at the old place', async () => {
    const pro = await createUser(app);
    const applied = await apply(pro, { latitude: -22.91, longitude: -47.07 });
    await app.db.knex('professionals').where({ id: applied.body.id }).update({ status: 'approved', approved: true });
    const nearby = async (at: { latitude: number; longitude: number }) =>
      ((await app.client().get(`/api/professionals/nearby?lat=${at.latitude}&lng=${at.longitude}&radius_km=5&category=${category}`)).body as { items: { id: string }[] }).items.map((p) => p.id);
    expect(await nearby({ latitude: -22.91, longitude: -47.07 })).toContain(applied.body.id);

    const moved = await pro.client.request('PUT', '/api/me/professional/location', { latitude: -22.85, longitude: -47.05 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id: applied.body.id, latitude: -22.85, longitude: -47.05, address_street: 'Rua Barão de Jaguara', address_number: '1000' });
    expect(await nearby({ latitude: -22.85, longitude: -47.05 })).toContain(applied.body.id);
    expect(await nearby({ latitude: -22.91, longitude: -47.07 })).not.toContain(applied.body.id);
    const audit = await app.db.knex('audit_logs').where({ action: 'professional.pin_moved', entity_id: applied.body.id }).first();
    expect(audit.metadata).toMatchObject({ to: [-22.85, -47.05], confirmed: false });

    // Far from Campinas: asked (pt-BR, en-US), kept once confirmed.
    const far = await pro.client.request('PUT', '/api/me/professional/location', PAULISTA);
    expect(far.status).toBe(409);
    expect(far.body.error).toMatchObject({ code: 'pin_far_from_city', distance_km: 83.8, city: 'Campinas' });
    const english = await pro.client.request('PUT', '/api/me/professional/location', PAULISTA, { 'Accept-Language': 'en-US' });
    expect(english.body.error.message).toBe('The point is 84 km from Campinas. Confirm anyway?');
    expect((await pro.client.request('PUT', '/api/me/professional/location', { ...PAULISTA, pin_confirmed: true })).status).toBe(200);
    expect(await nearby(PAULISTA)).toContain(applied.body.id);

    // Outside Brazil, or not numbers: refused in the reader's language; the PATCH route follows the same rule.
    const abroad = await pro.client.request('PUT', '/api/me/professional/location', { ...ASUNCION, pin_confirmed: true }, { 'Accept-Language': 'en-US' });
    expect(abroad.status).toBe(400);
    expect(abroad.body.error).toMatchObject({ code: 'pin_outside_brazil', message: 'The point is outside Brazil. Drag the marker to where you work.' });
    const bad = await pro.client.request('PUT', '/api/me/professional/location', { latitude: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('latitude');
    expect(bad.body.error.fields).toHaveProperty('longitude');
    expect((await pro.client.request('PATCH', '/api/me/professional', ASUNCION)).body.error).toMatchObject({ code: 'pin_outside_brazil' });
    expect((await pro.client.get('/api/me/professional')).body).toMatchObject(PAULISTA);
  });

  it('needs a signed-in professional: 401 without a session, 404 without an application', async () => {
    expect((await app.client().request('PUT', '/api/me/professional/location', CAMPINAS)).status).toBe(401);
    const plain = await createUser(app);
    const missing = await plain.client.request('PUT', '/api/me/professional/location', CAMPINAS);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('professional_not_found');
  });
});
