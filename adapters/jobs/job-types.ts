// What a job is (its definition, payload, retry policy) and what operators see of it (status, runs, failures),
// shared by the pg-boss queue, its operator views, the job definitions, the CLI and the back-office routes.
import type { JobName, JobPayloads } from '../../core/ports/job-queue';

/** pg-boss's own schema: created and migrated by `start()`, never by our knex migrations. */
export const JOBS_SCHEMA = 'pgboss';
/** Cron expressions are read at this time zone (a "03:00" job runs at 03:00 in Brasília). */
export const JOBS_TIME_ZONE = 'America/Sao_Paulo';

export type JobCounts = Record<string, number>;
/** The payload a job's handler receives: the port's declared payload, or nothing for the scheduled jobs. */
export type JobData<N extends string> = N extends JobName ? JobPayloads[N] : Record<string, never>;

/** Which attempt a handler is running: on the last one a failure is final (no retry follows). */
export interface JobRun {
  retryCount: number;
  lastAttempt: boolean;
}

export interface JobDefinition<N extends string = string> {
  name: N;
  description: string;
  /** Returns counts (what it did) or nothing; a throw is a failed attempt, retried while retryLimit allows. */
  handler(data: JobData<N>, run: JobRun): Promise<JobCounts | void>;
  /** Attempts after the first one; 0 = a failure is final (the next cron tick is the retry). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Exponential: the n-th retry waits about retryDelay·2ⁿ⁻¹ to retryDelay·2ⁿ seconds (pg-boss adds jitter). */
  retryBackoff: boolean;
  /** A 5-field cron expression read at America/Sao_Paulo; omitted = runs only when enqueued. */
  cron?: string;
  /** A run taking longer than this is failed by maintenance (and retried if allowed). Default 15 min. */
  expireInSeconds?: number;
}

/** Types the handler's payload from the job name (returning the wide type keeps a list's type from widening N). */
export const defineJob = <N extends string>(definition: JobDefinition<N>): JobDefinition => definition as unknown as JobDefinition;

export interface JobRunResult {
  name: string;
  /** The pg-boss job id of this run. */
  id: string;
  outcome: 'ok' | 'error';
  counts: JobCounts;
  error?: string;
  ms: number;
}

/** A run asked for on a server with jobs off: queued for the worker, which `runState` follows. */
export interface JobRunQueued {
  name: string;
  id: string;
  outcome: 'queued';
  /** Whether a process that runs jobs (the worker, or a server with JOBS_ENABLED) is connected to the database now. */
  worker_running: boolean;
}

/** Where a run stands: waiting in the queue, running, or finished (the result as `runNow` gives it). */
export type JobRunState = Omit<JobRunResult, 'outcome'> & { outcome: JobRunResult['outcome'] | 'queued' | 'running' };

export interface JobLastRun {
  id: string;
  started_at: Date | null;
  finished_at: Date | null;
  /** running = active now; error with a retry pending is still 'error' (the retry is counted in `retry`). */
  outcome: 'ok' | 'error' | 'running';
  counts: JobCounts;
  error: string | null;
}

export interface JobStatus {
  name: string;
  description: string;
  /** The cron expression (America/Sao_Paulo), or null for jobs that run only when enqueued. */
  schedule: string | null;
  paused: boolean;
  last_run: JobLastRun | null;
  next_run_at: Date | null;
  queued: number;
  active: number;
  retry: number;
  failed: number;
}

export interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string | null;
  attempts: number;
  created_at: Date;
  failed_at: Date | null;
}

/** The message of a failed run's output (an Error serialized by pg-boss, or whatever the handler threw). */
export const errorMessage = (output: unknown): string | null => {
  if (output && typeof output === 'object') {
    const o = output as { message?: unknown; value?: { message?: unknown } };
    if (typeof o.message === 'string') return o.message;
    if (o.value && typeof o.value.message === 'string') return o.value.message;
    return JSON.stringify(output);
  }
  return output == null ? null : String(output);
};

/** The numeric fields of a run's output: what the handler reported it did. */
export const countsOf = (output: unknown): JobCounts => {
  const counts: JobCounts = {};
  if (output && typeof output === 'object' && !Array.isArray(output)) {
    for (const [k, v] of Object.entries(output)) if (typeof v === 'number') counts[k] = v;
  }
  return counts;
};
