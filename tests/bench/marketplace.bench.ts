// Marketplace benchmark (docs/benchmarks.md), loopback only: catalogue throughput and p99 with 10k products against a
// bare Koa route, rows written per cart change (difference vs delete-all + insert-all) with 50 lines, and the stock
// race (500 orders for 50 units).
import type { CartService } from '../../core/marketplace/cart.service';
import { TOKENS } from '../../adapters/tokens';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { seedCatalogue } from './catalogue-seed';
import { CONNECTIONS, DURATION, ROUNDS, compareToBare, startBenchServers } from './http-servers';
import { percentile } from './stats';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CART_LINES = 50;
const CART_CHANGES = Number(process.env.BENCH_CART_CHANGES ?? 100);
const RACE_BUYERS = Number(process.env.BENCH_RACE_BUYERS ?? 500);
const RACE_STOCK = 50;

/** Catalogue reads with PRODUCTS products, each route against the bare Koa route (see http-servers.ts). */
async function benchCatalogue() {
  const servers = await startBenchServers({ products: PRODUCTS });
  try {
    const url = servers.appUrl;
    const categories = servers.info.categories as string[];
    const rows = [];
    rows.push(await compareToBare(servers, 'GET /api/products (first page)', `${url}/api/products`));
    rows.push(await compareToBare(servers, 'GET /api/products?category=…&sort=price_asc', `${url}/api/products?category=${categories[3]}&sort=price_asc`));
    const searches = ['estetica', 'caneca termico', 'serum facial', 'mochila', 'oculos', 'garrafa organico', 'planner', 'fone premium'].map((q) => `${url}/api/products?q=${encodeURIComponent(q)}`);
    rows.push(await compareToBare(servers, 'GET /api/products?q=… (8 searches)', searches));
    // 600 distinct pages (20 categories × 3 sorts × pages 1–10), more than the cache holds: every request is a miss.
    const browsing = categories.flatMap((c) => ['newest', 'price_asc', 'price_desc'].flatMap((sort) => Array.from({ length: 10 }, (_, p) => `${url}/api/products?category=${c}&sort=${sort}&page=${p + 1}`)));
    rows.push(await compareToBare(servers, 'GET /api/products, 600 distinct pages (all misses)', browsing));
    // Context: the same middleware stack doing one trivial query.
    rows.push(await compareToBare(servers, 'GET /api/health (select 1)', `${url}/api/health`));
    return { rows, seededMs: servers.info.seeded_ms as number };
  } finally {
    await servers.close();
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

  // docs/product/spec.md §7's way: DELETE every line of the user, then INSERT them all again.
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
  const catalogue = await benchCatalogue();
  console.log(
    `\nMarketplace catalogue — ${engine}, ${PRODUCTS} products (seeded in ${catalogue.seededMs} ms), ${CONNECTIONS} connections, ` +
      `${ROUNDS} rounds of ${DURATION} s against bare Koa, medians (goal: ratio ≥ 0.6)`,
  );
  console.table(catalogue.rows);
  const app = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  try {
    await seedCatalogue(app.db.knex, 1_000);
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
