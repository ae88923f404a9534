// The Melhor Envio client against a local fake speaking its protocol, and the fallback to the embedded table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FallbackShippingQuote, MelhorEnvioShippingQuote, ShippingProviderError, reaisToCentavos } from '../../adapters/shipping/melhor-envio.shipping';
import { TableShippingQuote } from '../../adapters/shipping/table.shipping';
import { DEFAULT_SHIPPING_TABLE, parseShippingTable } from '../../adapters/shipping/shipping-table';
import type { ShippingQuoteRequest } from '../../core/shipping';
import { startMelhorEnvioFake, type MelhorEnvioFake } from '../fakes/melhor-envio.fake';

let fake: MelhorEnvioFake;
beforeAll(async () => {
  fake = await startMelhorEnvioFake();
});
afterAll(async () => {
  await fake.close();
});

const request: ShippingQuoteRequest = {
  cep: '90570020',
  uf: 'RS',
  subtotal: 2 * 4990,
  lines: [{ product_id: 'p-1', quantity: 2, unit_price: 4990, weight_grams: 800, height_cm: 10, width_cm: 15, length_cm: 20 }],
};

const client = (overrides: Partial<ConstructorParameters<typeof MelhorEnvioShippingQuote>[0]> = {}) =>
  new MelhorEnvioShippingQuote({ baseUrl: fake.url, token: fake.token, userAgent: 'Turma/test (suporte@turma.com.br)', fromCep: '01310100', timeoutMs: 1_000, ...overrides });

describe('MelhorEnvioShippingQuote', () => {
  it('posts the parcel with the bearer token and maps services (reais → centavos), leaving out those with an error', async () => {
    fake.set({ kind: 'quote' });
    const before = fake.requests.length;
    const options = await client().quote(request);
    const sent = fake.requests[before]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/api/v2/me/shipment/calculate');
    expect(sent.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(sent.headers['user-agent']).toContain('Turma');
    expect(sent.body.from.postal_code).toBe('01310100');
    expect(sent.body.to.postal_code).toBe('90570020');
    // Weight in kg, insured value in reais, dimensions in cm.
    expect(sent.body.products).toEqual([{ id: 'p-1', width: 15, height: 10, length: 20, weight: 0.8, insurance_value: 49.9, quantity: 2 }]);
    // 1.6 kg → 2 started kg: PAC 15 + 8 = 23.00, SEDEX 46.00; Jadlog answered an error and is not offered.
    expect(options).toEqual([
      { id: 'me-1', service: 'PAC', carrier: 'Correios', price: 2300, days: 6 },
      { id: 'me-2', service: 'SEDEX', carrier: 'Correios', price: 4600, days: 2 },
    ]);
  });

  it('throws ShippingProviderError on a 5xx, a 401, a body that is not a list, and a timeout', async () => {
    fake.set({ kind: 'status', status: 502 });
    await expect(client().quote(request)).rejects.toThrow(ShippingProviderError);
    fake.set({ kind: 'quote' });
    await expect(client({ token: 'wrong' }).quote(request)).rejects.toThrow(/HTTP 401/);
    fake.set({ kind: 'status', status: 200, body: '{"message":"ok"}' });
    await expect(client().quote(request)).rejects.toThrow(/lista/);
    fake.set({ kind: 'hang' });
    await expect(client({ timeoutMs: 200 }).quote(request)).rejects.toThrow(/tempo esgotado/);
    fake.set({ kind: 'quote' });
  });

  it('falls back to the embedded table when the aggregator fails, and uses the aggregator when it answers', async () => {
    const table = new TableShippingQuote(DEFAULT_SHIPPING_TABLE);
    const quote = new FallbackShippingQuote(client({ timeoutMs: 200 }), table);
    fake.set({ kind: 'status', status: 503 });
    const fromTable = await quote.quote(request);
    expect(fromTable.map((o) => o.id)).toEqual(['economico', 'expresso']);
    expect(fromTable).toEqual(await table.quote(request));
    fake.set({ kind: 'hang' });
    expect((await quote.quote(request)).map((o) => o.id)).toEqual(['economico', 'expresso']);
    fake.set({ kind: 'quote' });
    expect((await quote.quote(request)).map((o) => o.id)).toEqual(['me-1', 'me-2']);
  });

  it('reads prices as Melhor Envio writes them', () => {
    expect(reaisToCentavos('26.74')).toBe(2674);
    expect(reaisToCentavos(26.7)).toBe(2670);
    expect(reaisToCentavos('0.1')).toBe(10);
    expect(reaisToCentavos('abc')).toBeNull();
    expect(reaisToCentavos(-1)).toBeNull();
  });
});

describe('TableShippingQuote and SHIPPING_TABLE', () => {
  it('prices by zone and started kg above the first', async () => {
    const table = new TableShippingQuote(DEFAULT_SHIPPING_TABLE);
    // 1.6 kg real vs cubic 2 × 3000/6000 = 1 kg → 1.6 kg → 2 started kg → one kg above the base; RS is region S.
    const south = await table.quote(request);
    expect(south).toEqual([
      { id: 'economico', service: 'Econômico', carrier: 'Turma Envios', price: 2790 + 550, days: 6 },
      { id: 'expresso', service: 'Expresso', carrier: 'Turma Envios', price: 3990 + 900, days: 3 },
    ]);
    const local = await table.quote({ ...request, cep: '01310100', uf: 'SP', lines: [{ ...request.lines[0]!, quantity: 1 }] });
    expect(local.map((o) => [o.price, o.days])).toEqual([[1890, 3], [2290, 1]]);
    const tooHeavy = await table.quote({ ...request, lines: [{ ...request.lines[0]!, weight_grams: 31_000, quantity: 1 }] });
    expect(tooHeavy).toEqual([]);
  });

  it('accepts a JSON override and names what is wrong in a bad one', () => {
    const custom = { ...DEFAULT_SHIPPING_TABLE, origin_uf: 'RJ', services: [DEFAULT_SHIPPING_TABLE.services[0]] };
    expect(parseShippingTable(JSON.stringify(custom)).origin_uf).toBe('RJ');
    expect(parseShippingTable(undefined)).toBe(DEFAULT_SHIPPING_TABLE);
    expect(() => parseShippingTable('{')).toThrow(/JSON/);
    expect(() => parseShippingTable(JSON.stringify({ ...custom, services: [] }))).toThrow(/services/);
  });
});
