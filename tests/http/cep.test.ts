// GET /api/cep/:cep and GET /api/geocode through the real server, container and database, with ViaCEP and Nominatim
// replaced by local fakes (docs/api.md; docs/product/spec.md §3 "CEP address result", §7 External, §8 "CEP lookup returns nothing on …").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ViaCepAddressLookup } from '../../adapters/geo/viacep.lookup';
import { NominatimGeocoder } from '../../adapters/geo/nominatim.geocoder';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { nominatim, startNominatimFake, type NominatimFake } from '../fakes/nominatim.fake';
import { createTestApp, type TestApp } from '../support/test-app';

const NOT_FOUND = {
  error: { code: 'cep_not_found', message: 'CEP não encontrado. Confira o número ou preencha o endereço manualmente.' },
};
const UNAVAILABLE = {
  error: {
    code: 'cep_lookup_unavailable',
    message: 'O serviço de consulta de CEP está fora do ar agora. Preencha o endereço manualmente ou tente de novo em instantes.',
  },
};
const SE = { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' };

let viacep: ViaCepFake;
let osm: NominatimFake;
/** Wired only through configuration (VIACEP_URL, NOMINATIM_URL), default timeouts. */
let app: TestApp;
/** The same container with the real clients swapped in with short timeouts, to prove a hang answers fast. */
let fastApp: TestApp;
/** fastApp's clients reach a closed port instead (connection refused), as in the browser tests, while this is on. */
let refuse = false;
const refusingFetch: typeof fetch = (input, init) => fetch(refuse ? String(input).replace(/^http:\/\/127\.0\.0\.1:\d+/, 'http://127.0.0.1:9') : input, init);

beforeAll(async () => {
  [viacep, osm] = await Promise.all([startViaCepFake(), startNominatimFake()]);
  const env = { VIACEP_URL: `${viacep.url}/`, NOMINATIM_URL: osm.url };
  const userAgent = turmaUserAgent('http://127.0.0.1');
  [app, fastApp] = await Promise.all([
    createTestApp({ env }),
    createTestApp({
      env,
      overrides: {
        addressLookup: new ViaCepAddressLookup({ baseUrl: viacep.url, userAgent, timeoutMs: 300, fetch: refusingFetch }),
        geocoder: new NominatimGeocoder({ baseUrl: osm.url, userAgent, timeoutMs: 300, fetch: refusingFetch }),
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([app?.close(), fastApp?.close()]);
  await Promise.all([viacep?.close(), osm?.close()]);
});
beforeEach(() => {
  refuse = false;
  viacep.reset();
  osm.reset();
});

async function timedGet(target: TestApp, path: string) {
  const start = performance.now();
  const res = await target.client().get(path);
  return { res, ms: performance.now() - start };
}

describe('GET /api/cep/:cep — found', () => {
  it('answers the SPEC §3 result with numeric coordinates, cacheable for a day', async () => {
    viacep.set('01001000', viaCep.found(SE));
    osm.set({ city: 'São Paulo', street: 'Praça da Sé' }, nominatim.found('-23.5503', '-46.6339'));
    const res = await app.client().get('/api/cep/01001-000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cep: '01001000',
      street: 'Praça da Sé',
      district: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      latitude: -23.5503,
      longitude: -46.6339,
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    // Both services were reached through the configured URLs, introducing the app by name with a contact.
    expect(viacep.requests.map((r) => r.path)).toEqual(['/ws/01001000/json/']);
    expect(osm.searches()).toHaveLength(1);
    for (const req of [...viacep.requests, ...osm.searches()]) {
      expect(req.headers['user-agent']).toBe('Turma/0.1 (+http://127.0.0.1; contato: suporte@turma.com.br)');
    }
    expect(osm.searches()[0]?.query).toMatchObject({ street: 'Praça da Sé', city: 'São Paulo', state: 'SP', countrycodes: 'br', limit: '1' });

    // Served from address_cache the second time: neither service is asked again.
    const again = await app.client().get('/api/cep/01001000');
    expect(again.body).toEqual(res.body);
    expect(viacep.requests).toHaveLength(1);
    expect(osm.searches()).toHaveLength(1);
  });

  it('still answers 200 with null coordinates when Nominatim fails', async () => {
    viacep.set('20040002', viaCep.found({ logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' }));
    osm.set({ city: 'Rio de Janeiro' }, nominatim.status(500));
    const res = await app.client().get('/api/cep/20040002');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cep: '20040002', street: 'Avenida Rio Branco', city: 'Rio de Janeiro', latitude: null, longitude: null });
    expect(osm.searches()).toHaveLength(1);
  });

  it('answers a "CEP geral" city (no street) geocoded by the city', async () => {
    viacep.set('78175000', viaCep.found({ logradouro: '', bairro: '', localidade: 'Poconé', uf: 'MT' }));
    osm.set({ city: 'Poconé' }, nominatim.found('-16.2566', '-56.6228'));
    const res = await app.client().get('/api/cep/78175000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ cep: '78175000', street: '', district: '', city: 'Poconé', state: 'MT', latitude: -16.2566, longitude: -56.6228 });
  });
});

describe('GET /api/cep/:cep — SPEC §8: returns nothing (404 cep_not_found) when there is no such CEP …', () => {
  it.each([
    ['7 digits', '0100100'],
    ['9 digits', '010010001'],
    ['letters only', 'abcdefgh'],
  ])('invalid length: %s, without asking ViaCEP', async (_name, cep) => {
    const res = await app.client().get(`/api/cep/${cep}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(viacep.requests).toHaveLength(0);
  });

  it.each([
    ['the string "true"', 'true'],
    ['the boolean true', true],
  ] as const)('a not-found result: erro as %s', async (_name, value) => {
    viacep.set('99999999', viaCep.erro(value));
    const res = await app.client().get('/api/cep/99999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect(osm.searches()).toHaveLength(0);
  });

  it('both street and city empty, without geocoding', async () => {
    viacep.set('01000000', viaCep.emptyStreetAndCity());
    const res = await app.client().get('/api/cep/01000000');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
    expect(viacep.requests).toHaveLength(1);
    expect(osm.searches()).toHaveLength(0);
  });

});

describe('GET /api/cep/:cep — … and 503 cep_lookup_unavailable when ViaCEP is down (an outage is not a typo)', () => {
  it('an HTTP failure (500), quickly, not cached by anyone', async () => {
    viacep.set('01311000', viaCep.status(500));
    const { res, ms } = await timedGet(app, '/api/cep/01311000');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('retry-after')).toBe('30');
    expect(ms).toBeLessThan(2_000);
    expect(viacep.requests).toHaveLength(2); // one retry for an idempotent GET, then give up
    // Not remembered as "no such CEP": once ViaCEP is back the same CEP is found.
    viacep.set('01311000', viaCep.found({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
    expect((await app.client().get('/api/cep/01311000')).status).toBe(200);
  });

  it('a body that is not JSON', async () => {
    viacep.set('01310200', viaCep.invalidJson());
    const res = await app.client().get('/api/cep/01310200');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
  });

  it('ViaCEP never answering: 503 within the configured timeout, not a hung request', async () => {
    viacep.set('04538133', viaCep.hang());
    const { res, ms } = await timedGet(fastApp, '/api/cep/04538-133');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
    expect(ms).toBeLessThan(1_500);
    expect(viacep.requests).toHaveLength(1);
  });

  it('ViaCEP unreachable (connection refused): Avenida Paulista is not "not found"', async () => {
    refuse = true;
    const res = await fastApp.client().get('/api/cep/01310100');
    expect(res.status).toBe(503);
    expect(res.body).toEqual(UNAVAILABLE);
  });

  it('speaks English to an en-US client, with the same code', async () => {
    refuse = true;
    const res = await fastApp.client().get('/api/cep/01310100', { 'accept-language': 'en-US' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('cep_lookup_unavailable');
    expect(res.body.error.message).toBe('The CEP lookup service is down right now. Fill in the address by hand or try again in a moment.');
    const missing = await app.client().get('/api/cep/0100100', { 'accept-language': 'en-US,en;q=0.9' });
    expect(missing.body.error).toEqual({ code: 'cep_not_found', message: 'CEP not found. Check the number or fill in the address by hand.' });
  });
});

describe('GET /api/cep/:cep — Nominatim never answering', () => {
  it('answers 200 with null coordinates within the configured timeout', async () => {
    viacep.set('30130010', viaCep.found({ logradouro: 'Praça Sete de Setembro', bairro: 'Centro', localidade: 'Belo Horizonte', uf: 'MG' }));
    osm.set({ city: 'Belo Horizonte' }, nominatim.hang());
    const { res, ms } = await timedGet(fastApp, '/api/cep/30130010');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: 'Belo Horizonte', latitude: null, longitude: null });
    // The 1 request/second spacer may hold the call up to a second after the previous test's request.
    expect(ms).toBeLessThan(2_000);
  });
});

describe('GET /api/geocode — a city as a search origin', () => {
  it('answers the city centre (city only, no street), cacheable for a day', async () => {
    osm.set({ city: 'Campinas' }, nominatim.found('-22.9056', '-47.0608'));
    const res = await app.client().get('/api/geocode?city=Campinas&state=sp');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ latitude: -22.9056, longitude: -47.0608 });
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(osm.searches()[0]?.query).toMatchObject({ city: 'Campinas', state: 'SP', countrycodes: 'br' });
    expect(osm.searches()[0]?.query).not.toHaveProperty('street');
  });

  it('404 place_not_found when the map service knows no such city', async () => {
    const res = await app.client().get('/api/geocode?city=Atl%C3%A2ntida%20Perdida&state=SP');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'place_not_found', message: 'Não encontramos esta cidade. Confira o nome e a UF.' } });
  });

  it('503 geocoder_unavailable when the map service is down (never "not found")', async () => {
    refuse = true;
    const res = await fastApp.client().get('/api/geocode?city=Santos&state=SP');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: { code: 'geocoder_unavailable', message: 'O serviço de mapas está fora do ar agora. Use sua localização ou tente de novo em instantes.' },
    });
  });

  it('400 with pt-BR field messages for a missing city or an unknown UF, without asking Nominatim', async () => {
    const res = await app.client().get('/api/geocode?city=%20&state=XX');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_input');
    expect(res.body.error.fields).toEqual({ city: 'Informe a cidade', state: 'UF inválida' });
    expect(osm.searches()).toHaveLength(0);
  });
});
