// Back-office CSV exports: streamed from the server with the list's filters and no row cap — UTF-8 with
// BOM, `;`, pt-BR dates and decimal comma; 100,000 orders stream with memory bounded by a page (PostgreSQL only).
import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../adapters/tokens';
import type { ProductService } from '../../core/marketplace/product.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { createUser, type TestUser } from '../support/factories';

const onPostgres = !!process.env.DATABASE_URL;
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createUser(app, { role: 'admin' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const filterQuery = (filter: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
const ADDRESS = JSON.stringify({ cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' });

async function insertOrder(userId: string, over: { status?: string; total?: number; created_at?: Date; tracking_code?: string | null } = {}) {
  const total = over.total ?? 123_456;
  const [row] = await knex()('marketplace_orders')
    .insert({
      user_id: userId,
      status: over.status ?? 'paid',
      subtotal: total,
      total_amount: total,
      items_count: 2,
      address: ADDRESS,
      tracking_code: over.tracking_code ?? null,
      expires_at: new Date(),
      created_at: over.created_at ?? new Date(),
    })
    .returning(['id']);
  return row.id as string;
}

describe('GET /api/admin/exports/:resource', () => {
  it('orders: BOM, `;`, pt-BR date and decimal comma, the list filters honoured', async () => {
    const buyer = await createUser(app, { fullName: 'José Conceição' });
    const other = await createUser(app, { fullName: 'Outra Pessoa' });
    const paid = await insertOrder(buyer.id, { total: 123_456, created_at: new Date('2026-03-05T13:07:00Z') });
    await insertOrder(buyer.id, { status: 'pending', total: 990 });
    await insertOrder(other.id, { total: 500 });

    const res = await admin.client.get(`/api/admin/exports/orders?${filterQuery({ user_id: buyer.id, status: ['paid'] })}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    // fetch's text() drops a leading BOM; the raw bytes prove it is sent.
    const raw = await rawBody(`/api/admin/exports/orders?${filterQuery({ user_id: buyer.id, status: ['paid'] })}`);
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Pedido;Status;Cliente;E-mail;Itens;Subtotal (R$);Total (R$);Rastreio;Cidade;UF;Criado em;Pago em;Enviado em;ID');
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe(`#${paid.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
    expect(cells.slice(1, 7)).toEqual(['Pago', 'José Conceição', buyer.email, '2', '1234,56', '1234,56']);
    expect(cells.slice(8, 11)).toEqual(['São Paulo', 'SP', '05/03/2026 10:07']);
    expect(cells[13]).toBe(paid);

    const bad = await admin.client.get(`/api/admin/exports/orders?${filterQuery({ status: 'sumido' })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_filter');
    expect((await admin.client.get('/api/admin/exports/planetas')).status).toBe(400);
  });

  it('products and users export with their filters', async () => {
    const products = app.container.get<ProductService>(TOKENS.ProductService);
    const tag = Math.random().toString(36).slice(2, 8);
    await products.save({ name: `Sérum Açaí ${tag}`, slug: `serum-${tag}`, description: 'x', price: 8_990, stock_quantity: null, category_id: null, active: true });
    await products.save({ name: `Sérum Inativo ${tag}`, slug: `serum-off-${tag}`, description: 'x', price: 1_000, stock_quantity: 3, category_id: null, active: false });
    const raw = (await rawBody(`/api/admin/exports/products?${filterQuery({ q: tag, active: true })}`)).toString('utf8');
    const lines = raw.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^Sérum Açaí ${tag};serum-${tag};;89,90;ilimitado;sim;`));

    const person = await createUser(app, { fullName: `Zélia ${tag}` });
    const users = (await rawBody(`/api/admin/exports/users?${filterQuery({ q: tag })}`)).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(users).toHaveLength(2);
    expect(users[1]!.split(';').slice(0, 3)).toEqual([`Zélia ${tag}`, person.email, 'user']);
  });

  it.skipIf(!onPostgres)('streams 100,000 orders with bounded memory (PostgreSQL)', { timeout: 300_000 }, async () => {
    const buyer = await createUser(app, { fullName: 'Comprador em Massa' });
    await knex().raw(
      `insert into marketplace_orders (user_id, status, subtotal, total_amount, items_count, address, tracking_code, expires_at, created_at)
       select ?, 'paid', 1000 + g, 1000 + g, 1 + g % 5, ?::jsonb, 'BR' || g, now(), now() - make_interval(secs => g)
       from generate_series(1, 100000) g`,
      [buyer.id, ADDRESS],
    );
    // Retained memory, not garbage: a full collection before each sample (the young generation alone fills several
    // MB of short-lived page objects between collections, which says nothing about what the export keeps).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let rawPeak = before;
    let bytes = 0;
    let rows = 0;
    let tail = '';
    const sampler = setInterval(() => {
      rawPeak = Math.max(rawPeak, process.memoryUsage().heapUsed);
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 100);
    const started = Date.now();
    await new Promise<void>((resolve, reject) => {
      const url = new URL(`${app.url}/api/admin/exports/orders?${filterQuery({ user_id: buyer.id })}`);
      request(url, { headers: { cookie: admin.client.cookieHeader(), 'x-forwarded-for': admin.client.ip } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          const text = tail + chunk.toString('latin1');
          const parts = text.split('\r\n');
          tail = parts.pop() ?? '';
          rows += parts.length;
        });
        res.on('end', resolve);
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
    clearInterval(sampler);
    const growth = peak - before;
    console.info(
      `[export] 100000 orders: ${(bytes / 1e6).toFixed(1)} MB in ${Date.now() - started} ms; retained heap growth peak ${(growth / 1e6).toFixed(2)} MB` +
        ` (with garbage ${((rawPeak - before) / 1e6).toFixed(1)} MB)`,
    );
    expect(rows).toBe(100_001); // header + every order, no cap
    expect(bytes).toBeGreaterThan(10_000_000);
    // A page is 1,000 rows (~150 kB of CSV); the whole file held in memory would be at least its 15 MB again.
    expect(growth).toBeLessThan(bytes / 5);
  });
});

/** The body's exact bytes (fetch's text() would swallow the BOM). */
function rawBody(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(new URL(`${app.url}${path}`), { headers: { cookie: admin.client.cookieHeader(), 'x-forwarded-for': admin.client.ip, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
