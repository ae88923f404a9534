// Real server processes (as `npm start` runs them), the job worker, and a round-robin HTTP proxy in
// front of the servers: the set-up of a deployment with several instances on one PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { once } from 'node:events';
import { resolve } from 'node:path';

/** One pino line of a child's stdout. */
export type LogLine = Record<string, unknown> & { msg?: string; time?: string };

export interface Instance {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Every JSON log line the process wrote so far. */
  logs: LogLine[];
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Starts the server as `npm start` does (`node adapters/launch.js server`: outside production, adapters/main.ts through
 * tsx) on 127.0.0.1 and a port the system picks (PORT=0); resolves once it
 * logs that it is serving. `env` is added to a minimal environment (no build, no internet).
 */
export function startInstance(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<Instance> {
  return startProcess(name, 'server', 'Turma no ar', env, timeoutMs);
}

/**
 * Starts the job worker as `npm run worker` does (`node adapters/launch.js worker`) with its health endpoint on a port the
 * system picks; `url` is that endpoint's address (`/health/live`, `/health/ready`).
 */
export function startWorkerInstance(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<Instance> {
  return startProcess(name, 'worker', 'Worker no ar', { WORKER_HEALTH_PORT: '0', ...env }, timeoutMs);
}

async function startProcess(name: string, entry: 'server' | 'worker', announcement: string, env: Record<string, string>, timeoutMs: number): Promise<Instance> {
  const child = spawn(process.execPath, ['adapters/launch.js', entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      TURMA_SKIP_BUILD: '1',
      LOG_LEVEL: 'info',
      VIACEP_URL: 'http://127.0.0.1:9',
      NOMINATIM_URL: 'http://127.0.0.1:9',
      MAP_TILE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  let pending = '';
  let announce: ((port: number) => void) | null = null;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    let cut: number;
    while ((cut = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, cut);
      pending = pending.slice(cut + 1);
      if (!line.startsWith('{')) continue;
      try {
        const entry = JSON.parse(line) as LogLine;
        logs.push(entry);
        if (typeof entry.port === 'number' && typeof entry.msg === 'string' && entry.msg.startsWith(announcement)) announce?.(entry.port);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} não subiu em ${timeoutMs} ms:\n${stderr}`)), timeoutMs);
    announce = (p) => {
      clearTimeout(timer);
      resolvePort(p);
    };
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} saiu (código ${code}) antes de subir:\n${stderr}`));
    });
  });
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    logs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface RoundRobinProxy {
  url: string;
  /** Which upstream answered each request, in order (also sent back as the `x-upstream` response header). */
  served: string[];
  close(): Promise<void>;
}

/**
 * A plain HTTP proxy on 127.0.0.1 that sends each request to the next upstream in turn (a load balancer without
 * stickiness), streaming both ways (server-sent events pass through). Adds `x-forwarded-for` when the client sent
 * none and `x-upstream: <name>` to every response.
 */
export async function startRoundRobinProxy(upstreams: ReadonlyArray<{ name: string; url: string }>): Promise<RoundRobinProxy> {
  let next = 0;
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    served.push(upstream.name);
    const target = new URL(upstream.url);
    const headers = { ...req.headers };
    headers['x-forwarded-for'] ??= req.socket.remoteAddress ?? '127.0.0.1';
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, { ...upstreamRes.headers, 'x-upstream': upstream.name });
        res.flushHeaders();
        upstreamRes.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'x-upstream': upstream.name }).end();
      else res.destroy();
    });
    // A client that leaves (a closed event stream) closes the upstream request too.
    res.on('close', () => forward.destroy());
    req.pipe(forward);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
