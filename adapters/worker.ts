// The job worker as a process of its own (`npm run worker`, `turma jobs work`): the queue's workers and cron schedules
// and a small health endpoint, no web routes. On SIGTERM it fails readiness, stops fetching, lets the jobs in hand finish.
import { createServer, type Server } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, pgliteDirFor, type Database } from './db/database';
import { migrateLatest, migrationStatus } from './db/migrate';
import { buildContainer } from './container';
import { TOKENS } from './tokens';
import { settleLogOutput, type Logger } from './logger';
import { JOB_RUNNER_APPLICATION, type PgBossJobQueue } from './jobs/pg-boss.queue';
import { metricsAnswer, type Metrics } from './observability/metrics';
import { startTracing, stopTracing } from './observability/tracing';

const DB_TIMEOUT_MS = 3_000;

export interface RunningWorker {
  /** The health endpoint's port (the one the system picked when asked for 0). */
  port: number;
  /** Stops fetching, waits up to `drainMs` for the jobs in hand, closes the health endpoint; true when all finished. */
  close(): Promise<boolean>;
}

type Health = 'starting' | 'ready' | 'draining';

/**
 * Starts the queue's workers and cron in this process and serves `/health/live` (the process answers) and
 * `/health/ready` (the queue runs and the database answers within 3 s) on `port`.
 */
export async function startWorker(
  queue: PgBossJobQueue,
  database: Database,
  logger: Logger,
  options: { port: number; host: string; drainMs: number; metrics?: { metrics: Metrics; token: string | undefined } },
): Promise<RunningWorker> {
  let state: Health = 'starting';
  const server: Server = createServer((req, res) => {
    const answer = (code: number, body: object) => {
      res.writeHead(code, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(405, { status: 'method_not_allowed' });
    // The queues' metrics on the health port too (the same token as the web instances').
    if (path === '/metrics' && options.metrics) {
      void metricsAnswer(options.metrics.metrics, options.metrics.token, req.headers.authorization).then((m) => res.writeHead(m.status, m.headers).end(m.body));
      return;
    }
    if (path === '/health/live') return answer(200, { status: 'ok' });
    if (path !== '/health/ready') return answer(404, { status: 'not_found' });
    if (state !== 'ready') return answer(503, { status: state });
    void databaseAnswers(database, logger).then((up) => answer(up ? 200 : 503, { status: up ? 'ready' : 'unavailable' }));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  await queue.start({ workers: true });
  state = 'ready';

  let closing: Promise<boolean> | null = null;
  const close = () => {
    closing ??= (async () => {
      state = 'draining';
      // stop() fetches nothing more and waits for the handlers running; past the bound the process leaves them to
      // pg-boss, which expires and retries a job whose worker went away.
      let timer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        queue.stop().then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), options.drainMs);
        }),
      ]);
      clearTimeout(timer);
      if (!drained) logger.warn({ drainMs: options.drainMs }, 'worker: jobs ainda em andamento ao fim do prazo; serão retomados depois de expirar');
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return drained;
    })();
    return closing;
  };
  return { port, close };
}

async function databaseAnswers(database: Database, logger: Logger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch (err) {
    logger.error({ err }, 'worker health: database unavailable');
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The whole worker process: configuration, database, migrations (as `npm start` does them), the worker, and the stop
 * on SIGTERM/SIGINT. Resolves with the exit code once stopped; `print` takes the lines meant for a person.
 */
export async function runWorkerProcess(env: Record<string, string | undefined>, print: (line: string) => void): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      print(err.message);
      return 1;
    }
    throw err;
  }
  await startTracing({ serviceName: 'turma-worker' }, env);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
    poolMax: config.databasePoolMax,
    // A server with jobs off looks for this name to tell the operator that a run it queued will be picked up.
    applicationName: JOB_RUNNER_APPLICATION,
  });
  const container = buildContainer(config, database);
  const logger = container.get<Logger>(TOKENS.Logger);
  if (config.migrateOnStart) {
    const applied = await migrateLatest(database.knex);
    if (applied.length) logger.info({ applied }, 'migrações aplicadas');
  } else {
    const { pending } = await migrationStatus(database.knex);
    if (pending.length) {
      print(`Não é possível iniciar o worker: ${pending.length} migração(ões) pendente(s) (${pending.join(', ')}).\nRode \`turma db migrate\` antes (ou MIGRATE_ON_START=true).`);
      await database.close();
      return 1;
    }
  }
  const queue = container.get<PgBossJobQueue>(TOKENS.JobQueue);
  const worker = await startWorker(queue, database, logger, {
    port: config.workerHealthPort,
    host: config.host,
    drainMs: config.jobsDrainMs,
    metrics: { metrics: container.get<Metrics>(TOKENS.Metrics), token: config.metricsToken },
  });
  logger.info({ port: worker.port, database: database.kind, jobs: queue.names }, `Worker no ar (saúde em http://${config.host}:${worker.port}/health/ready)`);

  // The workers' timers don't hold the process open (they are unref'd); the health endpoint does, until a signal.
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  logger.info({ signal }, 'worker: encerrando, terminando os jobs em andamento…');
  const drained = await worker.close();
  // With a job still running its queries, closing the pool would wait for it: the exit ends both.
  if (drained) await database.close();
  logger.info('worker encerrado');
  // A stdout nobody reads would otherwise keep the process waiting for its log lines to leave.
  await Promise.all([settleLogOutput(logger), stopTracing()]);
  return 0;
}
