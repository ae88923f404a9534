// What operators see and do with the queue (CLI `jobs`, back office): each job's status and last run, the jobs that
// failed for good, a retry, pausing and resuming a schedule. Reads pg-boss's tables through our knex.
import type PgBoss from 'pg-boss';
import cronParser from 'cron-parser';
import type { Knex } from 'knex';
import { JOBS_SCHEMA, JOBS_TIME_ZONE, countsOf, errorMessage, type FailedJob, type JobDefinition, type JobStatus } from './job-types';
import { withoutTraceContext } from '../observability/tracing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The parts of the queue the views need: its definitions and its installed pg-boss client. */
export interface QueueInternals {
  readonly knex: Knex;
  names(): string[];
  definition(name: string): JobDefinition;
  scheduledDefinition(name: string): JobDefinition;
  install(): Promise<PgBoss>;
}

export class JobOperatorViews {
  constructor(private readonly q: QueueInternals) {}

  /** Per job: schedule, last run, next run and how many jobs wait, run, retry or failed for good. */
  async status(): Promise<JobStatus[]> {
    await this.q.install();
    const names = this.q.names();
    const [countRows, scheduleRows, lastRows] = await Promise.all([
      this.q.knex
        .withSchema(JOBS_SCHEMA)
        .from('job')
        .whereIn('name', names)
        .select('name', this.q.knex.raw('state::text as state'), this.q.knex.raw('count(*)::int as n'))
        .groupBy('name', 'state') as Promise<Array<{ name: string; state: string; n: number }>>,
      this.q.knex.withSchema(JOBS_SCHEMA).from('schedule').select('name') as Promise<Array<{ name: string }>>,
      this.lastRuns(names),
    ]);
    const scheduled = new Set(scheduleRows.map((r) => r.name));
    const now = new Date();
    return names.map((name) => {
      const def = this.q.definition(name);
      const count = (state: string) => countRows.find((r) => r.name === name && r.state === state)?.n ?? 0;
      const paused = Boolean(def.cron) && !scheduled.has(name);
      const last = lastRows.get(name);
      return {
        name,
        description: def.description,
        schedule: def.cron ?? null,
        paused,
        last_run: last
          ? {
              id: last.id,
              started_at: last.started_on,
              finished_at: last.completed_on,
              outcome: last.state === 'completed' ? 'ok' : last.state === 'active' ? 'running' : 'error',
              counts: last.state === 'completed' ? countsOf(last.output) : {},
              error: last.state === 'completed' || last.state === 'active' ? null : errorMessage(last.output),
            }
          : null,
        next_run_at: def.cron && !paused ? cronParser.parseExpression(def.cron, { tz: JOBS_TIME_ZONE, currentDate: now }).next().toDate() : null,
        queued: count('created'),
        active: count('active'),
        retry: count('retry'),
        failed: count('failed'),
      };
    });
  }

  /** Jobs that failed for good (all attempts used), newest first. */
  async failed(name?: string, limit = 50): Promise<FailedJob[]> {
    await this.q.install();
    if (name !== undefined) this.q.definition(name);
    const rows = (await this.q.knex
      .withSchema(JOBS_SCHEMA)
      .from('job')
      .where('state', 'failed')
      .whereIn('name', name ? [name] : this.q.names())
      .orderBy('completed_on', 'desc')
      .limit(Math.max(1, Math.min(limit, 1000)))
      .select('id', 'name', 'data', 'output', 'retry_count', 'created_on', 'completed_on')) as Array<{
      id: string;
      name: string;
      data: unknown;
      output: unknown;
      retry_count: number;
      created_on: Date;
      completed_on: Date | null;
    }>;
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      data: withoutTraceContext(r.data),
      error: errorMessage(r.output),
      attempts: r.retry_count + 1,
      created_at: r.created_on,
      failed_at: r.completed_on,
    }));
  }

  /** Gives a failed job one more attempt (the workers or the next dispatch run it). False if no failed job has this id. */
  async retry(id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const client = await this.q.install();
    const row = (await this.q.knex.withSchema(JOBS_SCHEMA).from('job').where({ id, state: 'failed' }).first('name')) as { name: string } | undefined;
    if (!row || !this.q.names().includes(row.name)) return false;
    const result = (await client.retry(row.name, id)) as unknown as { affected: number } | undefined;
    return (result?.affected ?? 0) > 0;
  }

  /** Stops a scheduled job's cron (kept across restarts); `resume` puts it back. */
  async pause(name: string): Promise<void> {
    this.q.scheduledDefinition(name);
    await (await this.q.install()).unschedule(name);
  }

  async resume(name: string): Promise<void> {
    const def = this.q.scheduledDefinition(name);
    await (await this.q.install()).schedule(name, def.cron!, {}, { tz: JOBS_TIME_ZONE });
  }

  /** The latest run of each job (started, any state): in the job table, or archived. */
  private async lastRuns(names: string[]) {
    type Row = { id: string; name: string; state: string; started_on: Date | null; completed_on: Date | null; output: unknown };
    const latest = (table: 'job' | 'archive', which: string[]) =>
      this.q.knex
        .withSchema(JOBS_SCHEMA)
        .from(table)
        .distinctOn('name')
        .whereIn('name', which)
        .whereNotNull('started_on')
        .whereNot('state', 'created')
        .orderBy([{ column: 'name' }, { column: 'started_on', order: 'desc' }])
        .select('id', 'name', this.q.knex.raw('state::text as state'), 'started_on', 'completed_on', 'output') as Promise<Row[]>;
    const out = new Map<string, Row>();
    for (const r of await latest('job', names)) out.set(r.name, r);
    const missing = names.filter((n) => !out.has(n));
    if (missing.length) for (const r of await latest('archive', missing)) out.set(r.name, r);
    return out;
  }
}
