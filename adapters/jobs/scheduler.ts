// Scheduled jobs (hold release, group expiry + refunds, reminders, payment reconcile, session cleanup): a database
// lease in `scheduled_jobs` makes each run happen on one instance at a time; every run records its outcome and counts.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../core/shared/clock';
import type { Logger } from '../logger';

export interface JobDefinition {
  name: string;
  description: string;
  intervalSeconds: number;
  run(): Promise<Record<string, number>>;
}

export interface JobRunResult {
  name: string;
  ran: boolean;
  outcome: 'ok' | 'error' | 'skipped';
  counts: Record<string, number>;
  error?: string;
  ms: number;
}

/** A run that takes longer than this loses its lease (a crashed instance never blocks a job for good). */
const LEASE_SECONDS = 15 * 60;

export class JobScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly instance = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  constructor(
    private readonly knex: Knex,
    private readonly jobs: readonly JobDefinition[],
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  get definitions() {
    return this.jobs;
  }

  /** Makes sure every job has its row (interval kept in sync with the code). */
  async register(): Promise<void> {
    for (const job of this.jobs) {
      await this.knex('scheduled_jobs')
        .insert({ name: job.name, interval_seconds: job.intervalSeconds, next_run_at: this.clock.now() })
        .onConflict('name')
        .merge({ interval_seconds: job.intervalSeconds, updated_at: this.knex.fn.now() });
    }
  }

  /** Runs one job now if no other instance holds its lease (`force` ignores the schedule, never the lease). */
  async run(name: string, options: { force?: boolean } = {}): Promise<JobRunResult> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`job desconhecido: ${name}`);
    const started = Date.now();
    const now = this.clock.now();
    const claim = this.knex('scheduled_jobs')
      .where({ name, enabled: true })
      .where((w) => w.whereNull('locked_until').orWhere('locked_until', '<', now));
    if (!options.force) claim.where((w) => w.whereNull('next_run_at').orWhere('next_run_at', '<=', now));
    const claimed = await claim.update({
      locked_until: new Date(now.getTime() + LEASE_SECONDS * 1000),
      locked_by: this.instance,
      last_started_at: now,
    });
    if (claimed !== 1) return { name, ran: false, outcome: 'skipped', counts: {}, ms: Date.now() - started };

    let outcome: 'ok' | 'error' = 'ok';
    let counts: Record<string, number> = {};
    let error: string | undefined;
    try {
      counts = await job.run();
    } catch (err) {
      outcome = 'error';
      error = err instanceof Error ? err.message : String(err);
      this.logger.error({ err, job: name }, 'job falhou');
    }
    const finished = this.clock.now();
    await this.knex('scheduled_jobs')
      .where({ name, locked_by: this.instance })
      .update({
        locked_until: null,
        locked_by: null,
        last_finished_at: finished,
        last_outcome: outcome,
        last_error: error ?? null,
        last_counts: JSON.stringify(counts),
        run_count: this.knex.raw('run_count + 1'),
        next_run_at: new Date(finished.getTime() + job.intervalSeconds * 1000),
        updated_at: finished,
      });
    const result: JobRunResult = { name, ran: true, outcome, counts, ...(error ? { error } : {}), ms: Date.now() - started };
    this.logger.info({ job: name, outcome, counts, ms: result.ms }, 'job executado');
    return result;
  }

  /** Runs every job that is due, one after another. */
  async tick(): Promise<JobRunResult[]> {
    const results: JobRunResult[] = [];
    for (const job of this.jobs) results.push(await this.run(job.name));
    return results;
  }

  start(everyMs = 15_000): void {
    if (this.timer) return;
    const loop = () => {
      this.running ??= this.tick()
        .catch((err) => this.logger.error({ err }, 'agendador falhou'))
        .finally(() => {
          this.running = null;
        });
    };
    this.timer = setInterval(loop, everyMs);
    this.timer.unref();
    setTimeout(loop, 2_000).unref();
  }

  /** Stops scheduling and waits for a run in progress (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async status() {
    return (await this.knex('scheduled_jobs').orderBy('name')) as Array<{
      name: string;
      enabled: boolean;
      interval_seconds: number;
      next_run_at: Date | null;
      last_started_at: Date | null;
      last_finished_at: Date | null;
      last_outcome: string | null;
      last_error: string | null;
      last_counts: Record<string, number> | null;
      run_count: number;
      locked_until: Date | null;
    }>;
  }
}
