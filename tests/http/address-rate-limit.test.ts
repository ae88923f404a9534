// The public address lookups (GET /api/cep/:cep, GET /api/geocode) are limited per IP, since each may call ViaCEP or
// Nominatim: past ADDRESS_LOOKUP_LIMIT in 5 minutes a 429 in pt-BR (en-US on request) with Retry-After (docs/api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { nominatim, startNominatimFake, type NominatimFake } from '../fakes/nominatim.fake';
import { createTestApp, type TestApp } from '../support/test-app';

const LIMIT = 3;
let viacep: ViaCepFake;
let osm: NominatimFake;
let app: TestApp;

beforeAll(async () => {
  [viacep, osm] = await Promise.all([startViaCepFake(), startNominatimFake()]);
  app = await createTestApp({ env: { VIACEP_URL: `${viacep.url}/`, NOMINATIM_URL: osm.url, ADDRESS_LOOKUP_LIMIT: String(LIMIT) } });
  viacep.set('01310100', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
  osm.set({ city: 'São Paulo', street: 'Avenida Paulista' }, nominatim.found('-23.5614', '-46.6559'));
  osm.set({ city: 'Campinas', street: '' }, nominatim.found('-22.9056', '-47.0608'));
});
afterAll(async () => {
  await app?.close();
  await Promise.all([viacep?.close(), osm?.close()]);
});

describe('GET /api/cep/:cep — per-IP limit', () => {
  it(`answers the first ${LIMIT} lookups, then 429 with Retry-After and a pt-BR message, without calling ViaCEP`, async () => {
    const client = app.client();
    for (let i = 0; i < LIMIT; i++) expect((await client.get('/api/cep/01310100')).status).toBe(200);
    const calls = viacep.requests.length;
    const res = await client.get('/api/cep/01310100');
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      error: { code: 'rate_limited', message: 'Muitas consultas de CEP em pouco tempo. Aguarde um pouco e tente de novo.' },
    });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(viacep.requests.length).toBe(calls);

    const english = await client.get('/api/cep/01310100', { 'accept-language': 'en-US' });
    expect(english.status).toBe(429);
    expect(english.body.error.message).toBe('Too many CEP lookups in a short time. Wait a moment and try again.');
  });

  it('counts each address on its own: another IP still gets its answer', async () => {
    expect((await app.client().get('/api/cep/01310100')).status).toBe(200);
  });
});

describe('GET /api/geocode — per-IP limit, counted apart from the CEP lookups', () => {
  it(`answers the first ${LIMIT} searches, then 429 with Retry-After`, async () => {
    const client = app.client();
    // A CEP lookup from the same address does not use up its city searches.
    expect((await client.get('/api/cep/01310100')).status).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await client.get('/api/geocode?city=Campinas&state=SP')).status).toBe(200);
    const res = await client.get('/api/geocode?city=Campinas&state=SP');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatchObject({ code: 'rate_limited', message: 'Muitas buscas de cidade em pouco tempo. Aguarde um pouco e tente de novo.' });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
