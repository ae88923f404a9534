// Does a catalogue page cost the same with 10k and with 200k products? Pages that all miss the cache against the
// `select 1` health route of the same server, in alternating rounds (docs/benchmarks.md); also one search word.
import type { ProductService } from '../../core/marketplace/product.service';
import { productListQuerySchema } from '../../core/marketplace/product-schemas';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp } from '../support/test-app';
import { seedCatalogue } from './catalogue-seed';
import { readFileSync } from 'node:fs';
import { CONNECTIONS, DURATION, ROUNDS, measure, startBenchServers, type BenchServers, type Measured } from './http-servers';
import { median, percentile } from './stats';

const SIZES = (process.env.BENCH_CATALOGUE_SIZES ?? '10000,200000').split(',').map(Number);
const SORTS = ['newest', 'price_asc', 'price_desc'];
const WORDS = ['serum', 'caneca', 'mochila', 'fone', 'tapete', 'garrafa', 'planner', 'toalha', 'difusor', 'escova', 'camiseta', 'bola', 'panela', 'lampada', 'oculos', 'classico', 'premium', 'compacto', 'termico', 'organico'];

/**
 * ROUNDS rounds of (health, then the pages), each round's ratio to the health route measured just before it; and the
 * same ratio of CPU time per request (server process plus its database backends), which the neighbours sway less.
 */
async function compareToHealth(servers: BenchServers, healthUrl: string, name: string, target: string | readonly string[]) {
  const rounds: Array<{ base: Measured; route: Measured }> = [];
  await measure(target); // warm-up (not counted)
  for (let r = 0; r < ROUNDS; r++) rounds.push({ base: await measure(healthUrl, servers), route: await measure(target, servers) });
  // A round whose select 1 got nothing through (a starved machine) has no ratio.
  const round2 = (n: number) => (Number.isFinite(n) ? Math.round(n * 100) / 100 : NaN);
  const cpuMs = (m: Measured) => (m.cpu ? m.cpu.node + m.cpu.db : NaN);
  return {
    route: name,
    rps: Math.round(median(rounds.map((r) => r.route.rps))),
    p99_ms: median(rounds.map((r) => r.route.p99)),
    select1_rps: Math.round(median(rounds.map((r) => r.base.rps))),
    ratio: round2(median(rounds.map((r) => r.route.rps / r.base.rps))),
    ratios: rounds.map((r) => round2(r.route.rps / r.base.rps)).join(' '),
    cpu_ms: `${round2(median(rounds.map((r) => r.route.cpu?.node ?? NaN)))} + ${round2(median(rounds.map((r) => r.route.cpu?.db ?? NaN)))}`,
    select1_cpu_ms: round2(median(rounds.map((r) => cpuMs(r.base)))),
    cpu_ratio: round2(median(rounds.map((r) => cpuMs(r.base) / cpuMs(r.route)))),
    errors: rounds.reduce((n, r) => n + r.route.errors, 0),
  };
}

/**
 * One page at a time through the service (no HTTP, no cache), the same pages at each size: the database's share of a
 * miss, less swayed by a loaded machine than the throughput. Both reads: the row versions a miss over HTTP runs, and the
 * full rows the operators' CLI reads.
 */
export async function pageLatencies(size: number) {
  const app = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  try {
    const categories = await seedCatalogue(app.db.knex, size);
    const service = app.container.get<ProductService>(TOKENS.ProductService);
    const kinds: Array<[string, (i: number) => Record<string, string>]> = [
      ['all products, page 1–10', (i) => ({ sort: SORTS[i % 3]!, page: String((i % 10) + 1) })],
      // The pages the HTTP rows above ask for: all products down to page 200, search words down to page 10.
      ['all products, page 1–200', (i) => ({ sort: SORTS[i % 3]!, page: String(((i * 37) % 200) + 1) })],
      ['a category, page 1–10', (i) => ({ category: categories[i % 20]!, sort: SORTS[i % 3]!, page: String((i % 10) + 1) })],
      ['a search word, page 1', (i) => ({ q: WORDS[i % 20]!, sort: SORTS[i % 3]! })],
      ['a search word, page 1–10', (i) => ({ q: WORDS[i % 20]!, sort: SORTS[i % 3]!, page: String(((i * 7) % 10) + 1) })],
    ];
    const rows = [];
    const timed = async (read: (q: ReturnType<typeof productListQuerySchema.parse>) => Promise<unknown>, query: (i: number) => Record<string, string>) => {
      const ms: number[] = [];
      for (let i = 0; i < 120; i++) {
        const t = performance.now();
        await read(productListQuerySchema.parse(query(i)));
        if (i >= 20) ms.push(performance.now() - t); // the first 20 warm the caches and the kept plans
      }
      return `${Math.round(percentile(ms, 50) * 10) / 10} / ${Math.round(percentile(ms, 99) * 10) / 10}`;
    };
    for (const [name, query] of kinds) {
      rows.push({
        products: size,
        page: name,
        'versions p50 / p99 ms': await timed((q) => service.listVersions(q), query),
        'full rows p50 / p99 ms': await timed((q) => service.list(q), query),
      });
    }
    return rows;
  } finally {
    await app.close();
  }
}

export async function benchCatalogueScale() {
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  for (const size of SIZES) {
    const servers = await startBenchServers({ products: size });
    try {
      const url = servers.appUrl;
      const categories = servers.info.categories as string[];
      // 600 distinct pages (20 categories × 3 sorts × pages 1–10), more than the cache holds: every request is a miss.
      const browsing = categories.flatMap((c) => SORTS.flatMap((sort) => Array.from({ length: 10 }, (_, p) => `${url}/api/products?category=${c}&sort=${sort}&page=${p + 1}`)));
      // The whole catalogue, pages 1–200 under three sorts; 20 common words (each in 1/16 or 1/10 of the products),
      // pages 1–10 under three sorts: 600 misses each too.
      const whole = SORTS.flatMap((sort) => Array.from({ length: 200 }, (_, p) => `${url}/api/products?sort=${sort}&page=${p + 1}`));
      const search = WORDS.flatMap((q) => SORTS.flatMap((sort) => Array.from({ length: 10 }, (_, p) => `${url}/api/products?q=${q}&sort=${sort}&page=${p + 1}`)));
      const health = `${url}/api/health`;
      const rows = [
        await compareToHealth(servers, health, '600 category pages (all misses)', browsing),
        await compareToHealth(servers, health, '600 pages of all products (all misses)', whole),
        await compareToHealth(servers, health, '600 pages of 20 search words (all misses)', search),
      ];
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      console.log(
        `\nCatalogue misses vs the select 1 route — ${engine}, ${size} products (seeded in ${servers.info.seeded_ms as number} ms), ` +
          `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s, medians (goal: ratio ≥ 0.5); load average ${load}; ` +
          'cpu_ms: server + database CPU per request, cpu_ratio: select 1\'s CPU per request over the route\'s',
      );
      console.table(rows);
    } finally {
      await servers.close();
    }
  }
  const latencies = [];
  for (const size of SIZES) latencies.push(...(await pageLatencies(size)));
  console.log(`\nOne catalogue page through the service, one at a time — ${engine}, 100 pages each, no cache: row versions (a miss over HTTP) and full rows (the CLI)`);
  console.table(latencies);
}

// `node --import tsx tests/bench/catalogue-scale.bench.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  benchCatalogueScale().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
