// The job queue on pg-boss 10 (schema `pgboss`): jobs enqueued inside our transactions, retried with backoff, kept
// when they fail for good, and cron schedules that fire once per tick across instances. Every pg-boss statement runs
// through our knex (one PGlite connection, or the pg pool), never through a pool of pg-boss's own.
import PgBoss from 'pg-boss';
import cronParser from 'cron-parser';
import type { Knex } from 'knex';
import type { Database, DatabaseKind } from '../db/database';
import type { Logger } from '../logger';
import type { EnqueueOptions, JobName, JobPayloads, JobQueue } from '../../core/ports/job-queue';
import { runInJobSpan, withTraceContext } from '../observability/tracing';
import { JobOperatorViews } from './job-operator-views';
import { JOBS_SCHEMA, JOBS_TIME_ZONE, countsOf, errorMessage, type FailedJob, type JobDefinition, type JobRun, type JobRunQueued, type JobRunResult, type JobRunState, type JobStatus } from './job-types';

export * from './job-types';

export interface PgBossJobQueueOptions {
  logger: Logger;
  /** Run the workers and the cron schedules in this process (JOBS_ENABLED); enqueueing works either way. */
  workers: boolean;
  /**
   * Run the jobs a commit enqueued right after it, in this process (default true). False on servers beside a worker
   * (JOBS_ENABLED=false): they only enqueue, and announce each job at the commit so the worker runs it at once.
   */
  runAfterCommit?: boolean;
  /** How often the workers look for due jobs. Default 2 s. */
  pollingSeconds?: number;
  /** How often pg-boss checks the cron schedules (1–45 s; default 30) and moves fired ticks into queues (default 5). */
  cronCheckSeconds?: number;
  cronSendSeconds?: number;
}

/** What pg-boss calls to run SQL: `$n` placeholders, and multi-statement strings (schema creation, maintenance). */
type Executor = PgBoss.Db;
type QueryResult = { rows: any[] };
/** A native connection: pg's Client or the PGlite instance knex-pglite hands out (both take `$n` values). */
interface NativeConnection {
  query(text: string, values?: unknown[]): Promise<QueryResult | QueryResult[]>;
  /** PGlite only: several statements in one call (PGlite's query() accepts one). */
  exec?(text: string): Promise<QueryResult[]>;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
/** Failed jobs stay in the job table (listable, retryable) this long before pg-boss archives them. */
const KEEP_FAILED_SECONDS = 14 * 86_400;
/** Where a process with jobs off announces a job at its commit (payload: the job name), so a worker runs it now. */
const WAKE_CHANNEL = 'turma_jobs';
/**
 * The database `application_name` of a process that runs jobs (the worker, or a server with JOBS_ENABLED): a server
 * with jobs off tells the operator whether one is connected (pg_stat_activity shows every session's name).
 */
export const JOB_RUNNER_APPLICATION = 'turma-jobs';

async function runSql(conn: NativeConnection, kind: DatabaseKind, text: string, values: unknown[] | undefined): Promise<QueryResult> {
  const hasValues = Array.isArray(values) && values.length > 0;
  try {
    // Without values the text may hold several statements (pg-boss's `BEGIN; …; COMMIT;` plans): PGlite runs those
    // through exec(); pg's query() sends them with the simple protocol, which allows several.
    const result = !hasValues && kind === 'pglite' && conn.exec ? await conn.exec(text) : await conn.query(text, hasValues ? values : undefined);
    return Array.isArray(result) ? { rows: result.at(-1)?.rows ?? [] } : result;
  } catch (err) {
    // A failed `BEGIN; …` string leaves the session inside an aborted transaction: end it before the connection is
    // reused (with PGlite it is the only one). Harmless when no transaction is open.
    if (!hasValues) await (kind === 'pglite' && conn.exec ? conn.exec('ROLLBACK') : conn.query('ROLLBACK')).catch(() => {});
    throw err;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class PgBossJobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly kind: DatabaseKind;
  private readonly knex: Knex;
  private readonly logger: Logger;
  /** Sends, fetches, completes; creates/migrates the schema. No timers of its own. */
  private client: PgBoss | null = null;
  private installing: Promise<PgBoss> | null = null;
  /** Maintenance (expiry of stuck jobs, archiving) and the cron timekeeper: only where workers run. */
  private worker: PgBoss | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private readonly draining = new Map<string, Promise<void>>();
  private readonly drainAgain = new Set<string>();
  private stopping = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly views: JobOperatorViews;

  constructor(
    private readonly database: Database,
    private readonly options: PgBossJobQueueOptions,
  ) {
    this.kind = database.kind;
    this.knex = database.knex;
    this.logger = options.logger;
    this.views = new JobOperatorViews({
      knex: this.knex,
      names: () => this.names,
      definition: (name) => this.definition(name),
      scheduledDefinition: (name) => this.scheduledDefinition(name),
      install: () => this.install(),
    });
  }

  define<N extends string>(job: JobDefinition<N>): void {
    if (this.client) throw new Error(`fila já iniciada: defina ${job.name} antes de start()`);
    if (job.cron) cronParser.parseExpression(job.cron, { tz: JOBS_TIME_ZONE }); // a typo fails at boot, not at the tick
    this.definitions.set(job.name, job as unknown as JobDefinition);
  }

  get names(): string[] {
    return [...this.definitions.keys()];
  }

  /** The jobs with a cron schedule (the ones `runNow`, `pause` and `resume` accept). */
  get scheduledNames(): string[] {
    return this.names.filter((n) => this.definitions.get(n)!.cron);
  }

  /**
   * Creates or migrates the `pgboss` schema, creates each queue with its retry policy and registers the cron
   * schedules; then, when `workers` (default: the constructor's option), starts the workers, maintenance and cron.
   * Must run outside any open transaction (on PGlite it would wait for it).
   */
  async start(options: { workers?: boolean } = {}): Promise<void> {
    this.stopping = false;
    await this.install();
    if (!(options.workers ?? this.options.workers) || this.worker) return;
    const worker = new PgBoss({
      ...this.bossOptions(),
      migrate: false,
      supervise: true,
      schedule: true,
      ...(this.options.cronCheckSeconds ? { cronMonitorIntervalSeconds: this.options.cronCheckSeconds } : {}),
      ...(this.options.cronSendSeconds ? { cronWorkerIntervalSeconds: this.options.cronSendSeconds } : {}),
    });
    worker.on('error', (err) => this.logger.error({ err }, 'fila de jobs: erro do pg-boss'));
    await worker.start();
    this.worker = worker;
    const every = Math.max(0.5, this.options.pollingSeconds ?? 2) * 1000;
    const tick = () => {
      this.polling ??= this.poll().finally(() => {
        this.polling = null;
      });
    };
    this.pollTimer = setInterval(tick, every);
    this.pollTimer.unref();
    // Servers with jobs off announce each job at their commit: it runs now rather than at the next poll.
    this.unlisten = await this.database
      .listen(WAKE_CHANNEL, (name) => {
        if (this.definitions.has(name) && !this.stopping) void this.drain(name);
      })
      .catch((err: unknown) => {
        this.logger.warn({ err }, 'fila de jobs: sem aviso de novos jobs, só a consulta periódica');
        return null;
      });
    tick();
    this.logger.info({ jobs: this.names }, 'fila de jobs: workers e agendamentos ativos');
  }

  /** Graceful: no new fetches, waits for the handlers that are running, then stops pg-boss's timers. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    await this.polling;
    while (this.draining.size) await Promise.allSettled([...this.draining.values()]);
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.stop({ graceful: true, wait: true, timeout: 30_000 });
    const client = this.client;
    this.client = null;
    this.installing = null;
    if (client) await client.stop({ graceful: true, wait: true });
  }

  /**
   * The port for one unit of work: `enqueue` inserts the job with the transaction's own connection, so it exists only
   * if the transaction commits. `enqueued` names the queues it touched: hand them to `dispatch()` after the commit.
   */
  forTransaction(trx: Knex.Transaction): JobQueue & { readonly enqueued: ReadonlySet<string>; readonly jobs: readonly string[] } {
    const enqueued = new Set<string>();
    const jobs: string[] = [];
    const db = this.transactionExecutor(trx);
    return {
      enqueued,
      jobs,
      enqueue: async <N extends JobName>(name: N, data: JobPayloads[N], options: EnqueueOptions = {}) => {
        this.definition(name);
        // Installing would need a connection of its own; with PGlite that one waits for this very transaction.
        if (!this.client) throw new Error('fila de jobs não iniciada: chame start() antes de enfileirar');
        const id = await this.client.send(name, withTraceContext((data ?? {}) as object), {
          db,
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
          ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        });
        // null: a job with the same singletonKey is already queued (the point of the key), not an error.
        if (id) {
          enqueued.add(name);
          jobs.push(name);
          // Delivered at the commit (never on a rollback) to the worker process, when this one does not run jobs.
          if (this.options.runAfterCommit === false) await trx.raw('select pg_notify(?, ?)', [WAKE_CHANNEL, name]);
        }
      },
    };
  }

  /**
   * Runs the due jobs of these queues now, in this process (fetch → handler → complete, or fail → retry with
   * backoff). Meant for right after a commit, outside any transaction, so e-mails leave at once instead of at the
   * next poll. Never throws: what fails stays in the queue for the workers.
   */
  async dispatch(names: Iterable<string>): Promise<void> {
    // A server run with JOBS_ENABLED=false only enqueues: the worker process runs every job (woken at the commit).
    if (this.stopping || this.options.runAfterCommit === false) return;
    // As many jobs per queue as were named (a name per job enqueued): a request sends its own e-mails, never a
    // backlog left by an outage, which is the workers' to drain.
    const counts = new Map<string, number>();
    for (const n of names) if (this.definitions.has(n)) counts.set(n, (counts.get(n) ?? 0) + 1);
    if (counts.size === 0) return;
    try {
      await this.install();
      await Promise.all(
        [...counts].map(async ([name, count]) => {
          for (let i = 0; i < count && !this.stopping; i++) if (!(await this.processOne(name))) break;
        }),
      );
    } catch (err) {
      this.logger.error({ err, jobs: [...counts.keys()] }, 'fila de jobs: falha ao despachar');
    }
  }

  /** Whether this process runs jobs (JOBS_ENABLED, or the worker): otherwise it only enqueues them. */
  get runsJobs(): boolean {
    return this.options.workers;
  }

  /**
   * Runs a job now (CLI, back office): enqueued like a cron tick (but with no retry) and processed here; if another
   * instance is running this job (the scheduled jobs run one at a time) it waits for it. Recorded like any run.
   */
  async runNow(name: string, options: { timeoutMs?: number } = {}): Promise<JobRunResult> {
    const def = this.scheduledDefinition(name);
    const client = await this.install();
    const id = await client.send(name, {}, { retryLimit: 0 });
    if (!id) throw new Error(`não foi possível enfileirar ${name}`);
    const deadline = Date.now() + (options.timeoutMs ?? (def.expireInSeconds ?? 900) * 1000);
    for (;;) {
      await this.drain(name);
      const state = await this.runState(name, id);
      if (state && state.outcome !== 'queued' && state.outcome !== 'running') return state as JobRunResult;
      if (Date.now() > deadline) throw new Error(`a tarefa ${name} não terminou a tempo (job ${id})`);
      await sleep(250);
    }
  }

  /**
   * A run of a scheduled job left to the worker (a server with jobs off): enqueued with no retry and announced on the
   * wake channel, so a running worker starts it at once. `runState` follows it.
   */
  async enqueueRun(name: string): Promise<JobRunQueued> {
    this.scheduledDefinition(name);
    const client = await this.install();
    const id = await client.send(name, {}, { retryLimit: 0 });
    if (!id) throw new Error(`não foi possível enfileirar ${name}`);
    await this.knex.raw('select pg_notify(?, ?)', [WAKE_CHANNEL, name]);
    return { name, id, outcome: 'queued', worker_running: await this.workerRunning() };
  }

  /** Where one run of `name` stands (queued, running, or its result); null when no such job exists. */
  async runState(name: string, id: string): Promise<JobRunState | null> {
    this.definition(name);
    const client = await this.install();
    const job = await client.getJobById<object>(name, id, { includeArchive: true });
    if (!job) return null;
    if (!TERMINAL.has(job.state)) return { name, id, outcome: job.state === 'active' ? 'running' : 'queued', counts: {}, ms: 0 };
    const ok = job.state === 'completed';
    const error = ok ? null : errorMessage(job.output);
    return {
      name,
      id,
      outcome: ok ? 'ok' : 'error',
      counts: ok ? countsOf(job.output) : {},
      ...(error ? { error } : {}),
      ms: job.startedOn && job.completedOn ? new Date(job.completedOn).getTime() - new Date(job.startedOn).getTime() : 0,
    };
  }

  /**
   * Whether a process that runs jobs is connected to the database now (its sessions carry JOB_RUNNER_APPLICATION).
   * An embedded PGlite belongs to this one process: nobody else can be running its jobs.
   */
  async workerRunning(): Promise<boolean> {
    if (this.runsJobs) return true;
    if (this.kind === 'pglite') return false;
    const { rows } = (await this.knex.raw('select exists (select 1 from pg_stat_activity where datname = current_database() and application_name = ?) as running', [
      JOB_RUNNER_APPLICATION,
    ])) as { rows: Array<{ running: boolean }> };
    return rows[0]?.running === true;
  }

  /** Per job: schedule, last run, next run and how many jobs wait, run, retry or failed for good. */
  status(): Promise<JobStatus[]> {
    return this.views.status();
  }

  /** Jobs that failed for good (all attempts used), newest first. */
  failed(name?: string, limit = 50): Promise<FailedJob[]> {
    return this.views.failed(name, limit);
  }

  /** Gives a failed job one more attempt. False if no failed job has this id. */
  retry(id: string): Promise<boolean> {
    return this.views.retry(id);
  }

  /** Stops a scheduled job's cron (kept across restarts); `resume` puts it back. */
  pause(name: string): Promise<void> {
    return this.views.pause(name);
  }

  resume(name: string): Promise<void> {
    return this.views.resume(name);
  }

  // ── internals ─────────────────────────────────────────────────────────────────────────────────────────────

  private definition(name: string): JobDefinition {
    const def = this.definitions.get(name);
    if (!def) throw new Error(`tarefa desconhecida: ${name} (${this.names.join(', ')})`);
    return def;
  }

  private scheduledDefinition(name: string): JobDefinition {
    const def = this.definition(name);
    if (!def.cron) throw new Error(`a tarefa ${name} não é agendada`);
    return def;
  }

  private bossOptions(): PgBoss.ConstructorOptions {
    return {
      db: this.rootExecutor(),
      schema: JOBS_SCHEMA,
      archiveFailedAfterSeconds: KEEP_FAILED_SECONDS,
      deleteAfterDays: 30,
    };
  }

  /** Schema, queues and schedules, once per process (memoized; a failure lets the next call try again). */
  private install(): Promise<PgBoss> {
    this.installing ??= (async () => {
      const started = Date.now();
      const client = new PgBoss({ ...this.bossOptions(), migrate: true, supervise: false, schedule: false });
      client.on('error', (err) => this.logger.error({ err }, 'fila de jobs: erro do pg-boss'));
      await client.start();
      // Instances starting together create the same queues (pg-boss makes a partition table per queue): PostgreSQL
      // may pick one of them as a deadlock victim, or the loser meets the winner's row. Both are settled by going
      // over the (idempotent) set-up again after a short random pause.
      const created = new Set<string>();
      for (let attempt = 1; ; attempt++) {
        try {
          await this.installQueues(client, created);
          break;
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw err;
          this.logger.warn({ attempt, code }, 'fila de jobs: instalação concorrente, tentando de novo');
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(Math.random() * 200) * attempt));
        }
      }
      this.client = client;
      this.logger.debug({ ms: Date.now() - started, database: this.kind }, 'fila de jobs pronta');
      return client;
    })();
    const installing = this.installing;
    installing.catch(() => {
      if (this.installing === installing) this.installing = null;
    });
    return installing;
  }

  /** Creates or updates every defined queue and its cron schedule; safe to run again (`created` spans the attempts). */
  private async installQueues(client: PgBoss, created: Set<string>): Promise<void> {
    const schedules = new Set((await client.getSchedules()).map((s) => s.name));
    for (const def of this.definitions.values()) {
      const existed = await client.getQueue(def.name);
      const queue: PgBoss.Queue = {
        name: def.name,
        // The scheduled jobs run one at a time across instances (what the old lease did); e-mails in parallel.
        policy: def.cron ? 'singleton' : 'standard',
        retryLimit: def.retryLimit,
        retryDelay: def.retryDelaySeconds,
        retryBackoff: def.retryBackoff,
        ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
      };
      if (existed) await client.updateQueue(def.name, queue);
      else {
        await client.createQueue(def.name, queue);
        created.add(def.name);
      }
      // A queue that exists without its schedule was paused by an operator: it stays paused across restarts.
      if (def.cron && (created.has(def.name) || schedules.has(def.name))) await client.schedule(def.name, def.cron, {}, { tz: JOBS_TIME_ZONE });
    }
  }

  /** Statements outside any transaction: a connection from knex's pool (with PGlite, the only one, in turn). */
  private rootExecutor(): Executor {
    const client = this.knex.client as Knex.Client;
    return {
      executeSql: async (text, values) => {
        const conn = (await client.acquireConnection()) as NativeConnection;
        try {
          return await runSql(conn, this.kind, text, values);
        } finally {
          await client.releaseConnection(conn);
        }
      },
    };
  }

  /** Statements inside `trx`: knex's transaction client hands out the transaction's own connection. */
  private transactionExecutor(trx: Knex.Transaction): Executor {
    return {
      executeSql: async (text, values) => {
        if (trx.isCompleted()) throw new Error('transação já encerrada: enfileire antes do commit');
        if (!Array.isArray(values) || values.length === 0) throw new Error('pg-boss: só comandos com parâmetros rodam na transação');
        const conn = (await (trx.client as Knex.Client).acquireConnection()) as NativeConnection;
        return runSql(conn, this.kind, text, values);
      },
    };
  }

  /** One poll: which of our queues have due jobs (one query), then drain each (one job at a time per queue). */
  private async poll(): Promise<void> {
    if (this.stopping) return;
    try {
      const rows = (await this.knex
        .withSchema(JOBS_SCHEMA)
        .from('job')
        .distinct('name')
        .whereIn('name', this.names)
        .whereIn('state', ['created', 'retry'])
        .where('start_after', '<', this.knex.fn.now())) as Array<{ name: string }>;
      for (const { name } of rows) void this.drain(name);
    } catch (err) {
      this.logger.error({ err }, 'fila de jobs: falha ao consultar');
    }
  }

  /** Processes the queue's due jobs one by one until none is left; a call while it runs makes it look once more. */
  private drain(name: string): Promise<void> {
    const running = this.draining.get(name);
    if (running) {
      this.drainAgain.add(name);
      return running;
    }
    const run = (async () => {
      try {
        do {
          this.drainAgain.delete(name);
          for (let i = 0; i < 100 && !this.stopping; i++) {
            if (!(await this.processOne(name))) break;
          }
        } while (this.drainAgain.has(name) && !this.stopping);
      } catch (err) {
        this.logger.error({ err, job: name }, 'fila de jobs: falha ao processar');
      } finally {
        this.draining.delete(name);
      }
    })();
    this.draining.set(name, run);
    return run;
  }

  /** Fetches one due job (SKIP LOCKED: each job goes to one worker) and runs it. False when there was none. */
  private async processOne(name: string): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    const def = this.definition(name);
    // fetch() returns [] on errors, including the unique violation that keeps a singleton queue to one active job.
    const [job] = await client.fetch<object>(name, { batchSize: 1, includeMetadata: true });
    if (!job) return false;
    const started = Date.now();
    // retryCount counts this attempt's earlier tries: at retryLimit a failure is final (a handler may record it so).
    const run: JobRun = { retryCount: job.retryCount, lastAttempt: job.retryCount >= job.retryLimit };
    try {
      const counts = (await runInJobSpan(name, job.data, (data) => def.handler(data as never, run))) ?? {};
      await client.complete(name, job.id, counts);
      this.logger.info({ job: name, id: job.id, counts, ms: Date.now() - started }, 'job executado');
    } catch (err) {
      this.logger.error({ err, job: name, id: job.id, ms: Date.now() - started }, 'job falhou');
      const output = err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : { message: String(err) };
      await client.fail(name, job.id, output).catch((e: unknown) => this.logger.error({ err: e, job: name, id: job.id }, 'fila de jobs: falha ao registrar a falha'));
    }
    return true;
  }


}
