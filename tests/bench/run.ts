// `npm run bench`: HTTP throughput and p99 of the real server against a bare Koa route in the same run.
// Uses PostgreSQL when DATABASE_URL is set (a fresh database), else embedded PGlite. Loopback only.
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import Koa from 'koa';
import { runSeeds } from '../../seeds/index';
import { createTestApp } from '../support/test-app';
import { benchGroups } from './groups.bench';
import { benchMarketplace } from './marketplace.bench';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = { status: 'ok' };
  });
  const bareServer = createServer(bare.callback());
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
  const barePort = (bareServer.address() as { port: number }).port;

  const app = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  await runSeeds(app.container, { demoUsers: false });
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

  const rows: Array<Record<string, string | number>> = [];
  const baseline = await measure(`http://127.0.0.1:${barePort}/`);
  rows.push({ route: 'bare Koa constant JSON', ...baseline, ratio: 1 });
  for (const path of ['/api/health', '/api/plans']) {
    const r = await measure(`${app.url}${path}`);
    rows.push({ route: `GET ${path}`, ...r, ratio: Math.round((r.rps / baseline.rps) * 100) / 100 });
  }

  console.log(`\nTurma HTTP benchmark — ${engine}, ${CONNECTIONS} connections, ${DURATION} s each`);
  console.table(rows.map(({ p99, ...r }) => ({ ...r, rps: Math.round(Number(r.rps)), p99_ms: p99 })));

  await app.close();
  bareServer.close();

  await benchGroups();
  await benchMarketplace();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
