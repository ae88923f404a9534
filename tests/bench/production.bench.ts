// Production figures: the cold start of a web instance on the built dist/ (time until /api/health/ready answers, and
// its RSS then), and the catalogue's throughput with tracing on (OTLP to a local receiver) against off, in one run.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildProblem } from '../../adapters/build';
import { openDatabase, pgliteDirFor } from '../../adapters/db/database';
import { migrateLatest } from '../../adapters/db/migrate';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { CONNECTIONS, DURATION, ROUNDS, measure, startBenchServers, type Measured } from './http-servers';
import { median } from './stats';

const ROOT = resolve(import.meta.dirname, '../..');
const STARTS = Number(process.env.BENCH_STARTS ?? 3);
/** What is started: `npm start`'s command (the compiled dist/node/main.js in production), or BENCH_START=tsx the sources through tsx. */
const START_COMMAND = process.env.BENCH_START === 'tsx' ? ['--import', 'tsx', 'adapters/main.ts'] : ['adapters/launch.js', 'server'];

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** dist/ as production requires it: built here when missing or stale (hold the build lock on a shared machine). */
function ensureBuilt(): void {
  const problem = buildProblem();
  if (!problem) return;
  console.log(`dist/: ${problem} — npm run build…`);
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (built.status !== 0) throw new Error('npm run build falhou');
}

/** One `npm start` (node adapters/launch.js server, as the script runs it) until ready; then its RSS, and a stop. */
async function coldStart(env: Record<string, string>): Promise<{ readyMs: number; cpuMs: number; rssMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, START_COMMAND, {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    for (;;) {
      if (gone) throw new Error(`o servidor saiu antes de ficar pronto:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (performance.now() - started > 120_000) throw new Error(`não ficou pronto em 120 s:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
    // CPU time spent until ready (user + system, in clock ticks of 10 ms): what a busy machine cannot stretch.
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const cpuMs = (Number(stat[11]) + Number(stat[12])) * 10;
    return { readyMs: Math.round(readyMs), cpuMs, rssMb: Math.round(rssKb / 1024) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A start refused because sources changed since the build (others at work on a shared tree) is built and run again. */
async function coldStartOnFreshBuild(env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    ensureBuilt();
    try {
      return await coldStart(env);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('desatualizado')) throw err;
    }
  }
}

export async function benchColdStart() {
  // A migrated database, as a deploy leaves it (`turma db migrate` before the instances start).
  let db: TestDatabase | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'turma-bench-start-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    TURMA_STAGING: 'true',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    SHUTDOWN_DRAIN_MS: '0',
    VIACEP_URL: 'http://127.0.0.1:9',
    NOMINATIM_URL: 'http://127.0.0.1:9',
  };
  if (process.env.DATABASE_URL) {
    db = await createTestDatabase();
    env.DATABASE_URL = db.url!;
    await db.close();
  } else {
    const local = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    await migrateLatest(local.knex);
    await local.close();
  }
  try {
    // The first start also creates pg-boss's schema and queues: a one-time cost, reported apart.
    const first = await coldStartOnFreshBuild(env);
    const runs = [];
    for (let i = 0; i < STARTS; i++) runs.push(await coldStartOnFreshBuild(env));
    const row = {
      engine: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      start: START_COMMAND.join(' '),
      first_start_ms: first.readyMs,
      ready_ms_median: median(runs.map((r) => r.readyMs)),
      ready_ms_each: runs.map((r) => r.readyMs).join(' '),
      cpu_ms_median: median(runs.map((r) => r.cpuMs)),
      rss_mb_median: median(runs.map((r) => r.rssMb)),
      goal: 'pronto ≤ 2000 ms',
    };
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(`\nCold start of a production web instance (built dist/, migrated database, jobs off), ${STARTS} starts; load average ${load}`);
    console.table([row]);
    return row;
  } finally {
    await db?.destroy().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A local OTLP/HTTP receiver: accepts the exported spans (and counts them in bytes), as a collector would. */
async function startOtlpReceiver(): Promise<{ url: string; requests: () => number; bytes: () => number; close(): Promise<void> }> {
  let requests = 0;
  let bytes = 0;
  const server: Server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, requests: () => requests, bytes: () => bytes, close: () => new Promise((done) => server.close(() => done())) };
}

/**
 * The catalogue with tracing off and on (each server in its own child process, spans sent over OTLP to a receiver in
 * this process), alternating rounds; a cached first page and pages that miss the cache (their queries are spans too).
 */
export async function benchTracingOverhead() {
  const products = Number(process.env.BENCH_PRODUCTS ?? 10_000);
  const receiver = await startOtlpReceiver();
  const off = await startBenchServers({ products });
  const on = await startBenchServers({ products, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, BENCH_TRACING: 'true' } });
  const rows = [];
  try {
    const targets: Array<{ name: string; paths: readonly string[] }> = [
      { name: 'GET /api/products (cache)', paths: ['/api/products'] },
      { name: 'GET /api/products?page=N (miss)', paths: Array.from({ length: 600 }, (_, i) => `/api/products?page=${(i % 30) + 1}&per_page=${10 + Math.floor(i / 30)}`) },
    ];
    for (const { name, paths } of targets) {
      const urls = (base: string) => paths.map((p) => `${base}${p}`);
      await measure(urls(off.appUrl));
      await measure(urls(on.appUrl));
      const rounds: Array<{ off: Measured; on: Measured }> = [];
      for (let r = 0; r < ROUNDS; r++) rounds.push({ off: await measure(urls(off.appUrl), off), on: await measure(urls(on.appUrl), on) });
      const round2 = (n: number) => Math.round(n * 100) / 100;
      // CPU per request (the server and its database backends): what tracing adds, which the neighbours sway less.
      const cpuMs = (m: Measured) => (m.cpu ? m.cpu.node + m.cpu.db : NaN);
      rows.push({
        route: name,
        off_rps: Math.round(median(rounds.map((r) => r.off.rps))),
        on_rps: Math.round(median(rounds.map((r) => r.on.rps))),
        off_p99_ms: median(rounds.map((r) => r.off.p99)),
        on_p99_ms: median(rounds.map((r) => r.on.p99)),
        ratio: round2(median(rounds.map((r) => r.on.rps / r.off.rps))),
        ratios: rounds.map((r) => round2(r.on.rps / r.off.rps)).join(' '),
        off_cpu_ms: round2(median(rounds.map((r) => cpuMs(r.off)))),
        on_cpu_ms: round2(median(rounds.map((r) => cpuMs(r.on)))),
        cpu_ratio: round2(median(rounds.map((r) => cpuMs(r.off) / cpuMs(r.on)))),
        cpu_ratios: rounds.map((r) => round2(cpuMs(r.off) / cpuMs(r.on))).join(' '),
        errors: rounds.reduce((n, r) => n + r.off.errors + r.on.errors, 0),
      });
    }
  } finally {
    await off.close();
    await on.close();
    await receiver.close();
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `\nTracing on (OTLP http/protobuf to a local receiver: ${receiver.requests()} exports, ${Math.round(receiver.bytes() / 1024)} KiB) vs off — ` +
      `${products} products, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s, medians; goal ratio ≥ 0.9; load average ${load}; ` +
      'cpu_ms: server + database CPU per request, cpu_ratio: off over on',
  );
  console.table(rows);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchColdStart();
  await benchTracingOverhead();
}
