// The back office catalogue over HTTP: products, product and plan categories and the marketplace overview — admin only,
// ra-data-simple-rest lists with Content-Range, audited changes, server-side fields, CSV import all or nothing, images
// re-encoded and served, categories in use refused with 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

let app: TestApp;
let admin: TestUser;
let beauty: { id: string; slug: string };
let home: { id: string; slug: string };
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin' });
  const a = await admin.client.post('/api/admin/product-categories', { name: 'Beleza', slug: 'beleza', sort_order: 1 });
  expect(a.status, JSON.stringify(a.body)).toBe(201);
  const b = await admin.client.post('/api/admin/product-categories', { name: 'Casa', slug: 'casa', sort_order: 2 });
  expect(b.status, JSON.stringify(b.body)).toBe(201);
  beauty = a.body;
  home = b.body;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const q = (params: Record<string, unknown>) =>
  '?' + Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`).join('&');

async function auditOf(action: string, entityId?: string) {
  const query = knex()('audit_logs').where({ action }).orderBy('created_at', 'desc');
  if (entityId) query.where({ entity_id: entityId });
  return query.first();
}

const png = (width = 2400, height = 1200, color = '#0a7') => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

async function multipart(user: TestUser | null, path: string, field: string, body: Uint8Array | string, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type }), filename);
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { ...(user ? { cookie: user.client.cookieHeader() } : {}), 'x-forwarded-for': user?.client.ip ?? '10.9.9.8' },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const product = (over: Record<string, unknown> = {}) => ({
  name: 'Sérum Facial Vitamina C',
  slug: `serum-${Math.random().toString(36).slice(2, 8)}`,
  description: 'Antioxidante, 30 ml.',
  price: 8_990,
  stock_quantity: 10,
  category_id: beauty.id,
  active: true,
  ...over,
});

describe('admin catalogue: who may call', () => {
  it('refuses visitors (401) and users (403) on every route', async () => {
    const user = await createUser(app);
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/products', undefined],
      ['GET', `/api/admin/products/${id}`, undefined],
      ['POST', '/api/admin/products', product()],
      ['PUT', `/api/admin/products/${id}`, product()],
      ['DELETE', `/api/admin/products/${id}`, undefined],
      ['POST', `/api/admin/products/${id}/activate`, {}],
      ['POST', `/api/admin/products/${id}/deactivate`, {}],
      ['POST', '/api/admin/products/images', {}],
      ['POST', '/api/admin/products/import', {}],
      ['GET', '/api/admin/product-categories', undefined],
      ['GET', `/api/admin/product-categories/${id}`, undefined],
      ['POST', '/api/admin/product-categories', { name: 'X', slug: 'x' }],
      ['PUT', `/api/admin/product-categories/${id}`, { name: 'X', slug: 'x' }],
      ['DELETE', `/api/admin/product-categories/${id}`, undefined],
      ['GET', '/api/admin/plan-categories', undefined],
      ['GET', `/api/admin/plan-categories/${id}`, undefined],
      ['POST', '/api/admin/plan-categories', { name: 'X', slug: 'x', kind: 'service' }],
      ['PUT', `/api/admin/plan-categories/${id}`, { name: 'X', slug: 'x', kind: 'service' }],
      ['DELETE', `/api/admin/plan-categories/${id}`, undefined],
      ['GET', '/api/admin/marketplace/overview', undefined],
    ];
    for (const [method, path, body] of routes) {
      expect((await app.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await user.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // Multipart too (the guard runs before the body is read).
    const anon = await multipart(null, '/api/admin/products/images', 'image', await png(10, 10), 'a.png', 'image/png');
    expect(anon.status).toBe(401);
    const mine = await multipart(user, '/api/admin/products/import', 'file', 'name;category;price\n', 'a.csv', 'text/csv');
    expect(mine.status).toBe(403);
  });
});

describe('/api/admin/products', () => {
  it('lists with sort, range and filters (search, category, active, low stock) and answers Content-Range', async () => {
    const tag = `lista${Math.random().toString(36).slice(2, 6)}`;
    const made: Array<{ id: string; name: string }> = [];
    for (const [i, over] of [
      { price: 1_000, stock_quantity: 50, category_id: beauty.id },
      { price: 3_000, stock_quantity: 2, category_id: beauty.id },
      { price: 2_000, stock_quantity: null, category_id: home.id },
      { price: 4_000, stock_quantity: 0, category_id: home.id, active: false },
    ].entries()) {
      const r = await admin.client.post('/api/admin/products', product({ name: `Produto ${tag} ${i}`, slug: `${tag}-${i}`, ...over }));
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      made.push(r.body);
    }
    const byPrice = await admin.client.get(`/api/admin/products${q({ filter: { q: tag }, sort: ['price', 'DESC'], range: [0, 1] })}`);
    expect(byPrice.status, JSON.stringify(byPrice.body)).toBe(200);
    expect(byPrice.headers.get('content-range')).toBe('products 0-1/4');
    expect(byPrice.body.map((p: { price: number }) => p.price)).toEqual([4_000, 3_000]);
    const second = await admin.client.get(`/api/admin/products${q({ filter: { q: tag }, sort: ['price', 'DESC'], range: [2, 3] })}`);
    expect(second.headers.get('content-range')).toBe('products 2-3/4');
    expect(second.body.map((p: { price: number }) => p.price)).toEqual([2_000, 1_000]);

    const home1 = await admin.client.get(`/api/admin/products${q({ filter: { q: tag, category_id: home.id }, sort: ['name', 'ASC'] })}`);
    expect(home1.body.map((p: { slug: string }) => p.slug)).toEqual([`${tag}-2`, `${tag}-3`]);
    expect(home1.body[0]).toMatchObject({ category_name: 'Casa', stock_quantity: null, stock_state: 'available', image_url: expect.stringMatching(/^\/media\/products\//) });

    const active = await admin.client.get(`/api/admin/products${q({ filter: { q: tag, active: false } })}`);
    expect(active.body.map((p: { slug: string }) => p.slug)).toEqual([`${tag}-3`]);
    const low = await admin.client.get(`/api/admin/products${q({ filter: { q: tag, low_stock: true }, sort: ['stock_quantity', 'ASC'] })}`);
    expect(low.headers.get('content-range')).toBe('products 0-1/2');
    expect(low.body.map((p: { stock_quantity: number; stock_state: string }) => [p.stock_quantity, p.stock_state])).toEqual([
      [0, 'sold_out'],
      [2, 'low'],
    ]);
    // getMany (ra-data-simple-rest): filter by ids.
    const many = await admin.client.get(`/api/admin/products${q({ filter: { id: [made[0]!.id, made[2]!.id] } })}`);
    expect(many.body.map((p: { id: string }) => p.id).sort()).toEqual([made[0]!.id, made[2]!.id].sort());
    expect((await admin.client.get(`/api/admin/products${q({ filter: { low_stock: 'sim' } })}`)).status).toBe(400);
  });

  it('creates, edits and deactivates with an audit of actor, before and after; the server decides computed fields', async () => {
    const created = await admin.client.post('/api/admin/products', product({ slug: 'creme-maos', name: 'Creme para Mãos', stock_quantity: 2, stock_state: 'available', image_url: 'x', category_name: 'Outra' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    // Client-sent computed fields are ignored; the stock state is the server's.
    expect(created.body).toMatchObject({ name: 'Creme para Mãos', price: 8_990, stock_quantity: 2, stock_state: 'low', category_name: 'Beleza', active: true });
    const row = await knex()('products').where({ id }).first();
    expect(row).toMatchObject({ price: 8_990, stock_quantity: 2, search_text: 'creme para maos antioxidante 30 ml' });
    const createdLog = await auditOf('admin.product_created', id);
    expect(createdLog).toMatchObject({ actor_user_id: admin.id, actor_email: admin.email, entity_type: 'product' });
    expect(createdLog.metadata).toMatchObject({ before: null, after: { slug: 'creme-maos', price: 8_990 } });

    // Money is integer centavos: reais with a decimal part are refused, in pt-BR, under the field.
    const bad = await admin.client.request('PUT', `/api/admin/products/${id}`, { ...created.body, price: 89.9 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.price).toBe('O preço deve ser um número inteiro de centavos');
    const unknownCategory = await admin.client.request('PUT', `/api/admin/products/${id}`, { ...created.body, category_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.error.fields.category_id).toMatch(/Categoria não encontrada/);

    const edited = await admin.client.request('PUT', `/api/admin/products/${id}`, { ...created.body, price: 7_450, stock_quantity: 20, category_id: home.id, stock_state: 'sold_out' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ price: 7_450, stock_quantity: 20, stock_state: 'available', category_name: 'Casa', images: created.body.images });
    const editLog = await auditOf('admin.product_updated', id);
    expect(editLog.actor_email).toBe(admin.email);
    expect(editLog.metadata.before).toMatchObject({ price: 8_990, stock_quantity: 2, category_id: beauty.id });
    expect(editLog.metadata.after).toMatchObject({ price: 7_450, stock_quantity: 20, category_id: home.id });

    const dup = await admin.client.post('/api/admin/products', product({ slug: 'creme-maos' }));
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'slug_taken', message: 'Já existe um produto com este identificador (slug).' });

    // Public catalogue before and after deactivating.
    expect((await app.client().get(`/api/products/${id}`)).status).toBe(200);
    const off = await admin.client.post(`/api/admin/products/${id}/deactivate`, {});
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await knex()('products').where({ id }).first()).active).toBe(false);
    expect((await app.client().get(`/api/products/${id}`)).status).toBe(404);
    const offLog = await auditOf('admin.product_deactivated', id);
    expect(offLog).toMatchObject({ actor_user_id: admin.id });
    expect(offLog.metadata).toMatchObject({ before: { active: true }, after: { active: false } });

    const on = await admin.client.post(`/api/admin/products/${id}/activate`, {});
    expect(on.body.active).toBe(true);
    expect((await auditOf('admin.product_activated', id)).metadata).toMatchObject({ before: { active: false }, after: { active: true } });
    // DELETE only deactivates (orders point at products) and answers the record.
    const del = await admin.client.request('DELETE', `/api/admin/products/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id, active: false });
    expect(await knex()('products').where({ id }).first()).toBeTruthy();
    expect((await admin.client.get('/api/admin/products/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("keeps a product's fiscal kind and NCM for its invoices: goods and no NCM by default, dots accepted, a bad NCM refused in pt-BR", async () => {
    const created = await admin.client.post('/api/admin/products', product({ slug: 'caneca-ceramica', name: 'Caneca de Cerâmica' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ fiscal_kind: 'goods', ncm: null });
    const id = created.body.id as string;

    const edited = await admin.client.request('PUT', `/api/admin/products/${id}`, { ...created.body, fiscal_kind: 'service', ncm: '6912.00.00' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ fiscal_kind: 'service', ncm: '69120000' });
    expect(await knex()('products').where({ id }).first('fiscal_kind', 'ncm')).toEqual({ fiscal_kind: 'service', ncm: '69120000' });
    expect((await auditOf('admin.product_updated', id)).metadata).toMatchObject({ before: { fiscal_kind: 'goods', ncm: null }, after: { fiscal_kind: 'service', ncm: '69120000' } });

    // An edit without the fields keeps them; an empty NCM goes back to the store's default (NFE_NCM).
    const { fiscal_kind: _k, ncm: _n, ...withoutFiscal } = edited.body;
    expect((await admin.client.request('PUT', `/api/admin/products/${id}`, { ...withoutFiscal, price: 3_990 })).body).toMatchObject({ fiscal_kind: 'service', ncm: '69120000' });
    expect((await admin.client.request('PUT', `/api/admin/products/${id}`, { ...edited.body, ncm: '' })).body).toMatchObject({ ncm: null });

    const bad = await admin.client.request('PUT', `/api/admin/products/${id}`, { ...edited.body, ncm: '6912', fiscal_kind: 'bem' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ ncm: 'Use os 8 dígitos do NCM, por exemplo 6109.10.00', fiscal_kind: 'Escolha mercadoria ou serviço' });
  });

  it('uploads an image: re-encoded to WebP within 1600 px, stored and served; the product keeps its URL', async () => {
    const up = await multipart(admin, '/api/admin/products/images', 'image', await png(), 'foto.png', 'image/png');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ url: expect.stringMatching(/^\/media\/products\/uploads\/[0-9a-f-]+\.webp$/), width: 1600, height: 800 });
    const served = await fetch(`${app.url}${up.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect((await auditOf('admin.product_image_uploaded')).metadata.after).toMatchObject({ url: up.body.url });

    const created = await admin.client.post('/api/admin/products', product({ images: [up.body.url] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.image_url).toBe(up.body.url);
    expect((await app.client().get(`/api/products/${created.body.id}`)).body.image_url).toBe(up.body.url);

    const text = await multipart(admin, '/api/admin/products/images', 'image', 'não sou imagem', 'foto.jpg', 'image/jpeg');
    expect(text.status).toBe(400);
    expect(text.body.error).toMatchObject({ code: 'invalid_image_type', message: 'Formato não aceito: envie uma imagem JPEG, PNG ou WebP.' });
    const foreign = await admin.client.post('/api/admin/products', product({ images: ['javascript:alert(1)'] }));
    expect(foreign.status).toBe(400);
  });

  it('imports a CSV (";" and decimal comma): creates and updates by slug, audited', async () => {
    const csv = ['name;slug;category;price;stock;description', 'Vela Aromática;vela-aromatica;casa;49,90;12;Lavanda', 'Toalha de Banho;toalha-banho;casa;"1.299,00";;Algodão', 'Batom Matte;batom-matte;beleza;35;3;'].join('\r\n');
    const first = await multipart(admin, '/api/admin/products/import', 'file', csv, 'produtos.csv', 'text/csv');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ created: 3, updated: 0, total: 3 });
    const rows = await knex()('products').whereIn('slug', ['vela-aromatica', 'toalha-banho', 'batom-matte']).orderBy('slug');
    expect(rows.map((r) => [r.slug, r.price, r.stock_quantity, r.category_id])).toEqual([
      ['batom-matte', 3_500, 3, beauty.id],
      ['toalha-banho', 129_900, null, home.id],
      ['vela-aromatica', 4_990, 12, home.id],
    ]);
    const again = await multipart(admin, '/api/admin/products/import', 'file', 'name;slug;category;price;stock\nVela Aromática;vela-aromatica;casa;59,90;5', 'p.csv', 'text/csv');
    expect(again.body).toEqual({ created: 0, updated: 1, total: 1 });
    expect((await knex()('products').where({ slug: 'vela-aromatica' }).first()).price).toBe(5_990);
    const log = await auditOf('admin.products_imported');
    expect(log.actor_email).toBe(admin.email);
    expect(log.metadata.changes).toEqual([expect.objectContaining({ line: 2, slug: 'vela-aromatica', before: expect.objectContaining({ price: 4_990 }), after: expect.objectContaining({ price: 5_990 }) })]);
  });

  it('a CSV with a bad line saves nothing and reports each error with its line, in pt-BR', async () => {
    const csv = ['name;slug;category;price;stock', 'Caneca Esmaltada;caneca-esmaltada;casa;39,90;4', 'Prato Raso;prato-raso;jardinagem;abc;-1'].join('\n');
    const res = await multipart(admin, '/api/admin/products/import', 'file', csv, 'p.csv', 'text/csv');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('csv_invalid');
    expect(res.body.error.message).toBe('Nenhum produto foi importado: 1 linha tem erro. Corrija o arquivo e envie de novo.');
    expect(res.body.error.lines).toHaveLength(1);
    expect(res.body.error.lines[0].line).toBe(3);
    expect(res.body.error.lines[0].message).toContain('categoria desconhecida "jardinagem"');
    expect(res.body.error.lines[0].message).toContain('preço inválido "abc"');
    expect(res.body.error.lines[0].message).toContain('estoque inválido "-1"');
    expect(await knex()('products').where({ slug: 'caneca-esmaltada' }).first()).toBeUndefined();
    const empty = await multipart(admin, '/api/admin/products/import', 'file', '', 'p.csv', 'text/csv');
    expect(empty.status).toBe(400);
  });
});

describe('/api/admin/product-categories', () => {
  it('lists with Content-Range and usage counts; edits audited; deleting a category in use is a 409 in pt-BR', async () => {
    const list = await admin.client.get(`/api/admin/product-categories${q({ sort: ['sort_order', 'ASC'], range: [0, 0] })}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toMatch(/^product-categories 0-0\/\d+$/);
    expect(list.body[0]).toMatchObject({ slug: 'beleza', products_count: expect.any(Number) });

    const made = await admin.client.post('/api/admin/product-categories', { name: 'Papelaria', slug: 'papelaria', description: '' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ description: null, products_count: 0, active: true });
    const bad = await admin.client.post('/api/admin/product-categories', { name: 'P', slug: 'Papel Aria' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.slug).toBe('Use letras minúsculas, números e hífens');
    const edited = await admin.client.request('PUT', `/api/admin/product-categories/${made.body.id}`, { ...made.body, name: 'Papelaria e Escritório' });
    expect(edited.body.name).toBe('Papelaria e Escritório');
    const log = await auditOf('admin.product_category_updated', made.body.id);
    expect(log).toMatchObject({ actor_user_id: admin.id, entity_type: 'product_category' });
    expect(log.metadata).toMatchObject({ before: { name: 'Papelaria' }, after: { name: 'Papelaria e Escritório' } });

    const p = await admin.client.post('/api/admin/products', product({ category_id: made.body.id }));
    expect(p.status).toBe(201);
    const inUse = await admin.client.request('DELETE', `/api/admin/product-categories/${made.body.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatchObject({ code: 'category_in_use', message: expect.stringMatching(/^Esta categoria não pode ser excluída: 1 produto usa esta categoria\./) });

    const free = await admin.client.post('/api/admin/product-categories', { name: 'Temporária', slug: 'temporaria' });
    const del = await admin.client.request('DELETE', `/api/admin/product-categories/${free.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ id: free.body.id, slug: 'temporaria' });
    expect(await knex()('product_categories').where({ id: free.body.id }).first()).toBeUndefined();
    expect((await auditOf('admin.product_category_deleted', free.body.id)).metadata).toMatchObject({ before: { slug: 'temporaria' }, after: null });
  });
});

describe('/api/admin/plan-categories', () => {
  it('lists, creates, edits (audited) and refuses to delete a category plans use (409 in pt-BR)', async () => {
    const plan = await createPlan(app);
    const used = await knex()('plans').where({ id: plan.id }).first('category_id');
    const list = await admin.client.get(`/api/admin/plan-categories${q({ filter: { id: [used.category_id] } })}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('plan-categories 0-0/1');
    expect(list.body[0]).toMatchObject({ id: used.category_id, plans_count: 1 });

    const inUse = await admin.client.request('DELETE', `/api/admin/plan-categories/${used.category_id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error.code).toBe('category_in_use');
    expect(inUse.body.error.message).toMatch(/^Esta categoria não pode ser excluída: está em uso por 1 plano/);

    const made = await admin.client.post('/api/admin/plan-categories', { name: 'Podologia', slug: 'podologia', kind: 'service' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const badKind = await admin.client.post('/api/admin/plan-categories', { name: 'X y', slug: 'xy', kind: 'outro' });
    expect(badKind.body.error.fields.kind).toBe('Escolha o tipo: serviço ou produto');
    const dup = await admin.client.post('/api/admin/plan-categories', { name: 'Podologia 2', slug: 'podologia', kind: 'service' });
    expect(dup.status).toBe(409);
    const edited = await admin.client.request('PUT', `/api/admin/plan-categories/${made.body.id}`, { ...made.body, sort_order: 9 });
    expect(edited.body.sort_order).toBe(9);
    expect((await auditOf('admin.plan_category_updated', made.body.id)).metadata).toMatchObject({ before: { sort_order: 0 }, after: { sort_order: 9 } });
    expect((await app.client().get('/api/plan-categories')).body.items.map((c: { slug: string }) => c.slug)).toContain('podologia');
    const del = await admin.client.request('DELETE', `/api/admin/plan-categories/${made.body.id}`);
    expect(del.status).toBe(200);
    expect((await app.client().get('/api/plan-categories')).body.items.map((c: { slug: string }) => c.slug)).not.toContain('podologia');
  });
});

describe('/api/admin/marketplace/overview', () => {
  it('counts products, lists low stock and counts orders by status today and this month', async () => {
    const low = await admin.client.post('/api/admin/products', product({ name: 'Último Frasco', stock_quantity: 1 }));
    const res = await admin.client.get('/api/admin/marketplace/overview');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [counted] = (await knex()('products').where({ active: true }).count('* as n')) as Array<{ n: number | string }>;
    expect(res.body.products.active).toBe(Number(counted!.n));
    expect(res.body.products.inactive).toBeGreaterThanOrEqual(1);
    expect(res.body.low_stock_threshold).toBe(3);
    expect(res.body.low_stock).toContainEqual({ id: low.body.id, name: 'Último Frasco', slug: low.body.slug, stock_quantity: 1, active: true });
    expect(res.body.orders_today).toMatchObject({ pending: 0, paid: 0, shipped: 0 });
    expect(res.body.sales_month).toEqual({ count: 0, amount: 0 });
  });
});
