// The servers an HTTP benchmark measures, in a child process (autocannon stays in the parent, never sharing the server's
// event loop): the real app on a fresh database and, beside it, the bare Koa route every figure is compared to.
// Routes are measured in alternating rounds with their own baseline; the median ratio is reported.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { median } from './stats';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

export interface BenchServers {
  appUrl: string;
  bareUrl: string;
  /** Facts the child reports (what it seeded, in how long, its database's name). */
  info: Record<string, unknown>;
  /** CPU time (user + system) spent so far by the server process and by the PostgreSQL backends of its database. */
  cpu(): { node: number; db: number };
  close(): Promise<void>;
}

/** A process's CPU time in ms (user + system, clock ticks of 10 ms), 0 once it has gone. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving `database` (their command line names it), on this machine. */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres: ') && cmdline.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Starts tests/bench/serve.ts in a child process and waits for its URLs. */
export async function startBenchServers(options: { products?: number; env?: Record<string, string> } = {}): Promise<BenchServers> {
  // BENCH_SERVER_FLAGS adds Node flags to the server only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a
  // route's time goes; NODE_OPTIONS refuses --cpu-prof).
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...flags, '--import', 'tsx', new URL('./serve.ts', import.meta.url).pathname], {
    env: { ...process.env, BENCH_PRODUCTS: String(options.products ?? 0), ...options.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ app: string; bare: string; info: Record<string, unknown> }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited early (code ${code})`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
  });
  return {
    appUrl: ready.app,
    bareUrl: ready.bare,
    info: ready.info,
    cpu() {
      const database = typeof ready.info.database === 'string' ? ready.info.database : null;
      const db = database && process.platform === 'linux' ? backendsOf(database).reduce((sum, pid) => sum + cpuMsOf(pid), 0) : 0;
      return { node: process.platform === 'linux' ? cpuMsOf(child.pid!) : 0, db };
    },
    async close() {
      child.stdin!.end(); // the child closes its app and database when its stdin ends
      await exited;
    },
  };
}

export interface Measured {
  rps: number;
  p99: number;
  errors: number;
  bytes: number;
  /** With `servers` given: the server's CPU ms per request, its process and its database backends (Linux /proc). */
  cpu?: { node: number; db: number };
}

/**
 * autocannon against one URL, or against a list of URLs of one server taken in turn. With `servers`, also the CPU time
 * the server and its database spent per request: a loaded machine stretches the throughput, much less this.
 */
export async function measure(target: string | readonly string[], servers?: BenchServers): Promise<Measured> {
  // Paths worked out once: the client does the same small work per request for every target, baseline included.
  const paths = typeof target === 'string' ? null : target.map((t) => {
    const url = new URL(t);
    return `${url.pathname}${url.search}`;
  });
  let i = 0;
  const before = servers?.cpu();
  const result = await autocannon({
    url: typeof target === 'string' ? target : target[0]!,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(paths
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[i++ % paths.length]! }),
            },
          ],
        }
      : {}),
  });
  const after = servers?.cpu();
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    ...(before && after ? { cpu: { node: (after.node - before.node) / requests, db: (after.db - before.db) / requests } } : {}),
  };
}

/**
 * One table row: ROUNDS rounds of (bare Koa, then the route), each the same length. The machine may be shared, so
 * each round's ratio is to the baseline measured just before it, and the row reports the medians.
 */
export async function compareToBare(servers: BenchServers, name: string, target: string | readonly string[]) {
  // A list of URLs is compared to the bare route driven the same way (same paths, same client work per request).
  const bare =
    typeof target === 'string'
      ? servers.bareUrl
      : target.map((t) => {
          const url = new URL(t);
          return `${servers.bareUrl}${url.pathname}${url.search}`;
        });
  const rounds: Array<{ base: Measured; route: Measured }> = [];
  await measure(target); // warm-up: caches filled, JIT settled (not counted)
  for (let r = 0; r < ROUNDS; r++) rounds.push({ base: await measure(bare), route: await measure(target) });
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    route: name,
    rps: Math.round(median(rounds.map((r) => r.route.rps))),
    p99_ms: median(rounds.map((r) => r.route.p99)),
    bare_rps: Math.round(median(rounds.map((r) => r.base.rps))),
    bare_p99_ms: median(rounds.map((r) => r.base.p99)),
    ratio: round2(median(rounds.map((r) => r.route.rps / r.base.rps))),
    ratios: rounds.map((r) => round2(r.route.rps / r.base.rps)).join(' '),
    bytes: Math.round(median(rounds.map((r) => r.route.bytes))),
    errors: rounds.reduce((n, r) => n + r.route.errors, 0),
  };
}
