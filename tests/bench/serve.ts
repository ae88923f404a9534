// The child process of an HTTP benchmark (see http-servers.ts): the real app on a fresh database with the demo
// catalogue of plans (and BENCH_PRODUCTS products when asked), plus a bare Koa route returning a constant JSON.
// Prints one JSON line with the URLs, and shuts down when its stdin ends.
import { createServer } from 'node:http';
import Koa from 'koa';
import { runSeeds } from '../../seeds/index';
import { createTestApp } from '../support/test-app';
import { seedCatalogue } from './catalogue-seed';
import { startTracing, stopTracing } from '../../adapters/observability/tracing';

const products = Number(process.env.BENCH_PRODUCTS ?? 0);
// On only when OTEL_EXPORTER_OTLP_ENDPOINT is set (the tracing overhead benchmark), as in production.
await startTracing({ serviceName: 'turma-bench' });
const app = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
await runSeeds(app.container, { demoUsers: false, demoProducts: false });
const started = performance.now();
const categories = products > 0 ? await seedCatalogue(app.db.knex, products) : [];
const seededMs = Math.round(performance.now() - started);

const bare = new Koa();
bare.use((ctx) => {
  ctx.body = { status: 'ok' };
});
const bareServer = createServer(bare.callback());
await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
const barePort = (bareServer.address() as { port: number }).port;

// The database's name lets the parent add the CPU time of its PostgreSQL backends to this process's own.
const database = app.db.url ? new URL(app.db.url).pathname.slice(1) : null;
console.log(JSON.stringify({ app: app.url, bare: `http://127.0.0.1:${barePort}`, info: { products, categories, seeded_ms: seededMs, database } }));

process.stdin.resume();
process.stdin.on('end', async () => {
  bareServer.close();
  await app.close();
  await stopTracing();
  process.exit(0);
});
