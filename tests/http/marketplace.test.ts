// The marketplace over HTTP on the real server: catalogue, cart by difference, merge at login, orders with stock
// reserved under concurrency, expiry that returns stock once, payment through the shared payment path, ownership.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { ProductService } from '../../core/marketplace/product.service';
import type { OrderService } from '../../core/marketplace/order.service';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import type { PgBossJobQueue } from '../../adapters/jobs/pg-boss.queue';
import type { AppUnitOfWork } from '../../adapters/db/unit-of-work';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

const clock = new FixedClock(new Date());
let app: TestApp;
beforeAll(async () => {
  // Freight is covered by tests/http/shipping.test.ts; free shipping keeps this file's totals the items' own.
  app = await createTestApp({ overrides: { clock }, env: { FREE_SHIPPING_FROM: '0' } });
});
afterAll(async () => {
  await app?.close();
});

const products = () => app.container.get<ProductService>(TOKENS.ProductService);
const orders = () => app.container.get<OrderService>(TOKENS.OrderService);
const knex = () => app.db.knex;

let categoryCount = 0;
async function category(name = `Categoria ${++categoryCount}`) {
  return products().saveCategory({ name, slug: `cat-${categoryCount}-${Math.random().toString(36).slice(2, 8)}` });
}

let productCount = 0;
async function product(over: { name?: string; price?: number; stock?: number | null; category_id?: string | null; description?: string; active?: boolean } = {}) {
  productCount++;
  const { product: p } = await products().save({
    name: over.name ?? `Produto de teste ${productCount}`,
    slug: `produto-${productCount}-${Math.random().toString(36).slice(2, 8)}`,
    description: over.description ?? 'Descrição de teste',
    price: over.price ?? 4_990,
    stock_quantity: over.stock === undefined ? 10 : over.stock,
    category_id: over.category_id ?? null,
    active: over.active ?? true,
  });
  return p;
}

const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: 'ap 12', district: 'Bela Vista', city: 'São Paulo', state: 'SP' };
const productLine = (id: string, quantity: number, extra: Record<string, unknown> = {}) => ({ item_type: 'product', product_id: id, quantity, ...extra });
const patchCart = (user: TestUser, lines: unknown[]) => user.client.request('PATCH', '/api/cart', { lines });
const stockOf = async (id: string) => (await knex()('products').where({ id }).first()).stock_quantity as number | null;

async function orderOf(user: TestUser, lines: Array<[string, number]>) {
  const patched = await patchCart(user, lines.map(([id, q]) => productLine(id, q)));
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const created = await user.client.post('/api/orders', { address: ADDRESS });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('catalogue', () => {
  it("filters by category, finds 'Estética' when searching 'estetica', sorts and pages, hides inactive products", async () => {
    const beauty = await category('Estética e beleza');
    const other = await category('Casa');
    const kit = await product({ name: 'Kit Estética Facial', price: 12_990, stock: 0, category_id: beauty.id, description: 'Rolo de quartzo e máscara' });
    const serum = await product({ name: 'Sérum Vitamina C', price: 8_990, stock: 2, category_id: beauty.id, description: 'Para uma pele com viço' });
    const cream = await product({ name: 'Creme Hidratante', price: 3_990, stock: null, category_id: beauty.id });
    await product({ name: 'Creme Escondido', price: 1_000, category_id: beauty.id, active: false });
    await product({ name: 'Panela de Pressão', price: 19_990, category_id: other.id, description: 'Estética moderna na cozinha' });

    const byCategory = await app.client().get(`/api/products?category=${beauty.slug}&sort=price_asc`);
    expect(byCategory.status).toBe(200);
    expect(byCategory.body.total).toBe(3);
    expect(byCategory.body.items.map((p: { name: string }) => p.name)).toEqual(['Creme Hidratante', 'Sérum Vitamina C', 'Kit Estética Facial']);
    const [first] = byCategory.body.items;
    expect(first).toMatchObject({ id: cream.id, price: 3_990, stock_quantity: null, stock_state: 'available', category: { id: beauty.id, name: 'Estética e beleza', slug: beauty.slug } });
    expect(first.images).toHaveLength(1);
    expect(first.images[0]).toMatch(/^\/media\/products\/.+\.svg$/);
    expect(byCategory.body.items.map((p: { stock_state: string }) => p.stock_state)).toEqual(['available', 'low', 'sold_out']);

    const desc = await app.client().get(`/api/products?category=${beauty.slug}&sort=price_desc`);
    expect(desc.body.items.map((p: { id: string }) => p.id)).toEqual([kit.id, serum.id, cream.id]);
    const newest = await app.client().get(`/api/products?category=${beauty.slug}`);
    expect(newest.body.items.map((p: { id: string }) => p.id)).toEqual([cream.id, serum.id, kit.id]);

    const page2 = await app.client().get(`/api/products?category=${beauty.slug}&sort=price_asc&per_page=2&page=2`);
    expect(page2.body).toMatchObject({ total: 3, items: [{ id: kit.id }] });
    const page9 = await app.client().get(`/api/products?category=${beauty.slug}&per_page=2&page=9`);
    expect(page9.body).toEqual({ items: [], total: 3, total_capped: false, next_cursor: null });

    const search = await app.client().get('/api/products?q=estetica');
    expect(search.body.items.map((p: { name: string }) => p.name).sort()).toEqual(['Kit Estética Facial', 'Panela de Pressão']);
    const twoWords = await app.client().get(`/api/products?q=${encodeURIComponent('ESTÉTICA máscara')}`);
    expect(twoWords.body.items.map((p: { id: string }) => p.id)).toEqual([kit.id]);
    const inCategory = await app.client().get(`/api/products?q=estetica&category=${other.slug}`);
    expect(inCategory.body.total).toBe(1);
    expect((await app.client().get('/api/products?q=escondido')).body.total).toBe(0);

    const one = await app.client().get(`/api/products/${serum.id}`);
    expect(one.body).toMatchObject({ id: serum.id, name: 'Sérum Vitamina C', stock_state: 'low', description: 'Para uma pele com viço' });
    const hidden = await knex()('products').where({ name: 'Creme Escondido' }).first();
    expect((await app.client().get(`/api/products/${hidden.id}`)).status).toBe(404);
    expect((await app.client().get('/api/products/nao-existe')).status).toBe(404);

    const bad = await app.client().get('/api/products?sort=barato&per_page=500');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['per_page', 'sort']);

    const categories = await app.client().get('/api/product-categories');
    expect(categories.body.items.map((c: { slug: string }) => c.slug)).toEqual(expect.arrayContaining([beauty.slug, other.slug]));
  });

  it('a cached page never hides a write: stock changes and orders show at once', async () => {
    const cat = await category();
    for (let i = 0; i < 3; i++) await product({ category_id: cat.id, description: 'Uma descrição longa o bastante. '.repeat(15) });
    const p = await product({ stock: 5, category_id: cat.id });
    const url = `/api/products?category=${cat.slug}`;
    expect((await app.client().get(url)).body.items[0].stock_quantity).toBe(5);
    await products().setStock(p.id, 2);
    expect((await app.client().get(url)).body.items[0]).toMatchObject({ stock_quantity: 2, stock_state: 'low' });
    const buyer = await createUser(app);
    await orderOf(buyer, [[p.id, 2]]);
    expect((await app.client().get(url)).body.items[0]).toMatchObject({ stock_quantity: 0, stock_state: 'sold_out' });
    // A browser gets the page gzipped (made once per cached page), the same JSON once decoded.
    const gz = await app.client().get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.body.items[0]).toMatchObject({ id: p.id, stock_quantity: 0 });
    // Conditional GET: the same page answers 304 to its ETag (fetch adds "no-cache" to a conditional request unless told otherwise).
    const page = await app.client().get(url);
    expect((await app.client().get(url, { 'if-none-match': page.headers.get('etag')!, 'cache-control': 'max-age=0' })).status).toBe(304);
  });

  it('serves the generated images at /media with the right type and a long cache; refuses unsafe paths', async () => {
    const p = await product();
    const image = await app.client().get(p.images[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(image.text).toContain('<svg');
    // Sent byte for byte (fetch would normalise the dots away before they reach the server).
    const rawStatus = (path: string) =>
      new Promise<number>((resolve, reject) => {
        request({ host: '127.0.0.1', port: new URL(app.url).port, path, method: 'GET' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    const unsafe = ['/media/../../etc/passwd', '/media/products/..%2f..%2f..%2fetc%2fpasswd', '/media/%2e%2e/%2e%2e/etc/passwd', '/media/products/nao-existe.svg', '/media/products/x.html', '/media/.env'];
    for (const path of unsafe) expect(await rawStatus(path), path).toBe(404);
    // A NUL in the path is refused at the edge for every route: 400, still never the file.
    expect(await rawStatus('/media/products/%00.svg')).toBe(400);
    // The link-preview cards (/og/<key>.jpg) are drawn from the same stored files only.
    for (const path of unsafe) expect(await rawStatus(`${path.replace('/media/', '/og/')}.jpg`), path).toBe(404);
    const card = await fetch(`${app.url}${p.images[0]!.replace('/media/', '/og/')}.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(card.headers.get('content-security-policy')).toContain('sandbox');
    const again = await fetch(`${app.url}${p.images[0]!.replace('/media/', '/og/')}.jpg`, { headers: { 'if-none-match': card.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
  });
});

describe('cart (signed in: on the server, changed by difference)', () => {
  it('a change writes only the rows that change, in one transaction', async () => {
    const user = await createUser(app);
    const [a, b, c] = [await product(), await product(), await product()];
    const first = await patchCart(user, [productLine(a.id, 1), productLine(b.id, 2), productLine(c.id, 3)]);
    expect(first.body).toMatchObject({ rows_written: 3, count: 6, total: 6 * 4_990 });
    const before = await knex()('cart_lines').where({ user_id: user.id }).orderBy('product_id');

    const second = await patchCart(user, [productLine(b.id, 5), productLine(c.id, 0)]);
    expect(second.status).toBe(200);
    expect(second.body.rows_written).toBe(2);
    expect(second.body.changes.map((x: { outcome: string }) => x.outcome)).toEqual(['updated', 'removed']);
    const after = await knex()('cart_lines').where({ user_id: user.id }).orderBy('product_id');
    expect(after.map((l) => [l.product_id, l.quantity]).sort()).toEqual([[a.id, 1], [b.id, 5]].sort());
    // Same rows, not deleted and re-inserted; the untouched line was not written at all.
    const untouched = (rows: typeof before) => rows.find((l) => l.product_id === a.id);
    expect(untouched(after)).toEqual(untouched(before));
    expect(after.find((l) => l.product_id === b.id).id).toBe(before.find((l) => l.product_id === b.id).id);

    const same = await patchCart(user, [productLine(a.id, 1)]);
    expect(same.body.rows_written).toBe(0);
    const fresh = await user.client.get('/api/cart');
    expect(fresh.body).toMatchObject({ count: 6, total: 6 * 4_990 });
  });

  it('caps at stock, refuses sold-out products, never caps plans, ignores a client price', async () => {
    const user = await createUser(app);
    const few = await product({ stock: 3, price: 2_500 });
    const none = await product({ stock: 0 });
    const plan = await createPlan(app, { price: 42_000 });
    const res = await patchCart(user, [
      productLine(few.id, 10, { price: 1, product_price: 1, subtotal: 1 }),
      productLine(none.id, 1),
      { item_type: 'plan', plan_id: plan.id, quantity: 7, price: 1 },
      productLine('00000000-0000-4000-8000-000000000000', 1),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual([
      { item_type: 'product', id: few.id, outcome: 'capped', reason: 'Só restam 3 unidades' },
      { item_type: 'product', id: none.id, outcome: 'refused', reason: 'Esgotado' },
      { item_type: 'plan', id: plan.id, outcome: 'added', reason: null },
      { item_type: 'product', id: '00000000-0000-4000-8000-000000000000', outcome: 'refused', reason: 'Produto indisponível' },
    ]);
    const line = res.body.items.find((l: { id: string }) => l.id === few.id);
    expect(line).toMatchObject({ product_price: 2_500, quantity: 3, subtotal: 7_500, stock_quantity: 3, stock_state: 'low', available: true, product_name: few.name });
    expect(res.body.items.find((l: { id: string }) => l.id === plan.id)).toMatchObject({ item_type: 'plan', plan_id: plan.id, product_id: null, quantity: 7, product_price: 42_000, subtotal: 294_000 });
    expect(res.body).toMatchObject({ total: 7_500 + 294_000, products_total: 7_500, count: 10 });
    const stored = await knex()('cart_lines').where({ user_id: user.id, product_id: few.id }).first();
    expect(stored.quantity).toBe(3);
    expect(stored).not.toHaveProperty('product_price');

    // The order is charged at the catalogue's price, whatever the client sent.
    await patchCart(user, [{ item_type: 'plan', plan_id: plan.id, quantity: 0 }]);
    const order = await user.client.post('/api/orders', { address: ADDRESS, total_amount: 1, items: [{ unit_price: 1 }] });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ total_amount: 7_500, subtotal: 7_500, items_count: 3, items: [{ product_id: few.id, unit_price: 2_500, quantity: 3, subtotal: 7_500 }] });
  });

  it('flags unavailable items and lowers a quantity above the stock left', async () => {
    const user = await createUser(app);
    const leaving = await product({ price: 1_000 });
    const selling = await product({ stock: 10, price: 2_000 });
    const sold = await product({ stock: 4, price: 3_000 });
    await patchCart(user, [productLine(leaving.id, 1), productLine(selling.id, 8), productLine(sold.id, 2)]);
    await knex()('products').where({ id: leaving.id }).update({ active: false });
    await knex()('products').where({ id: selling.id }).update({ stock_quantity: 5 });
    await knex()('products').where({ id: sold.id }).update({ stock_quantity: 0 });

    const cart = await user.client.get('/api/cart');
    expect(cart.status).toBe(200);
    const byId = (id: string) => cart.body.items.find((l: { id: string }) => l.id === id);
    expect(byId(leaving.id)).toMatchObject({ available: false, reason: 'Produto indisponível', subtotal: 0 });
    expect(byId(selling.id)).toMatchObject({ available: true, quantity: 5, reason: 'Só restam 5 unidades', subtotal: 10_000 });
    expect(byId(sold.id)).toMatchObject({ available: false, reason: 'Esgotado', stock_state: 'sold_out', subtotal: 0 });
    expect(cart.body).toMatchObject({ total: 10_000, count: 5 });
    expect((await knex()('cart_lines').where({ user_id: user.id, product_id: selling.id }).first()).quantity).toBe(5);

    // Ordering a cart with a sold-out line is refused as out of stock, naming it; nothing is reserved.
    const refused = await user.client.post('/api/orders', { address: ADDRESS });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('product_unavailable');
    await patchCart(user, [productLine(leaving.id, 0)]);
    const again = await user.client.post('/api/orders', { address: ADDRESS });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'out_of_stock', message: `Estoque insuficiente para ${sold.name}.` });
    expect(await stockOf(selling.id)).toBe(5);
  });

  it('refuses visitors and malformed lines', async () => {
    expect((await app.client().get('/api/cart')).status).toBe(401);
    const user = await createUser(app);
    const bad = await patchCart(user, [{ item_type: 'product', quantity: -1 }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ 'lines.0.quantity': expect.any(String), 'lines.0.product_id': expect.any(String) });
  });

  it('merges the browser cart at login: quantities added, then capped; sold-out and unknown items left out', async () => {
    const user = await createUser(app);
    const p1 = await product({ stock: 4 });
    const p2 = await product({ stock: null });
    const soldOut = await product({ stock: 0 });
    const plan = await createPlan(app);
    await patchCart(user, [productLine(p1.id, 2)]);

    // The visitor signs in (the real login), then the browser sends what it kept in local storage.
    const browser = app.client();
    expect((await browser.post('/api/auth/login', { email: user.email, password: 'senha-123' })).status).toBe(200);
    const merged = await browser.post('/api/cart/merge', {
      lines: [productLine(p1.id, 3), productLine(p2.id, 2, { price: 1 }), productLine(soldOut.id, 1), { item_type: 'plan', plan_id: plan.id, quantity: 1 }, productLine('00000000-0000-4000-8000-000000000001', 1)],
    });
    expect(merged.status).toBe(200);
    const quantities = Object.fromEntries(merged.body.items.map((l: { id: string; quantity: number }) => [l.id, l.quantity]));
    expect(quantities).toEqual({ [p1.id]: 4, [p2.id]: 2, [plan.id]: 1 });
    expect(merged.body.items.find((l: { id: string }) => l.id === p1.id).reason).toBe('Só restam 4 unidades');
    expect(merged.body.changes.map((c: { outcome: string }) => c.outcome)).toEqual(['capped', 'added', 'refused', 'added', 'refused']);
    const rows = await knex()('cart_lines').where({ user_id: user.id });
    expect(rows).toHaveLength(3);
    // Merging the same browser cart twice is not "added twice" for the capped line.
    const again = await browser.post('/api/cart/merge', { lines: [productLine(p1.id, 3)] });
    expect(again.body.items.find((l: { id: string }) => l.id === p1.id).quantity).toBe(4);
  });
});

describe('orders', () => {
  it('500 concurrent orders for a product with stock 50: exactly 50 reserved, 450 clear 409s, stock never negative', { timeout: 240_000 }, async () => {
    const p = await product({ name: 'Fone Bluetooth Edição Limitada', stock: 50, price: 19_990 });
    const users: TestUser[] = [];
    for (let i = 0; i < 500; i += 50) users.push(...(await Promise.all(Array.from({ length: 50 }, () => createUser(app)))));
    for (let i = 0; i < users.length; i += 50) {
      const res = await Promise.all(users.slice(i, i + 50).map((u) => patchCart(u, [productLine(p.id, 1)])));
      expect(res.every((r) => r.status === 200 && r.body.count === 1)).toBe(true);
    }

    const results = await Promise.all(users.map((u) => u.client.post('/api/orders', { address: ADDRESS })));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(created).toHaveLength(50);
    expect(refused).toHaveLength(450);
    for (const r of refused) expect(r.body.error).toMatchObject({ code: 'out_of_stock', message: 'Estoque insuficiente para Fone Bluetooth Edição Limitada.', product_id: p.id });
    expect(await stockOf(p.id)).toBe(0);
    const ordered = await knex()('order_items').where({ product_id: p.id }).sum<{ total: number }[]>('quantity as total').first();
    expect(Number(ordered?.total)).toBe(50);
    for (const r of created) expect(r.body).toMatchObject({ status: 'pending', total_amount: 19_990, items_count: 1 });
    // Winners' carts are emptied; losers keep their line (their transaction rolled back).
    const lines = await knex()('cart_lines').where({ product_id: p.id }).count<{ count: number }[]>('* as count').first();
    expect(Number(lines?.count)).toBe(450);
  });

  it('the reservation is a conditional decrement: refused when short or repriced, never below zero, unlimited stays unlimited', async () => {
    const uow = app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
    const limited = await product({ stock: 3, price: 1_000 });
    const unlimited = await product({ stock: null, price: 2_000 });
    const reserve = (id: string, q: number, price: number) => uow.run((r) => r.marketplace.products.reserveStock(id, q, price));
    expect(await reserve(limited.id, 2, 1_000)).toBe(true);
    expect(await reserve(limited.id, 2, 1_000)).toBe(false);
    expect(await reserve(limited.id, 1, 999)).toBe(false);
    expect(await stockOf(limited.id)).toBe(1);
    expect(await reserve(limited.id, 1, 1_000)).toBe(true);
    expect(await reserve(limited.id, 1, 1_000)).toBe(false);
    expect(await stockOf(limited.id)).toBe(0);
    expect(await reserve(unlimited.id, 500, 2_000)).toBe(true);
    expect(await stockOf(unlimited.id)).toBeNull();
    await knex()('products').where({ id: unlimited.id }).update({ active: false });
    expect(await reserve(unlimited.id, 1, 2_000)).toBe(false);
    // The database refuses a negative stock outright, whatever the code does.
    await expect(knex()('products').where({ id: limited.id }).update({ stock_quantity: -1 })).rejects.toThrow(/products_stock_check/);
  });

  it('creates an order from the cart with a snapshot, a 30-minute window, a timeline; plan lines stay in the cart', async () => {
    const user = await createUser(app);
    const a = await product({ name: 'Caneca Esmaltada', price: 4_990, stock: 5 });
    const b = await product({ name: 'Planner 2027', price: 7_990, stock: null });
    const plan = await createPlan(app);
    await patchCart(user, [productLine(a.id, 2), productLine(b.id, 1), { item_type: 'plan', plan_id: plan.id, quantity: 1 }]);
    const res = await user.client.post('/api/orders', { address: ADDRESS });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      status_label: 'Aguardando pagamento',
      subtotal: 17_970,
      total_amount: 17_970,
      items_count: 3,
      payment_id: null,
      payment: null,
      can_pay: true,
      address: { cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: 'ap 12', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      items: [
        { product_id: a.id, product_name: 'Caneca Esmaltada', unit_price: 4_990, quantity: 2, subtotal: 9_980 },
        { product_id: b.id, product_name: 'Planner 2027', unit_price: 7_990, quantity: 1, subtotal: 7_990 },
      ],
      timeline: [{ status: 'pending', label: 'Aguardando pagamento' }],
    });
    expect(new Date(res.body.expires_at).getTime() - clock.now().getTime()).toBe(30 * 60_000);
    expect(await stockOf(a.id)).toBe(3);
    expect(await stockOf(b.id)).toBeNull();
    const cart = await user.client.get('/api/cart');
    expect(cart.body.items.map((l: { item_type: string }) => l.item_type)).toEqual(['plan']);
    // A later price change does not touch the order.
    await products().save({ name: 'Caneca Esmaltada', slug: a.slug, price: 9_999, stock_quantity: 3, category_id: null });
    expect((await user.client.get(`/api/orders/${res.body.id}`)).body.items[0].unit_price).toBe(4_990);
    expect((await user.client.post('/api/orders', { address: ADDRESS })).body.error.code).toBe('cart_empty');
  });

  it('validates the address, or uses the one saved in the profile', async () => {
    const user = await createUser(app);
    const p = await product();
    await patchCart(user, [productLine(p.id, 1)]);
    const missing = await user.client.post('/api/orders', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toHaveProperty('address');
    const bad = await user.client.post('/api/orders', { address: { ...ADDRESS, cep: '123', state: 'ZZ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ 'address.cep': 'O CEP deve ter 8 dígitos', 'address.state': 'UF inválida' });
    // The factory's profile has no district: the saved address is incomplete until it gets one.
    const incomplete = await user.client.post('/api/orders', { use_saved_address: true });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toMatchObject({ code: 'saved_address_incomplete', fields: { 'address.district': 'Informe o bairro' } });
    await knex()('profiles').where({ user_id: user.id }).update({ address_district: 'Bela Vista' });
    const saved = await user.client.post('/api/orders', { use_saved_address: true });
    expect(saved.status).toBe(201);
    expect(saved.body.address).toEqual({ cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' });
    expect(await stockOf(p.id)).toBe(9);
  });

  it('is paid through the shared payment path with the sandbox: paid exactly once, e-mail and notification once', async () => {
    const user = await createUser(app);
    const p = await product({ price: 12_345, stock: 3 });
    const order = await orderOf(user, [[p.id, 2]]);

    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX' });
    expect(pay.status, JSON.stringify(pay.body)).toBe(201);
    expect(pay.body).toMatchObject({ purpose: 'order', ref_id: order.id, amount: 24_690, status: 'pending', provider: 'sandbox' });
    expect(pay.body.pix.payload).toMatch(/^000201/);

    const polling = await user.client.get('/api/orders/pending-payments');
    expect(polling.body).toMatchObject({ total: 1, items: [{ id: order.id, payment_id: pay.body.id, status: 'pending' }] });
    const detail = await user.client.get(`/api/orders/${order.id}`);
    expect(detail.body.payment).toMatchObject({ id: pay.body.id, status: 'pending', method: 'PIX', pix: { payload: pay.body.pix.payload } });

    // The provider's confirmation delivered many times at once, plus the screen's polling.
    const providerId = (await knex()('payments').where({ id: pay.body.id }).first()).provider_payment_id;
    const sandbox = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
    const hook = await sandbox.simulatePayment(providerId);
    const deliveries = await Promise.all([
      ...Array.from({ length: 8 }, () => app.client().post('/api/webhooks/asaas', hook.body, hook.headers)),
      user.client.get(`/api/payments/${pay.body.id}/status`),
      user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`),
    ]);
    expect(deliveries.every((r) => r.status === 200)).toBe(true);

    const paid = await user.client.get(`/api/orders/${order.id}`);
    expect(paid.body).toMatchObject({ status: 'paid', status_label: 'Pago', payment_id: pay.body.id, can_pay: false, payment: { status: 'confirmed', confirmed: true } });
    expect(paid.body.payment).not.toHaveProperty('pix');
    expect(paid.body.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'paid']);
    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_paid' })).toHaveLength(1);
    const mails = await knex()('mail_outbox').where({ to_address: user.email, template: 'order_confirmed' });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Pedido confirmado ${order.number}`);
    // The confirmation points at the payment's receipt.
    expect(mails[0].text_body).toContain(`Recibo do pagamento: ${app.config.publicUrl}/api/payments/${pay.body.id}/receipt`);
    expect((await knex()('marketplace_orders').where({ id: order.id }).first()).paid_at).not.toBeNull();
    expect((await user.client.get('/api/orders/pending-payments')).body.total).toBe(0);
    expect(await stockOf(p.id)).toBe(1);

    const again = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_paid');
  });

  it("lists only the caller's orders, newest first; another user's order is a 404", async () => {
    const owner = await createUser(app);
    const stranger = await createUser(app);
    const p = await product({ stock: null });
    const first = await orderOf(owner, [[p.id, 1]]);
    const second = await orderOf(owner, [[p.id, 3]]);
    const mine = await owner.client.get('/api/orders?per_page=10');
    expect(mine.body.total).toBe(2);
    expect(mine.body.items.map((o: { id: string; items_count: number }) => [o.id, o.items_count])).toEqual([[second.id, 3], [first.id, 1]]);
    expect((await owner.client.get('/api/orders?per_page=1&page=2')).body).toMatchObject({ total: 2, items: [{ id: first.id }] });

    expect((await stranger.client.get(`/api/orders/${first.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/orders/${first.id}`)).body.error.code).toBe('order_not_found');
    expect((await stranger.client.get('/api/orders')).body).toEqual({ items: [], total: 0 });
    const theirs = await stranger.client.post('/api/payments', { purpose: 'order', ref_id: first.id, method: 'PIX' });
    expect(theirs.status).toBe(404);
    expect((await owner.client.get('/api/orders/nao-e-um-id')).status).toBe(404);
    expect((await app.client().get('/api/orders')).status).toBe(401);
  });

  it('SPEC §7 polling lists at most the 5 newest pending orders that have a payment', async () => {
    const user = await createUser(app);
    const p = await product({ stock: null, price: 1_000 });
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await orderOf(user, [[p.id, 1]]));
    const withoutPayment = await orderOf(user, [[p.id, 1]]);
    for (const o of created) expect((await user.client.post('/api/payments', { purpose: 'order', ref_id: o.id, method: 'PIX' })).status).toBe(201);
    const polled = await user.client.get('/api/orders/pending-payments');
    expect(polled.body.total).toBe(5);
    expect(polled.body.items.map((o: { id: string }) => o.id)).toEqual(created.slice(2).reverse().map((o) => o.id));
    expect(polled.body.items.map((o: { id: string }) => o.id)).not.toContain(withoutPayment.id);
  });

  it('an unpaid order past its window is cancelled and returns its stock once, even with two runners at once; a late payment is refunded', async () => {
    const user = await createUser(app);
    const p = await product({ stock: 5 });
    const order = await orderOf(user, [[p.id, 2]]);
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX' });
    expect(await stockOf(p.id)).toBe(3);

    const start = clock.now();
    try {
      clock.advance(29 * 60_000);
      expect((await orders().expireOrders()).expired).toBe(0);
      // Paid at the bank in the window's last minute; its webhook arrives after the expiry (the expiry
      // cancels the charge at the provider, which finds it paid and refunds it).
      const providerId = (await knex()('payments').where({ id: pay.body.id }).first()).provider_payment_id;
      const delayed = await app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway).simulatePayment(providerId);
      clock.advance(2 * 60_000);
      // Other tests' pending orders expire too: the three runners share them, each exactly once.
      const pendingBefore = await knex()('marketplace_orders').where({ status: 'pending' }).where('expires_at', '<=', clock.now());
      const runs = await Promise.all([orders().expireOrders(), orders().expireOrders(), orders().expireOrders()]);
      expect(runs.reduce((s, r) => s + r.expired, 0)).toBe(pendingBefore.length);
      expect(pendingBefore.map((o) => o.id)).toContain(order.id);
      expect(await stockOf(p.id)).toBe(5);
      expect(await knex()('order_status_history').where({ order_id: order.id, to_status: 'cancelled' })).toHaveLength(1);
      const cancelled = await user.client.get(`/api/orders/${order.id}`);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', cancel_reason: 'Pagamento não confirmado no prazo', can_pay: false });
      expect(cancelled.body.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'cancelled']);
      expect(await knex()('notifications').where({ user_id: user.id, type: 'order_cancelled' })).toHaveLength(1);
      expect((await orders().expireOrders()).expired).toBe(0);
      expect(await stockOf(p.id)).toBe(5);

      // Paying now is refused; a charge paid anyway (the PIX was already issued) goes back to the payer.
      const late = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'BOLETO' });
      expect(late.status).toBe(409);
      expect(late.body.error.code).toBe('order_cancelled');
      expect((await app.client().post('/api/webhooks/asaas', delayed.body, delayed.headers)).status).toBe(200);
      expect((await knex()('payments').where({ id: pay.body.id }).first()).status).toMatch(/^refund(_pending|ed)$/);
      expect((await knex()('marketplace_orders').where({ id: order.id }).first()).status).toBe('cancelled');
      expect(await stockOf(p.id)).toBe(5);
    } finally {
      clock.set(start);
    }
  });

  it('an order paid by boleto keeps its stock until the boleto is due, then expires', async () => {
    const user = await createUser(app);
    const p = await product({ stock: 3 });
    const order = await orderOf(user, [[p.id, 1]]);
    const boleto = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'BOLETO' });
    expect(boleto.status).toBe(201);
    const start = clock.now();
    try {
      clock.advance(31 * 60_000);
      await orders().expireOrders();
      expect((await knex()('marketplace_orders').where({ id: order.id }).first()).status).toBe('pending');
      expect(await stockOf(p.id)).toBe(2);
      clock.advance(5 * 86_400_000);
      await orders().expireOrders();
      expect((await knex()('marketplace_orders').where({ id: order.id }).first()).status).toBe('cancelled');
      expect(await stockOf(p.id)).toBe(3);
      expect((await knex()('payments').where({ id: boleto.body.id }).first()).status).toBe('cancelled');
    } finally {
      clock.set(start);
    }
  });

  it('the expire_orders job runs through the job queue, every minute', async () => {
    const queue = app.container.get<PgBossJobQueue>(TOKENS.JobQueue);
    const result = await queue.runNow('expire_orders');
    expect(result).toMatchObject({ outcome: 'ok' });
    expect((await queue.status()).find((s) => s.name === 'expire_orders')).toMatchObject({ schedule: '* * * * *', last_run: { outcome: 'ok' } });
  });

  it('operators move an order along the flow; shipped needs a tracking code; a refund before shipping returns the stock', async () => {
    const user = await createUser(app);
    const p = await product({ stock: 4, price: 5_000 });
    const order = await orderOf(user, [[p.id, 1]]);
    const pay = await user.client.post('/api/payments', { purpose: 'order', ref_id: order.id, method: 'PIX' });
    await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`);
    const op = { actorEmail: 'ops@turma.test' };
    await expect(orders().setStatus(order.id, 'delivered', op)).rejects.toMatchObject({ code: 'invalid_order_transition' });
    await orders().setStatus(order.id, 'preparing', op);
    await expect(orders().setStatus(order.id, 'shipped', op)).rejects.toMatchObject({ code: 'tracking_code_required' });
    const shipped = await orders().setStatus(order.id, 'shipped', { ...op, trackingCode: 'qb123456789br' });
    expect(shipped).toMatchObject({ status: 'shipped', tracking_code: 'QB123456789BR' });
    await orders().setStatus(order.id, 'delivered', op);
    const view = await user.client.get(`/api/orders/${order.id}`);
    expect(view.body.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'paid', 'preparing', 'shipped', 'delivered']);
    const row = await knex()('marketplace_orders').where({ id: order.id }).first();
    for (const col of ['paid_at', 'preparing_at', 'shipped_at', 'delivered_at']) expect(row[col]).not.toBeNull();
    expect(await knex()('notifications').where({ user_id: user.id, type: 'order_shipped' })).toHaveLength(1);

    const other = await orderOf(user, [[p.id, 2]]);
    const otherPay = await user.client.post('/api/payments', { purpose: 'order', ref_id: other.id, method: 'PIX' });
    await user.client.post(`/api/sandbox/payments/${otherPay.body.id}/confirm`);
    expect(await stockOf(p.id)).toBe(1);
    await orders().setStatus(other.id, 'refunded', { ...op, note: 'cliente desistiu' });
    expect(await stockOf(p.id)).toBe(3);
    // The refund enqueued payments.refund in the order's transaction; it ran right after the commit (sandbox).
    expect(await knex()('payments').where({ id: otherPay.body.id }).first()).toMatchObject({ status: 'refunded', refunded_amount: 10_000 });
    await expect(orders().setStatus(other.id, 'refunded', op)).rejects.toMatchObject({ code: 'invalid_order_transition' });
  });
});
