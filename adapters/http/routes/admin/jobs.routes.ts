// Back office: the jobs ("gatilhos") — status of each job (ra-data-simple-rest, id = job name), jobs that failed for
// good, and the operator actions (run now — here, or queued for the worker —, retry, pause and resume), all audited.
import { z } from 'zod';
import type { AppUnitOfWork } from '../../../db/unit-of-work';
import { invalid, notFound } from '../../../../core/shared/errors';
import type { FailedJob, JobStatus, PgBossJobQueue } from '../../../jobs/pg-boss.queue';
import { TOKENS } from '../../../tokens';
import { requestMeta, type AppContext } from '../../context';
import { ContractRouter, reply } from '../../contract';
import { contentRangeHeader, parseSimpleRestQuery, sendList, simpleRestQueryDoc } from '../../simple-rest';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toJobJson = (s: JobStatus) => ({
  id: s.name,
  name: s.name,
  description: s.description,
  schedule: s.schedule,
  paused: s.paused,
  last_run: s.last_run ? { ...s.last_run, started_at: iso(s.last_run.started_at), finished_at: iso(s.last_run.finished_at) } : null,
  next_run_at: iso(s.next_run_at),
  queued: s.queued,
  active: s.active,
  retry: s.retry,
  failed: s.failed,
});

const toFailedJson = (f: FailedJob) => ({ ...f, created_at: f.created_at.toISOString(), failed_at: iso(f.failed_at) });

const listFilter = z.object({
  q: z.string().trim().max(200).optional(),
  scheduled: z.boolean().optional(),
  id: z.union([z.string().max(100), z.array(z.string().max(100)).max(100)]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});
const failedFilter = z.object({ name: z.string().max(100).optional() });
const SORTABLE = ['name', 'queued', 'failed', 'next_run_at'] as const;

const lastRunSchema = z.object({
  id: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  outcome: z.string(),
  counts: z.record(z.string(), z.number()),
  error: z.string().nullish(),
});
const jobSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    schedule: z.string().nullable(),
    paused: z.boolean(),
    last_run: lastRunSchema.nullable(),
    next_run_at: z.string().nullable(),
    queued: z.number().int(),
    active: z.number().int(),
    retry: z.number().int(),
    failed: z.number().int(),
  })
  .meta({ id: 'Job' });
const failedJobSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string(), failed_at: z.string().nullable() }).catchall(z.unknown()).meta({ id: 'FailedJob' });
const runResultSchema = z.object({ name: z.string(), id: z.string().nullish(), outcome: z.string(), counts: z.record(z.string(), z.number()), error: z.string().optional(), ms: z.number() }).meta({ id: 'JobRunResult' });
const runQueuedSchema = z
  .object({ name: z.string(), id: z.string(), outcome: z.literal('queued'), worker_running: z.boolean() })
  .meta({ id: 'JobRunQueued', description: 'A run left to the worker by a server with jobs off; follow it at GET /api/admin/jobs/{name}/runs/{id}.' });
const runStateSchema = z
  .object({
    name: z.string(),
    id: z.string(),
    outcome: z.enum(['queued', 'running', 'ok', 'error']),
    counts: z.record(z.string(), z.number()),
    error: z.string().optional(),
    ms: z.number(),
  })
  .meta({ id: 'JobRunState' });
const admin = { roles: ['admin' as const] };

export function jobAdminRoutes() {
  const queue = (ctx: AppContext) => ctx.container.get<PgBossJobQueue>(TOKENS.JobQueue);
  const known = (ctx: AppContext, name: string) => {
    if (!queue(ctx).names.includes(name)) throw notFound('job_not_found', 'Tarefa não encontrada.');
  };
  const audit = (ctx: AppContext, action: string, entityId: string, metadata: Record<string, unknown>) => {
    const meta = requestMeta(ctx);
    return ctx.container.get<AppUnitOfWork>(TOKENS.UnitOfWork).repos.audit.append({
      action,
      actor_user_id: ctx.state.user!.id,
      actor_email: ctx.state.user!.email,
      entity_type: 'job',
      entity_id: entityId,
      ip: meta.ip,
      user_agent: meta.userAgent,
      request_id: meta.requestId,
      metadata,
    });
  };

  return new ContractRouter({ tag: 'admin', prefix: '/api/admin/jobs' })
    .route({
      method: 'get',
      path: '/',
      summary: 'Scheduled jobs and queues: schedule, last and next run, counts (ra-data-simple-rest list)',
      guard: admin,
      describedQuery: simpleRestQueryDoc(listFilter),
      errors: [400],
      answers: { 200: { description: 'The jobs.', schema: z.array(jobSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, listFilter, { field: 'name', order: 'ASC' });
        const { q, scheduled, id } = query.filter;
        let rows = (await queue(ctx).status()).map(toJobJson);
        if (q) rows = rows.filter((r) => `${r.name} ${r.description}`.toLowerCase().includes(q.toLowerCase()));
        if (scheduled !== undefined) rows = rows.filter((r) => (r.schedule !== null) === scheduled);
        if (id) rows = rows.filter((r) => id.includes(r.id));
        const field = (SORTABLE as readonly string[]).includes(query.sort.field) ? (query.sort.field as (typeof SORTABLE)[number]) : 'name';
        const dir = query.sort.order === 'ASC' ? 1 : -1;
        rows.sort((a, b) => dir * String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'pt-BR', { numeric: true }));
        const page = rows.slice(query.offset, query.offset + query.limit);
        sendList(ctx, 'jobs', query, page, rows.length);
        return reply(200, page);
      },
    })
    // Before '/:name': "failed" is not a job name.
    .route({
      method: 'get',
      path: '/failed',
      summary: 'Jobs that failed for good (dead letter), newest first',
      guard: admin,
      describedQuery: simpleRestQueryDoc(failedFilter),
      errors: [400, 404],
      answers: { 200: { description: 'The failed jobs with their error.', schema: z.array(failedJobSchema), headers: contentRangeHeader } },
      handler: async (ctx) => {
        const query = parseSimpleRestQuery(ctx, failedFilter, { field: 'failed_at', order: 'DESC' });
        if (query.filter.name) known(ctx, query.filter.name);
        const rows = (await queue(ctx).failed(query.filter.name, 1000)).map(toFailedJson);
        const page = rows.slice(query.offset, query.offset + query.limit);
        sendList(ctx, 'jobs/failed', query, page, rows.length);
        return reply(200, page);
      },
    })
    .route({
      method: 'post',
      path: '/failed/:id/retry',
      summary: 'Retry a job that failed for good (audited)',
      guard: admin,
      params: z.object({ id: z.string() }),
      errors: [404],
      answers: { 200: { description: 'Queued again.', schema: z.object({ id: z.string(), retried: z.boolean() }) } },
      handler: async (ctx, { params }) => {
        if (!(await queue(ctx).retry(params.id))) throw notFound('failed_job_not_found', 'Nenhum job com falha definitiva tem este id.');
        await audit(ctx, 'admin.job_retried', params.id, {});
        return reply(200, { id: params.id, retried: true });
      },
    })
    .route({
      method: 'get',
      path: '/:name',
      summary: 'One job',
      guard: admin,
      params: z.object({ name: z.string() }),
      errors: [404],
      answers: { 200: { description: 'The job.', schema: jobSchema } },
      handler: async (ctx, { params }) => {
        known(ctx, params.name);
        return reply(200, toJobJson((await queue(ctx).status()).find((s) => s.name === params.name)!));
      },
    })
    .route({
      method: 'post',
      path: '/:name/run',
      summary: 'Run a scheduled job now (audited): here when this server runs jobs, otherwise queued for the worker (202)',
      guard: admin,
      params: z.object({ name: z.string() }),
      errors: [400, 404],
      answers: {
        200: { description: 'The run, done by this server (JOBS_ENABLED): outcome and counts.', schema: runResultSchema },
        202: { description: 'Queued for the worker (this server runs no jobs), and whether a worker is connected now.', schema: runQueuedSchema },
      },
      handler: async (ctx, { params }) => {
        known(ctx, params.name);
        if (!queue(ctx).scheduledNames.includes(params.name)) throw invalid('job_not_scheduled', 'Só as tarefas agendadas podem ser executadas agora.');
        // A web server with jobs off never runs one inside a request: the worker does, and the screen follows the run.
        if (!queue(ctx).runsJobs) {
          const queued = await queue(ctx).enqueueRun(params.name);
          await audit(ctx, 'admin.job_run', params.name, { job_id: queued.id, outcome: 'queued', worker_running: queued.worker_running });
          return reply(202, queued);
        }
        const result = await queue(ctx).runNow(params.name);
        await audit(ctx, 'admin.job_run', params.name, { job_id: result.id, outcome: result.outcome, counts: result.counts, ...(result.error ? { error: result.error } : {}) });
        return reply(200, result);
      },
    })
    .route({
      method: 'get',
      path: '/:name/runs/:id',
      summary: 'Where one run stands: queued, running, or its outcome and counts',
      guard: admin,
      params: z.object({ name: z.string(), id: z.uuid() }),
      errors: [400, 404],
      answers: { 200: { description: 'The run.', schema: runStateSchema } },
      handler: async (ctx, { params }) => {
        known(ctx, params.name);
        const state = await queue(ctx).runState(params.name, params.id);
        if (!state) throw notFound('job_run_not_found', 'Nenhuma execução desta tarefa tem este id.');
        return reply(200, state);
      },
    })
    // The paused state lives in pg-boss's own schedule table (a paused job has no row there), so it survives a
    // restart and pg-boss's cron never fires it; start() does not put the schedule back for a queue that exists.
    .route({
      method: 'post',
      path: '/:name/pause',
      summary: 'Pause a schedule: its cron stops firing, across restarts (audited)',
      guard: admin,
      params: z.object({ name: z.string() }),
      errors: [400, 404],
      answers: { 200: { description: 'The job.', schema: jobSchema } },
      handler: async (ctx, { params }) => reply(200, await setPaused(ctx, params.name, true)),
    })
    .route({
      method: 'post',
      path: '/:name/resume',
      summary: 'Resume a paused schedule (audited)',
      guard: admin,
      params: z.object({ name: z.string() }),
      errors: [400, 404],
      answers: { 200: { description: 'The job.', schema: jobSchema } },
      handler: async (ctx, { params }) => reply(200, await setPaused(ctx, params.name, false)),
    });

  async function setPaused(ctx: AppContext, name: string, paused: boolean) {
    known(ctx, name);
    if (!queue(ctx).scheduledNames.includes(name)) throw invalid('job_not_scheduled', 'Só as tarefas agendadas podem ser pausadas ou retomadas.');
    const statusOf = async () => toJobJson((await queue(ctx).status()).find((s) => s.name === name)!);
    const before = await statusOf();
    if (before.paused !== paused) {
      await (paused ? queue(ctx).pause(name) : queue(ctx).resume(name));
      await audit(ctx, paused ? 'admin.job_paused' : 'admin.job_resumed', name, { before: { paused: before.paused }, after: { paused } });
    }
    return statusOf();
  }
}
