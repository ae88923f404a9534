// Shipping over HTTP: the product page's quote by CEP, the free-shipping threshold, the checkout's cart
// quote, the order's freight priced again on the server (whatever the client claims), a stale option refused, the
// freight in a whole-order refund, the quote's rate limit, and Melhor Envio (a local fake) with the table as fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductService } from '../../core/marketplace/product.service';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';
import { startMelhorEnvioFake, type MelhorEnvioFake } from '../fakes/melhor-envio.fake';

const SP = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const POA = { cep: '90570-020', street: 'Rua Ramiro Barcelos', number: '20', complement: null, district: 'Floresta', city: 'Porto Alegre', state: 'RS' };
// The default table (adapters/shipping/shipping-table.ts): SP is `local`, RS region S; base covers the first kg.
const TABLE = { localEco: 1_890, localExp: 2_290, southEco: 2_790, southEcoKg: 550, southExp: 3_990, southExpKg: 900 };

let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

let seq = 0;
async function product(target: TestApp, price: number, shipping: { weight_grams?: number } = {}) {
  seq++;
  const { product: p } = await target.container.get<ProductService>(TOKENS.ProductService).save({
    name: `Produto frete ${seq}`,
    slug: `produto-frete-${seq}-${Math.random().toString(36).slice(2, 8)}`,
    description: 'Descrição',
    price,
    stock_quantity: 50,
    category_id: null,
    active: true,
  });
  if (shipping.weight_grams) await target.db.knex('products').where({ id: p.id }).update({ weight_grams: shipping.weight_grams });
  return p;
}

const quote = (client: { get: (p: string) => Promise<any> }, cep: string, productId: string, quantity = 1) =>
  client.get(`/api/shipping/quote?cep=${encodeURIComponent(cep)}&product_id=${productId}&quantity=${quantity}`);

async function fillCart(user: TestUser, productId: string, quantity: number) {
  const res = await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: productId, quantity }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('GET /api/shipping/quote (anyone)', () => {
  it('quotes a product by CEP: the region\'s price by weight, cheapest first, with the estimate', async () => {
    const p = await product(app, 4_990, { weight_grams: 1_600 });
    const res = await quote(app.client(), '90570-020', p.id, 1);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 1.6 kg → 2 started kg → one kg above the base.
    expect(res.body).toMatchObject({ cep: '90570020', uf: 'RS', subtotal: 4_990, free_shipping_from: 19_900, missing_for_free_shipping: 14_910 });
    expect(res.body.options).toEqual([
      { id: 'economico', service: 'Econômico', carrier: 'Turma Envios', price: TABLE.southEco + TABLE.southEcoKg, original_price: TABLE.southEco + TABLE.southEcoKg, free: false, days: 6 },
      { id: 'expresso', service: 'Expresso', carrier: 'Turma Envios', price: TABLE.southExp + TABLE.southExpKg, original_price: TABLE.southExp + TABLE.southExpKg, free: false, days: 3 },
    ]);
    // The product page's path answers the same.
    const alias = await app.client().get(`/api/marketplace/shipping/quote?cep=90570020&product_id=${p.id}&quantity=1`);
    expect(alias.body.options).toEqual(res.body.options);
    // docs/api.md's `items` form.
    const items = await app.client().get(`/api/shipping/quote?cep=01310100&items=${encodeURIComponent(JSON.stringify([{ product_id: p.id, quantity: 1 }]))}`);
    expect(items.body.options.map((o: { price: number }) => o.price)).toEqual([TABLE.localEco + 350, TABLE.localExp + 500]);
  });

  it('free shipping from FREE_SHIPPING_FROM (R$ 199,00): every option at 0, the original price kept', async () => {
    const p = await product(app, 9_950);
    const below = await quote(app.client(), '01310100', p.id, 1);
    expect(below.body.options.map((o: { price: number }) => o.price)).toEqual([TABLE.localEco, TABLE.localExp]);
    const at = await quote(app.client(), '01310100', p.id, 2);
    expect(at.body.missing_for_free_shipping).toBe(0);
    expect(at.body.options.map((o: { price: number; free: boolean; original_price: number }) => [o.price, o.free, o.original_price])).toEqual([
      [0, true, TABLE.localExp],
      [0, true, TABLE.localEco],
    ]);
  });

  it('bad input is a pt-BR 400, an unknown product a 404', async () => {
    const p = await product(app, 1_000);
    const badCep = await quote(app.client(), '1234', p.id);
    expect(badCep.status).toBe(400);
    expect(badCep.body.error.fields.cep).toBe('O CEP deve ter 8 dígitos');
    expect((await quote(app.client(), '00000-000', p.id)).body.error.fields.cep).toBe('CEP inválido');
    const badQty = await quote(app.client(), '01310100', p.id, 0);
    expect(badQty.status).toBe(400);
    expect((await app.client().get('/api/shipping/quote?cep=01310100')).body.error.fields.product_id).toBe('Informe o produto');
    expect((await quote(app.client(), '01310100', '6f0b7c52-3d4e-4d0b-9a4f-3b1c2d3e4f51')).status).toBe(404);
  });

  it('is rate limited per IP (60 quotes per 5 minutes) with a pt-BR 429', async () => {
    const p = await product(app, 1_000);
    const client = app.client();
    for (let i = 0; i < 60; i++) expect((await quote(client, '01310100', p.id)).status).toBe(200);
    const limited = await quote(client, '01310100', p.id);
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(/Muitas cotações de frete/);
    // Another address is not affected.
    expect((await quote(app.client(), '01310100', p.id)).status).toBe(200);
  });
});

describe('checkout: the freight is part of the order, priced on the server', () => {
  it('GET /api/cart/shipping quotes the caller\'s cart (signed in only)', async () => {
    const p = await product(app, 3_000);
    const user = await createUser(app);
    await fillCart(user, p.id, 2);
    expect((await app.client().get('/api/cart/shipping?cep=01310100')).status).toBe(401);
    const res = await user.client.get('/api/cart/shipping?cep=90570-020');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subtotal: 6_000, uf: 'RS' });
    expect(res.body.options.map((o: { id: string }) => o.id)).toEqual(['economico', 'expresso']);
    expect((await user.client.get('/api/cart/shipping?cep=abc')).status).toBe(400);
  });

  it('total = items + the chosen option as the server prices it, even when the client lies; stored and shown', async () => {
    const p = await product(app, 4_000);
    const user = await createUser(app);
    await fillCart(user, p.id, 2);
    const created = await user.client.post('/api/orders', {
      address: POA,
      shipping_option_id: 'expresso',
      // Ignored: only the option id counts.
      shipping_amount: 0,
      total_amount: 1,
      shipping: { amount: 0 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      subtotal: 8_000,
      shipping_amount: TABLE.southExp,
      total_amount: 8_000 + TABLE.southExp,
      shipping: { option_id: 'expresso', name: 'Expresso (Turma Envios)', amount: TABLE.southExp, days: 3 },
    });
    const row = await app.db.knex('marketplace_orders').where({ id: created.body.id }).first();
    expect(row).toMatchObject({ total_amount: 8_000 + TABLE.southExp, shipping_amount: TABLE.southExp, shipping_option_id: 'expresso', shipping_days: 3 });
    // The list shows the total with freight; the payment charges it.
    const list = await user.client.get('/api/orders');
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, total_amount: 8_000 + TABLE.southExp, shipping_amount: TABLE.southExp });
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: created.body.id, method: 'PIX' });
    expect(pay.status).toBe(201);
    expect(pay.body.amount).toBe(8_000 + TABLE.southExp);
    // The back office sees it too.
    const adminView = await admin.client.get(`/api/admin/orders/${created.body.id}`);
    expect(adminView.body).toMatchObject({ shipping_amount: TABLE.southExp, shipping: { option_id: 'expresso' } });
  });

  it('without an option the cheapest is used; at the threshold the freight is 0', async () => {
    const cheap = await product(app, 5_000);
    const user = await createUser(app);
    await fillCart(user, cheap.id, 1);
    const plain = await user.client.post('/api/orders', { address: SP });
    expect(plain.body).toMatchObject({ total_amount: 5_000 + TABLE.localEco, shipping: { option_id: 'economico' } });
    await fillCart(user, cheap.id, 4);
    const free = await user.client.post('/api/orders', { address: SP, shipping_option_id: 'expresso' });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body).toMatchObject({ subtotal: 20_000, shipping_amount: 0, total_amount: 20_000, shipping: { option_id: 'expresso', amount: 0 } });
  });

  it('a stale or unknown option is refused with a pt-BR 409 and nothing is ordered', async () => {
    const p = await product(app, 2_000);
    const user = await createUser(app);
    await fillCart(user, p.id, 1);
    const stale = await user.client.post('/api/orders', { address: SP, shipping_option_id: 'me-2' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'shipping_option_unavailable' });
    expect(stale.body.error.message).toMatch(/Calcule o frete de novo/);
    expect((await user.client.get('/api/orders')).body.total).toBe(0);
    expect((await user.client.get('/api/cart')).body.count).toBe(1);
  });

  it('refunding the whole order refunds the freight too', async () => {
    const p = await product(app, 6_000);
    const user = await createUser(app);
    await fillCart(user, p.id, 1);
    const created = await user.client.post('/api/orders', { address: POA, shipping_option_id: 'economico' });
    expect(created.body.total_amount).toBe(6_000 + TABLE.southEco);
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: created.body.id, method: 'PIX' });
    expect((await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).status).toBe(200);
    const refunded = await admin.client.post(`/api/admin/orders/${created.body.id}/refund`, { reason: 'Cliente desistiu' });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const payment = await app.db.knex('payments').where({ id: pay.body.id }).first();
    expect(payment).toMatchObject({ status: 'refunded', refunded_amount: 6_000 + TABLE.southEco });
  });
});

describe('weight and dimensions in the back office', () => {
  it('an admin sets them on a product (kept when an edit leaves them out) and the quote follows; bad values are a pt-BR 400', async () => {
    const body = { name: 'Luminária de piso', slug: `luminaria-${Date.now()}`, description: 'Pesada', price: 15_000, stock_quantity: 5, category_id: null, images: [], active: true };
    const created = await admin.client.post('/api/admin/products', { ...body, weight_grams: 3_200, height_cm: 20, width_cm: 20, length_cm: 30 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ weight_grams: 3_200, height_cm: 20, width_cm: 20, length_cm: 30 });
    // 3.2 kg (cubic 12 000 cm³ / 6000 = 2 kg) → 4 started kg → 3 above the base, to RS.
    const quoted = await quote(app.client(), '90570020', created.body.id);
    expect(quoted.body.options[0]).toMatchObject({ id: 'economico', price: TABLE.southEco + 3 * TABLE.southEcoKg });
    const edited = await admin.client.request('PUT', `/api/admin/products/${created.body.id}`, { ...body, price: 16_000 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ price: 16_000, weight_grams: 3_200, length_cm: 30 });
    const bad = await admin.client.request('PUT', `/api/admin/products/${created.body.id}`, { ...body, weight_grams: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.weight_grams).toBe('O peso deve ser maior que zero');
  });
});

describe('Melhor Envio (MELHOR_ENVIO_TOKEN set), the table when it fails', () => {
  let fake: MelhorEnvioFake;
  let me: TestApp;
  beforeAll(async () => {
    fake = await startMelhorEnvioFake();
    me = await createTestApp({ env: { MELHOR_ENVIO_URL: fake.url, MELHOR_ENVIO_TOKEN: fake.token, FREE_SHIPPING_FROM: '50000' } });
  }, 120_000);
  afterAll(async () => {
    await me?.close();
    await fake?.close();
  });

  it('quotes and prices orders with the aggregator\'s services, and falls back to the table when it is down', async () => {
    const p = await product(me, 10_000, { weight_grams: 2_500 });
    const res = await quote(me.client(), '90570020', p.id, 1);
    // 2.5 kg → 3 started kg: PAC 15 + 12 = 27.00, SEDEX 54.00.
    expect(res.body.options.map((o: { id: string; price: number; days: number }) => [o.id, o.price, o.days])).toEqual([['me-1', 2_700, 6], ['me-2', 5_400, 2]]);
    expect(fake.requests.at(-1)!.body.to.postal_code).toBe('90570020');

    const user = await createUser(me);
    await fillCart(user, p.id, 1);
    const created = await user.client.post('/api/orders', { address: POA, shipping_option_id: 'me-2' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ total_amount: 10_000 + 5_400, shipping: { option_id: 'me-2', name: 'SEDEX (Correios)', days: 2 } });

    fake.set({ kind: 'status', status: 503 });
    const fallback = await quote(me.client(), '90570020', p.id, 1);
    expect(fallback.status).toBe(200);
    expect(fallback.body.options.map((o: { id: string }) => o.id)).toEqual(['economico', 'expresso']);
    // An option from before the outage is no longer offered: the checkout is told to quote again.
    await fillCart(user, p.id, 1);
    const stale = await user.client.post('/api/orders', { address: POA, shipping_option_id: 'me-1' });
    expect(stale.status).toBe(409);
    fake.set({ kind: 'quote' });
  });
});
