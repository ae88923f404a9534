// The real ViaCEP and Nominatim clients against local fakes speaking their protocols, and the database cache
// in front of them (docs/integrations.md; docs/product/spec.md §7 External, §8).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FixedClock } from '../../core/shared/clock';
import type { Logger } from '../../adapters/logger';
import { ViaCepAddressLookup } from '../../adapters/geo/viacep.lookup';
import { NominatimGeocoder, RequestSpacer, nominatimSpacer } from '../../adapters/geo/nominatim.geocoder';
import {
  ADDRESS_CACHE_FOUND_TTL_MS,
  ADDRESS_CACHE_NOT_FOUND_TTL_MS,
  CachedAddressLookup,
  CachedGeocoder,
  geocodeCacheKey,
} from '../../adapters/geo/cached-address';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import { startViaCepFake, viaCep, type ViaCepFake } from '../fakes/viacep.fake';
import { nominatim, startNominatimFake, type NominatimFake } from '../fakes/nominatim.fake';
import { ManualTimer } from '../support/manual-timer';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

const DAY = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 300;
const UA = turmaUserAgent('https://turma.example');
const SE = { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' };
const PAULISTA = { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' };
const SP_QUERY = { street: 'Praça da Sé', city: 'São Paulo', state: 'SP', country: 'Brasil' };

let viacep: ViaCepFake;
let osm: NominatimFake;
let db: TestDatabase;

beforeAll(async () => {
  [viacep, osm, db] = await Promise.all([startViaCepFake(), startNominatimFake(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([viacep?.close(), osm?.close(), db?.destroy()]);
});
beforeEach(async () => {
  viacep.reset();
  osm.reset();
  await db.knex('address_cache').del();
});

const fakeLogger = () => ({ warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() }) as unknown as Logger & { warn: ReturnType<typeof vi.fn> };

const viaCepClient = (extra: Partial<ConstructorParameters<typeof ViaCepAddressLookup>[0]> = {}) =>
  new ViaCepAddressLookup({ baseUrl: viacep.url, userAgent: UA, timeoutMs: TIMEOUT_MS, retryDelayMs: 10, ...extra });

const nominatimClient = (extra: Partial<ConstructorParameters<typeof NominatimGeocoder>[0]> = {}) =>
  new NominatimGeocoder({ baseUrl: osm.url, userAgent: UA, timeoutMs: TIMEOUT_MS, spacer: new RequestSpacer(0), ...extra });

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

describe('ViaCEP client (docs/integrations.md#viacep)', () => {
  it('GETs /ws/{cep}/json/ with an identifying User-Agent and maps logradouro, bairro, localidade, uf', async () => {
    viacep.set('01001000', viaCep.found(SE));
    const result = await viaCepClient().lookupCep('01001000');
    expect(result).toEqual({
      status: 'found',
      value: { cep: '01001000', street: 'Praça da Sé', district: 'Sé', city: 'São Paulo', state: 'SP' },
    });
    expect(viacep.requests).toHaveLength(1);
    const [req] = viacep.requests;
    expect(req?.path).toBe('/ws/01001000/json/');
    expect(req?.method).toBe('GET');
    expect(req?.headers['user-agent']).toBe('Turma/0.1 (+https://turma.example; contato: suporte@turma.com.br)');
    expect(req?.headers.accept).toBe('application/json');
  });

  it.each([
    ['the string "true" (observed 2022 and 2026)', 'true'],
    ['the boolean true (older answers)', true],
  ] as const)('not found: 200 with erro as %s → not_found, not retried', async (_name, value) => {
    viacep.set('99999999', viaCep.erro(value));
    expect(await viaCepClient().lookupCep('99999999')).toEqual({ status: 'not_found' });
    expect(viacep.requests).toHaveLength(1); // no retry for an answer
  });

  it.each([400, 404])('HTTP %i → not_found, no retry', async (status) => {
    viacep.set('12345678', viaCep.status(status, '<h3>Http 400</h3>'));
    expect(await viaCepClient().lookupCep('12345678')).toEqual({ status: 'not_found' });
    expect(viacep.requests).toHaveLength(1);
  });

  it.each(['0100100', '010010001', '0100-100', 'abcdefgh'])('a malformed CEP %j is refused locally, never sent', async (cep) => {
    expect(await viaCepClient().lookupCep(cep)).toEqual({ status: 'not_found' });
    expect(viacep.requests).toHaveLength(0);
  });

  it('HTTP 500 is retried once, then failed (an outage, not a not-found) and logged', async () => {
    viacep.set('01001000', viaCep.status(500, 'Internal Server Error'));
    const logger = fakeLogger();
    const client = viaCepClient({ logger });
    const result = await client.lookupCep('01001000');
    expect(result).toEqual({ status: 'failed', reason: 'HTTP 500' });
    expect(viacep.requests).toHaveLength(2);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ service: 'viacep', reason: 'HTTP 500' }), expect.any(String));
  });

  it('a 5xx followed by an answer succeeds on the retry', async () => {
    viacep.set('01001000', viaCep.status(503), viaCep.found(SE));
    expect(await viaCepClient().lookupCep('01001000')).toMatchObject({ status: 'found', value: { street: 'Praça da Sé' } });
    expect(viacep.requests).toHaveLength(2);
  });

  it.each([403, 429])('HTTP %i (blocked, rate limited) → failed, not retried', async (status) => {
    viacep.set('01001000', viaCep.status(status));
    expect(await viaCepClient().lookupCep('01001000')).toEqual({ status: 'failed', reason: `HTTP ${status}` });
    expect(viacep.requests).toHaveLength(1);
  });

  it('a server that never answers → failed within the configured timeout, not retried', async () => {
    viacep.set('01001000', viaCep.hang());
    const logger = fakeLogger();
    const [result, ms] = await timed(() => viaCepClient({ logger }).lookupCep('01001000'));
    expect(result).toEqual({ status: 'failed', reason: 'tempo esgotado' });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(TIMEOUT_MS + 400);
    expect(viacep.requests).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it('a body that is not JSON → failed', async () => {
    viacep.set('01001000', viaCep.status(200, '<html>manutenção</html>'));
    expect(await viaCepClient().lookupCep('01001000')).toMatchObject({ status: 'failed' });
  });

  it.each([
    ['cut-off JSON', viaCep.invalidJson()],
    ['a JSON list', viaCep.status(200, '[]', 'application/json')],
    ['JSON null', viaCep.status(200, 'null', 'application/json')],
  ])('garbage with a JSON content type (%s) → failed, never not_found', async (_name, behaviour) => {
    viacep.set('01310100', behaviour);
    expect(await viaCepClient().lookupCep('01310100')).toMatchObject({ status: 'failed' });
  });

  it('a refused connection is retried once, then failed', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const calls: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const client = viaCepClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: countingFetch });
    const result = await client.lookupCep('01001000');
    expect(result).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^erro de rede/) });
    expect(calls).toHaveLength(2);
  });
});

describe('Nominatim client (docs/integrations.md#nominatim)', () => {
  it('structured search: street, city, state, countrycodes=br, format=jsonv2, limit=1; never q; lat/lon strings → numbers', async () => {
    osm.set({ city: 'São Paulo', street: 'Praça da Sé' }, nominatim.found('-23.5503', '-46.6339'));
    const result = await nominatimClient().geocode(SP_QUERY);
    expect(result).toEqual({ status: 'found', value: { latitude: -23.5503, longitude: -46.6339 } });
    const [req] = osm.searches();
    expect(req?.query).toEqual({
      street: 'Praça da Sé',
      city: 'São Paulo',
      state: 'SP',
      countrycodes: 'br',
      format: 'jsonv2',
      limit: '1',
      'accept-language': 'pt-BR',
    });
    expect(req?.headers['user-agent']).toBe(UA);
    expect(req?.headers['user-agent']).toMatch(/^Turma\/.*contato: suporte@turma\.com\.br/);
  });

  it('a city-wide query (no street) leaves street out', async () => {
    osm.set({ city: 'Poconé' }, nominatim.found('-16.2566', '-56.6228'));
    const result = await nominatimClient().geocode({ street: '', city: 'Poconé', state: 'MT', country: 'Brasil' });
    expect(result).toEqual({ status: 'found', value: { latitude: -16.2566, longitude: -56.6228 } });
    expect(osm.searches()[0]?.query).not.toHaveProperty('street');
  });

  it('200 [] → not_found', async () => {
    expect(await nominatimClient().geocode(SP_QUERY)).toEqual({ status: 'not_found' });
    expect(osm.searches()).toHaveLength(1);
  });

  it.each([
    ['HTTP 500', nominatim.status(500), 'HTTP 500'],
    ['HTTP 400 {"error": …}', nominatim.status(400, { error: { code: 400, message: 'bad' } }), 'HTTP 400'],
    ['HTTP 429', nominatim.status(429), 'HTTP 429'],
    ['latitude out of range', nominatim.found('123.4', '-46.6'), 'coordenadas inválidas na resposta'],
    ['lat/lon not numbers', nominatim.found('abc', '-46.6'), 'coordenadas inválidas na resposta'],
  ])('%s → failed, tried once, logged', async (_name, behaviour, reason) => {
    osm.set({ city: 'São Paulo' }, behaviour);
    const logger = fakeLogger();
    const client = nominatimClient({ logger });
    expect(await client.geocode(SP_QUERY)).toEqual({ status: 'failed', reason });
    expect(osm.searches()).toHaveLength(1);
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ service: 'nominatim', reason }), expect.any(String));
  });

  it('a server that never answers → failed within the configured timeout', async () => {
    osm.set({ city: 'São Paulo' }, nominatim.hang());
    const [result, ms] = await timed(() => nominatimClient().geocode(SP_QUERY));
    expect(result).toEqual({ status: 'failed', reason: 'tempo esgotado' });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(TIMEOUT_MS + 400);
  });

  it('the fake refuses a stock User-Agent, as the usage policy does (so the UA assertion above means something)', async () => {
    const res = await fetch(`${osm.url}/search?city=x&format=jsonv2`);
    expect(res.status).toBe(403);
  });

  it('at most 1 request per second across the whole process: clients share one spacer by default', async () => {
    expect(nominatimSpacer.intervalMs).toBe(1000);
    osm.set({ city: 'São Paulo' }, nominatim.found('-23.55', '-46.63'));
    // No `spacer` option: both use the process-wide one, as the container's client does (its spacing is below).
    const schedule = vi.spyOn(nominatimSpacer, 'schedule').mockImplementation((task) => task());
    try {
      const a = new NominatimGeocoder({ baseUrl: osm.url, userAgent: UA, timeoutMs: 2000 });
      const b = new NominatimGeocoder({ baseUrl: osm.url, userAgent: UA, timeoutMs: 2000 });
      const results = await Promise.all([a.geocode(SP_QUERY), b.geocode({ ...SP_QUERY, street: 'Rua Direita' })]);
      expect(results.every((r) => r.status === 'found' && r.value.latitude === -23.55)).toBe(true);
      expect(schedule).toHaveBeenCalledTimes(2);
    } finally {
      schedule.mockRestore();
    }
  });

  it('the spacer starts the second request 1 s after the first, not before (a manual clock, no real second)', async () => {
    osm.set({ city: 'São Paulo' }, nominatim.found('-23.55', '-46.63'));
    const timer = new ManualTimer();
    const spacer = new RequestSpacer(1000, timer);
    const results = Promise.all([nominatimClient({ spacer }).geocode(SP_QUERY), nominatimClient({ spacer }).geocode({ ...SP_QUERY, street: 'Rua Direita' })]);
    // The first has been answered and the second waits for its turn at t = 1000 ms.
    await vi.waitFor(() => expect(timer.due).toContain(1000));
    expect(osm.searches()).toHaveLength(1);
    await timer.advance(999);
    expect(osm.searches()).toHaveLength(1);
    await timer.advance(1);
    expect((await results).every((r) => r.status === 'found' && r.value.latitude === -23.55)).toBe(true);
    expect(osm.searches()).toHaveLength(2);
  });

  it('a caller that would wait longer than maxQueueMs for its slot gives up at maxQueueMs without spending one', async () => {
    osm.set({ city: 'São Paulo' }, nominatim.found('-23.55', '-46.63'));
    const timer = new ManualTimer();
    const client = nominatimClient({ spacer: new RequestSpacer(600, timer), maxQueueMs: 150 });
    const first = client.geocode(SP_QUERY);
    const second = client.geocode({ ...SP_QUERY, street: 'Rua Direita' });
    expect((await first).status).toBe('found');
    await vi.waitFor(() => expect(timer.due).toEqual([150, 600])); // its deadline, and its turn
    await timer.advance(150);
    expect(await second).toEqual({ status: 'failed', reason: 'fila do limite de 1 req/s cheia' });
    await timer.advance(450); // the turn it gave up comes round
    expect(osm.searches()).toHaveLength(1); // the abandoned place never ran
    // The queue is not stuck after an abandoned place.
    expect(await client.geocode(SP_QUERY)).toEqual({ status: 'found', value: { latitude: -23.55, longitude: -46.63 } });
    expect(osm.searches()).toHaveLength(2);
  });
});

describe('address_cache (found 30 days, not found 1 day, failures never)', () => {
  const start = new Date('2026-11-21T12:00:00.000Z');
  const row = (kind: string, key: string) =>
    db.knex('address_cache').where({ kind, key }).first() as Promise<{ value: unknown; expires_at: Date } | undefined>;

  it('a found CEP is stored for 30 days and served without calling ViaCEP again', async () => {
    viacep.set('01001000', viaCep.found(SE));
    const clock = new FixedClock(start);
    const lookup = new CachedAddressLookup(viaCepClient(), db.knex, { clock });
    const first = await lookup.lookupCep('01001000');
    clock.advance(29 * DAY);
    const second = await lookup.lookupCep('01001000');
    expect(second).toEqual(first);
    expect(first).toMatchObject({ status: 'found', value: { street: 'Praça da Sé', city: 'São Paulo' } });
    expect(viacep.requests).toHaveLength(1);
    const stored = await row('cep', '01001000');
    expect(first.status === 'found' && stored?.value).toEqual(first.status === 'found' && first.value);
    expect(new Date(stored!.expires_at).getTime()).toBe(start.getTime() + ADDRESS_CACHE_FOUND_TTL_MS);
    expect(ADDRESS_CACHE_FOUND_TTL_MS).toBe(30 * DAY);
  });

  it('a not-found CEP (erro) is remembered for 1 day, then asked again', async () => {
    viacep.set('99999999', viaCep.erro('true'));
    const clock = new FixedClock(start);
    const lookup = new CachedAddressLookup(viaCepClient(), db.knex, { clock });
    expect(await lookup.lookupCep('99999999')).toEqual({ status: 'not_found' });
    clock.advance(DAY - 60_000);
    expect(await lookup.lookupCep('99999999')).toEqual({ status: 'not_found' });
    expect(viacep.requests).toHaveLength(1);
    const stored = await row('cep', '99999999');
    expect(stored?.value).toBeNull();
    expect(new Date(stored!.expires_at).getTime()).toBe(start.getTime() + ADDRESS_CACHE_NOT_FOUND_TTL_MS);
    expect(ADDRESS_CACHE_NOT_FOUND_TTL_MS).toBe(DAY);

    viacep.set('99999999', viaCep.found(PAULISTA)); // the CEP now exists
    clock.advance(2 * 60_000);
    expect(await lookup.lookupCep('99999999')).toMatchObject({ status: 'found', value: { street: 'Avenida Paulista' } });
    expect(viacep.requests).toHaveLength(2);
  });

  it('an upstream failure (500, timeout) is reported as failed, not not_found, and not cached: the next lookup asks again', async () => {
    viacep.set('01001000', viaCep.status(500));
    viacep.set('02002000', viaCep.hang());
    const lookup = new CachedAddressLookup(viaCepClient(), db.knex, { clock: new FixedClock(start) });
    expect(await lookup.lookupCep('01001000')).toEqual({ status: 'failed', reason: 'HTTP 500' });
    expect(await lookup.lookupCep('02002000')).toEqual({ status: 'failed', reason: 'tempo esgotado' });
    expect(await row('cep', '01001000')).toBeUndefined();
    expect(await row('cep', '02002000')).toBeUndefined();
    viacep.set('01001000', viaCep.found(SE));
    expect(await lookup.lookupCep('01001000')).toMatchObject({ status: 'found', value: { street: 'Praça da Sé' } });
    expect(viacep.requestsFor('01001000')).toHaveLength(3); // 500 + retry, then the answer
  });

  it('an expired row is refreshed from ViaCEP and rewritten', async () => {
    viacep.set('01001000', viaCep.found(SE));
    const clock = new FixedClock(start);
    const lookup = new CachedAddressLookup(viaCepClient(), db.knex, { clock });
    await lookup.lookupCep('01001000');
    viacep.set('01001000', viaCep.found({ ...SE, logradouro: 'Praça da Sé (renomeada)' }));
    clock.advance(30 * DAY + 1_000);
    expect(await lookup.lookupCep('01001000')).toMatchObject({ status: 'found', value: { street: 'Praça da Sé (renomeada)' } });
    expect(viacep.requests).toHaveLength(2);
    const stored = await row('cep', '01001000');
    expect(stored?.value).toMatchObject({ street: 'Praça da Sé (renomeada)' });
    expect(new Date(stored!.expires_at).getTime()).toBe(clock.now().getTime() + ADDRESS_CACHE_FOUND_TTL_MS);
    expect(await db.knex('address_cache').count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('concurrent misses for one CEP share a single upstream call', async () => {
    viacep.set('01001000', viaCep.found(SE));
    const lookup = new CachedAddressLookup(viaCepClient(), db.knex, { clock: new FixedClock(start) });
    const results = await Promise.all([lookup.lookupCep('01001000'), lookup.lookupCep('01001000'), lookup.lookupCep('01001000')]);
    expect(results.every((r) => r.status === 'found' && r.value.street === 'Praça da Sé')).toBe(true);
    expect(viacep.requests).toHaveLength(1);
  });

  it('a cached CEP is still served while ViaCEP is down (the outage only reaches CEPs never seen)', async () => {
    viacep.set('01310100', viaCep.found(PAULISTA));
    const lookup = new CachedAddressLookup(viaCepClient(), db.knex, { clock: new FixedClock(start) });
    await lookup.lookupCep('01310100');
    const down = new CachedAddressLookup(viaCepClient({ baseUrl: 'http://127.0.0.1:9' }), db.knex, { clock: new FixedClock(start) });
    expect(await down.lookupCep('01310100')).toMatchObject({ status: 'found', value: { street: 'Avenida Paulista' } });
    expect(await down.lookupCep('01001000')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^erro de rede/) });
  });

  it('geocoding: found cached 30 days under a normalised key, [] cached 1 day, failures not cached', async () => {
    const clock = new FixedClock(start);
    const geocoder = new CachedGeocoder(nominatimClient(), db.knex, { clock });

    osm.set({ city: 'São Paulo' }, nominatim.found('-23.5503', '-46.6339'));
    expect(await geocoder.geocode(SP_QUERY)).toEqual({ status: 'found', value: { latitude: -23.5503, longitude: -46.6339 } });
    // Case, accents and spacing do not make another query.
    expect(await geocoder.geocode({ street: 'praca  da se', city: 'SAO PAULO', state: 'sp', country: 'brasil' })).toEqual({
      status: 'found',
      value: { latitude: -23.5503, longitude: -46.6339 },
    });
    expect(osm.searches()).toHaveLength(1);
    const found = await row('geocode', geocodeCacheKey(SP_QUERY));
    expect(new Date(found!.expires_at).getTime()).toBe(start.getTime() + 30 * DAY);

    const nowhere = { street: 'Rua Inexistente', city: 'Lugar Nenhum', state: 'ZZ', country: 'Brasil' };
    expect(await geocoder.geocode(nowhere)).toEqual({ status: 'not_found' });
    expect(await geocoder.geocode(nowhere)).toEqual({ status: 'not_found' });
    expect(osm.searches()).toHaveLength(2);
    const empty = await row('geocode', geocodeCacheKey(nowhere));
    expect(empty?.value).toBeNull();
    expect(new Date(empty!.expires_at).getTime()).toBe(start.getTime() + DAY);

    const broken = { street: 'Rua Quebrada', city: 'Campinas', state: 'SP', country: 'Brasil' };
    osm.set({ city: 'Campinas' }, nominatim.status(500));
    expect(await geocoder.geocode(broken)).toEqual({ status: 'failed', reason: 'HTTP 500' });
    expect(await geocoder.geocode(broken)).toEqual({ status: 'failed', reason: 'HTTP 500' });
    expect(osm.searches()).toHaveLength(4);
    expect(await row('geocode', geocodeCacheKey(broken))).toBeUndefined();
  });
});
