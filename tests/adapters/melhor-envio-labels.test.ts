// Melhor Envio's labels and tracking (adapters/shipping/melhor-envio.labels.ts) against the local fake: the cart →
// checkout → generate → print flow, each fault named in pt-BR, tracking answers mapped to parcel steps, and the
// webhook's X-ME-Signature checked. The embedded table's made-up steps too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MelhorEnvioLabels, melhorEnvioSignature, parcelUpdateOf, parseMelhorEnvioSender } from '../../adapters/shipping/melhor-envio.labels';
import { TableShippingLabels } from '../../adapters/shipping/table.labels';
import { DomainError } from '../../core/shared/errors';
import type { LabelRequest } from '../../core/shipping';
import { melhorEnvioWebhook, startMelhorEnvioFake, type MelhorEnvioFake } from '../fakes/melhor-envio.fake';

let fake: MelhorEnvioFake;
beforeAll(async () => {
  fake = await startMelhorEnvioFake();
});
afterAll(async () => {
  await fake.close();
});

const sender = parseMelhorEnvioSender(
  JSON.stringify({ name: 'Turma Envios', phone: '11999990000', email: 'envios@turma.com.br', document: '12.345.678/0001-95', address: 'Av. Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state_abbr: 'SP', postal_code: '01310-100' }),
)!;
const SECRET = 'me-app-secret';
const client = (overrides: Partial<ConstructorParameters<typeof MelhorEnvioLabels>[0]> = {}) =>
  new MelhorEnvioLabels({ baseUrl: fake.url, token: fake.token, userAgent: 'Turma/test (suporte@turma.com.br)', sender, webhookSecret: SECRET, timeoutMs: 1_000, ...overrides });

const request: LabelRequest = {
  order_id: '0b6f3c8e-1111-4a4a-9b9b-123456789abc',
  option_id: 'me-2',
  recipient: { name: 'Ana Souza', document: '52998224725', email: 'ana@example.com', phone: '51988887777', address: { cep: '90570020', street: 'Rua Ramiro Barcelos', number: '100', complement: null, district: 'Floresta', city: 'Porto Alegre', state: 'RS' } },
  items: [{ name: 'Escova elétrica', quantity: 2, unit_price: 4990 }],
  lines: [{ product_id: 'p-1', quantity: 2, unit_price: 4990, weight_grams: 800, height_cm: 10, width_cm: 15, length_cm: 20 }],
};

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe('MelhorEnvioLabels', () => {
  it('buys a label through cart, checkout, generate and print, and answers its order id, tracking code and label link', async () => {
    const before = fake.requests.length;
    const label = await client().buyLabel(request);
    const calls = fake.requests.slice(before);
    expect(calls.map((r) => r.path)).toEqual(['/api/v2/me/cart', '/api/v2/me/shipment/checkout', '/api/v2/me/shipment/generate', '/api/v2/me/shipment/print', '/api/v2/me/shipment/tracking']);
    expect(calls.every((r) => r.headers.authorization === `Bearer ${fake.token}`)).toBe(true);
    const cart = calls[0]!.body;
    // The service chosen at checkout, the sender's CNPJ as company_document, reais and kilograms, the order as a tag.
    expect(cart.service).toBe(2);
    expect(cart.from).toMatchObject({ company_document: '12345678000195', postal_code: '01310100' });
    expect(cart.to).toMatchObject({ name: 'Ana Souza', document: '52998224725', postal_code: '90570020', state_abbr: 'RS' });
    expect(cart.products).toEqual([{ name: 'Escova elétrica', quantity: 2, unitary_value: 49.9 }]);
    expect(cart.volumes[0]).toMatchObject({ weight: 1.6 });
    expect(cart.options).toMatchObject({ insurance_value: 99.8, tags: [{ tag: request.order_id }] });
    expect(label.provider_order_id).toBe(fake.orders.get(label.provider_order_id)!.id);
    expect(label.tracking_code).toBe(fake.orders.get(label.provider_order_id)!.tracking);
    expect(label.label_url).toContain('/imprimir/');
  });

  it('names each fault in pt-BR: an expired token, a validation refusal with the provider\'s message, no balance, a 500, a timeout', async () => {
    fake.fault('cart', 'expired_token');
    const expired = await refusal(client().buyLabel(request));
    expect([expired.kind, expired.message]).toEqual(['unavailable', expect.stringContaining('token da Melhor Envio expirou')]);
    fake.fault('cart', 'invalid');
    const invalid = await refusal(client().buyLabel(request));
    expect([invalid.kind, invalid.code, invalid.message]).toEqual(['conflict', 'shipping_label_refused', 'A Melhor Envio recusou a etiqueta: O CEP de destino é inválido..']);
    fake.fault('checkout', 'insufficient_balance');
    expect((await refusal(client().buyLabel(request))).message).toContain('Saldo insuficiente');
    fake.fault('generate', 'server_error');
    expect((await refusal(client().buyLabel(request))).message).toContain('HTTP 500');
    fake.fault('print', 'hang');
    expect((await refusal(client({ timeoutMs: 200 }).buyLabel(request))).message).toContain('não respondeu a tempo');
  });

  it('maps tracking answers to parcel steps (posted, in transit, delivered at its São Paulo date, undelivered as returned)', async () => {
    const a = await client().buyLabel(request);
    const b = await client().buyLabel(request);
    expect(await client().track([{ order_id: 'o1', provider_order_id: a.provider_order_id, tracking_code: a.tracking_code, status: 'created' }])).toEqual([]);
    await fake.emit(a.provider_order_id, 'delivered', new Date('2026-11-20T17:30:00Z'));
    await fake.emit(b.provider_order_id, 'undelivered');
    const updates = await client().track([
      { order_id: 'o1', provider_order_id: a.provider_order_id, tracking_code: a.tracking_code, status: 'created' },
      { order_id: 'o2', provider_order_id: b.provider_order_id, tracking_code: b.tracking_code, status: 'created' },
    ]);
    expect(updates).toEqual([
      { provider_order_id: a.provider_order_id, tracking_code: a.tracking_code, status: 'delivered', occurred_at: new Date('2026-11-20T17:30:00Z') },
      expect.objectContaining({ provider_order_id: b.provider_order_id, status: 'returned' }),
    ]);
    expect(parcelUpdateOf({ id: 'x', status: 'released' }, new Date())).toBeNull();
    expect(parcelUpdateOf({ id: 'x', status: 'out_for_delivery' }, new Date())?.status).toBe('out_for_delivery');
  });

  it('reads a webhook only with the right X-ME-Signature', async () => {
    const label = await client().buyLabel(request);
    await fake.emit(label.provider_order_id, 'posted', new Date('2026-11-21T12:00:00Z'));
    const { body, signature } = melhorEnvioWebhook(fake.orders.get(label.provider_order_id)!, SECRET);
    expect(signature).toBe(melhorEnvioSignature(body, SECRET));
    expect(client().parseWebhook(body, { 'x-me-signature': signature })).toEqual([
      { provider_order_id: label.provider_order_id, tracking_code: label.tracking_code, status: 'posted', occurred_at: new Date('2026-11-21T12:00:00Z') },
    ]);
    for (const headers of [{}, { 'x-me-signature': melhorEnvioSignature(body, 'another-secret') }, { 'x-me-signature': melhorEnvioSignature(`${body} `, SECRET) }]) {
      expect((await refusal(Promise.resolve().then(() => client().parseWebhook(body, headers)))).kind).toBe('unauthenticated');
    }
    // No secret configured: nothing is trusted.
    const unsigned = await refusal(Promise.resolve().then(() => client({ webhookSecret: null }).parseWebhook(body, { 'x-me-signature': signature })));
    expect(unsigned.code).toBe('invalid_signature');
  });
});

describe('TableShippingLabels', () => {
  it('buys no label; simulating, each poll reports the next step up to delivered; not simulating, none', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const table = new TableShippingLabels({ simulate: true, now: () => now });
    expect(table.buysLabels).toBe(false);
    expect((await refusal(table.buyLabel())).code).toBe('tracking_code_required');
    const parcel = { order_id: 'o', provider_order_id: null, tracking_code: 'AA123456789BR' };
    expect(await table.track([{ ...parcel, status: 'out_for_delivery' }])).toEqual([{ provider_order_id: null, tracking_code: 'AA123456789BR', status: 'delivered', occurred_at: now }]);
    expect(await table.track([{ ...parcel, status: 'delivered' }])).toEqual([]);
    const off = new TableShippingLabels({ simulate: false });
    expect(off.canTrack()).toBe(false);
    expect(await off.track([{ ...parcel, status: 'created' }])).toEqual([]);
  });
});
