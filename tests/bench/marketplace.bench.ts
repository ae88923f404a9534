// Marketplace benchmark on the configured database (PostgreSQL when DATABASE_URL is set, else PGlite), loopback only:
// catalogue throughput and p99 with 10k products against a bare Koa route in the same run; rows written per cart
// change (difference vs delete-all + insert-all) with 50 lines; the stock race (500 orders for 50 units).
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import Koa from 'koa';
import type { Knex } from 'knex';
import type { CartService } from '../../core/marketplace/cart.service';
import { productSearchText } from '../../core/marketplace/search';
import { TOKENS } from '../../adapters/tokens';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CART_LINES = 50;
const CART_CHANGES = Number(process.env.BENCH_CART_CHANGES ?? 100);
const RACE_BUYERS = Number(process.env.BENCH_RACE_BUYERS ?? 500);
const RACE_STOCK = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const NOUNS = ['Sérum', 'Caneca', 'Mochila', 'Fone', 'Tapete', 'Garrafa', 'Planner', 'Toalha', 'Difusor', 'Escova', 'Kit Estética', 'Camiseta', 'Bola', 'Panela', 'Lâmpada', 'Óculos'];
const ADJECTIVES = ['Clássico', 'Premium', 'Compacto', 'Térmico', 'Orgânico', 'Esportivo', 'Elétrico', 'Dobrável', 'Facial', 'Inteligente'];

/** 10k products in 20 categories, written in batches (covers share a handful of URLs: the bench measures the API). */
async function seedCatalogue(knex: Knex): Promise<string[]> {
  const categories = await knex('product_categories')
    .insert(Array.from({ length: 20 }, (_, i) => ({ name: `Categoria ${i + 1}`, slug: `bench-${i + 1}`, sort_order: i })))
    .returning(['id', 'slug']);
  const rows = Array.from({ length: PRODUCTS }, (_, i) => {
    const name = `${NOUNS[i % NOUNS.length]} ${ADJECTIVES[(i * 7) % ADJECTIVES.length]} ${i + 1}`;
    const description = `Produto ${i + 1} do catálogo de teste, com garantia de 90 dias e envio para todo o Brasil.`;
    return {
      category_id: categories[i % categories.length].id,
      name,
      slug: `bench-produto-${i + 1}`,
      description,
      price: 990 + ((i * 7919) % 50_000),
      stock_quantity: i % 10 === 0 ? null : (i * 13) % 200,
      images: JSON.stringify([`/media/products/bench-${i % 16}.svg`]),
      search_text: productSearchText(name, description),
      created_at: new Date(Date.now() - i * 60_000),
    };
  });
  for (let i = 0; i < rows.length; i += 1_000) await knex('products').insert(rows.slice(i, i + 1_000));
  await knex.raw('analyze products');
  return categories.map((c: { slug: string }) => c.slug);
}

async function measure(url: string | string[]) {
  const paths = Array.isArray(url) ? url : null;
  let i = 0;
  const result = await autocannon({
    url: paths ? paths[0]! : (url as string),
    connections: CONNECTIONS,
    duration: DURATION,
    ...(paths
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const next = new URL(paths[i++ % paths.length]!);
                return { ...req, path: `${next.pathname}${next.search}` };
              },
            },
          ],
        }
      : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, bytes: result.throughput.average / Math.max(1, result.requests.average) };
}

async function benchCatalogue(app: TestApp, categories: string[]): Promise<Array<Record<string, string | number>>> {
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = { status: 'ok' };
  });
  const bareServer = createServer(bare.callback());
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as { port: number }).port}/`;
  try {
    // The machine is shared: each route is measured right after its own bare-Koa baseline, and its ratio is to that one.
    const rows: Array<Record<string, string | number>> = [];
    const route = async (name: string, target: string | string[]) => {
      const base = await measure(bareUrl);
      const r = await measure(target);
      rows.push({ route: name, rps: Math.round(r.rps), p99_ms: r.p99, bare_rps: Math.round(base.rps), bare_p99_ms: base.p99, ratio: Math.round((r.rps / base.rps) * 100) / 100, bytes: Math.round(r.bytes), errors: r.errors });
    };
    await route('GET /api/products (first page)', `${app.url}/api/products`);
    await route('GET /api/products?category=…&sort=price_asc', `${app.url}/api/products?category=${categories[3]}&sort=price_asc`);
    const searches = ['estetica', 'caneca termico', 'serum facial', 'mochila', 'oculos', 'garrafa organico', 'planner', 'fone premium'].map((q) => `${app.url}/api/products?q=${encodeURIComponent(q)}`);
    await route('GET /api/products?q=… (8 searches)', searches);
    // 600 distinct pages (20 categories × 3 sorts × pages 1–10), more than the cache holds: every request is a miss.
    const browsing = categories.flatMap((c) => ['newest', 'price_asc', 'price_desc'].flatMap((sort) => Array.from({ length: 10 }, (_, p) => `${app.url}/api/products?category=${c}&sort=${sort}&page=${p + 1}`)));
    await route('GET /api/products, 600 distinct pages (all misses)', browsing);
    // Context: the same middleware stack doing one trivial query.
    await route('GET /api/health (select 1)', `${app.url}/api/health`);
    return rows;
  } finally {
    bareServer.close();
  }
}

/** Rows written to keep a 50-line cart in sync after one line changes: ours (the difference) vs the spec's full replace. */
async function benchCart(app: TestApp) {
  const knex = app.db.knex;
  const cart = app.container.get<CartService>(TOKENS.CartService);
  const user = await createUser(app);
  const ids = ((await knex('products').whereNull('stock_quantity').limit(CART_LINES).select('id')) as Array<{ id: string }>).map((r) => r.id);
  await cart.apply(user.id, { lines: ids.map((id) => ({ item_type: 'product', product_id: id, quantity: 1 })) });

  let oursRows = 0;
  const oursMs: number[] = [];
  for (let i = 0; i < CART_CHANGES; i++) {
    const t = performance.now();
    // Every change really changes a quantity (second pass over the lines sets a new value again).
    const result = await cart.apply(user.id, { lines: [{ item_type: 'product', product_id: ids[i % ids.length]!, quantity: 2 + Math.floor(i / ids.length) }] });
    oursMs.push(performance.now() - t);
    oursRows += result.rows_written;
  }

  // SPEC.md §7's way: DELETE every line of the user, then INSERT them all again.
  const other = await createUser(app);
  const lines = ids.map((id) => ({ user_id: other.id, item_type: 'product', product_id: id, quantity: 1 }));
  await knex('cart_lines').insert(lines);
  let fullRows = 0;
  const fullMs: number[] = [];
  for (let i = 0; i < CART_CHANGES; i++) {
    const t = performance.now();
    const changed = lines.map((l, j) => (j === i % ids.length ? { ...l, quantity: 2 + Math.floor(i / ids.length) } : l));
    await knex.transaction(async (trx) => {
      const deleted = (await trx('cart_lines').where({ user_id: other.id }).del().returning('id')) as unknown[];
      const inserted = (await trx('cart_lines').insert(changed).returning('id')) as unknown[];
      fullRows += deleted.length + inserted.length;
    });
    fullMs.push(performance.now() - t);
  }
  const ours = oursRows / CART_CHANGES;
  const full = fullRows / CART_CHANGES;
  return [
    { implementation: 'difference (PATCH /api/cart)', rows_per_change: ours, p50_ms: Math.round(percentile(oursMs, 50) * 10) / 10, p99_ms: Math.round(percentile(oursMs, 99) * 10) / 10, fewer_rows: `${Math.round((full / Math.max(ours, 0.001)) * 10) / 10}×` },
    { implementation: 'delete all + insert all (spec)', rows_per_change: full, p50_ms: Math.round(percentile(fullMs, 50) * 10) / 10, p99_ms: Math.round(percentile(fullMs, 99) * 10) / 10, fewer_rows: '1×' },
  ];
}

/** The stock race: RACE_BUYERS people order the last RACE_STOCK units at the same moment. */
async function benchRace(app: TestApp) {
  const knex = app.db.knex;
  const [product] = await knex('products')
    .insert({ name: 'Fone Edição Limitada', slug: 'bench-corrida', price: 19_990, stock_quantity: RACE_STOCK, images: '[]', search_text: 'fone edicao limitada' })
    .returning(['id']);
  const users = [];
  for (let i = 0; i < RACE_BUYERS; i += 50) users.push(...(await Promise.all(Array.from({ length: Math.min(50, RACE_BUYERS - i) }, () => createUser(app)))));
  await knex('cart_lines').insert(users.map((u) => ({ user_id: u.id, item_type: 'product', product_id: product.id, quantity: 1 })));
  const address = { cep: '01310100', street: 'Avenida Paulista', number: '1000', district: 'Bela Vista', city: 'São Paulo', state: 'SP' };
  const latencies: number[] = [];
  const started = performance.now();
  const results = await Promise.all(
    users.map(async (u) => {
      const t = performance.now();
      const res = await u.client.post('/api/orders', { address });
      latencies.push(performance.now() - t);
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stock = (await knex('products').where({ id: product.id }).first()).stock_quantity;
  return {
    measure: `${RACE_BUYERS} concurrent orders, stock ${RACE_STOCK}`,
    'orders/s': Math.round(RACE_BUYERS / seconds),
    p50_ms: Math.round(percentile(latencies, 50)),
    p99_ms: Math.round(percentile(latencies, 99)),
    check: `${results.filter((s) => s === 201).length} created, ${results.filter((s) => s === 409).length} × 409, ${results.filter((s) => s >= 500).length} × 5xx, stock left ${stock}`,
  };
}

export async function benchMarketplace() {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const app = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  try {
    const t = performance.now();
    const categories = await seedCatalogue(app.db.knex);
    const seeded = Math.round(performance.now() - t);
    const catalogue = await benchCatalogue(app, categories);
    console.log(`\nMarketplace catalogue — ${engine}, ${PRODUCTS} products (seeded in ${seeded} ms), ${CONNECTIONS} connections, ${DURATION} s each (goal: ratio ≥ 0.6)`);
    console.table(catalogue);
    console.log(`\nCart change in a ${CART_LINES}-line cart — ${engine}, ${CART_CHANGES} changes of one line (goal: ≥ 5× fewer rows)`);
    console.table(await benchCart(app));
    console.log(`\nStock race — ${engine}`);
    console.table([await benchRace(app)]);
  } finally {
    await app.close();
  }
}

// `node --import tsx tests/bench/marketplace.bench.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchMarketplace().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
