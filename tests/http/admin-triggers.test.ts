// Back office triggers (/admin/triggers): every job with its schedule and last/next run, "run now", a failed
// job with its error and its retry, and pause/resume of a schedule that survives a restart and keeps pg-boss's cron
// from firing it (a paused job has no row in pg-boss's schedule table, which is all its cron reads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContainer } from '../../adapters/container';
import { JOBS_SCHEMA, type PgBossJobQueue } from '../../adapters/jobs/pg-boss.queue';
import { TOKENS } from '../../adapters/tokens';
import type { Clock } from '../../core/shared/clock';
import { createTestApp, type HttpClient, type TestApp } from '../support/test-app';
import { createUser } from '../support/factories';

/** The system time, or a failure while a test wants one job's handler to fail (cleanup_sessions reads the clock). */
let clockDown = false;
const clock: Clock = {
  now: () => {
    if (clockDown) throw new Error('relógio indisponível');
    return new Date();
  },
};

let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  admin = (await createUser(app, { role: 'admin' })).client;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const queue = () => app.container.get<PgBossJobQueue>(TOKENS.JobQueue);
type Job = { id: string; schedule: string | null; paused: boolean; next_run_at: string | null; last_run: null | { outcome: string; error?: string | null; counts: Record<string, number> } };
const job = async (name: string) => (await admin.get<Job>(`/api/admin/jobs/${name}`)).body;
const scheduleRow = (name: string) => app.db.knex.withSchema(JOBS_SCHEMA).from('schedule').where({ name }).first();

describe('/api/admin/jobs', { timeout: 60_000 }, () => {
  it('lists every job of the definitions with its schedule and next run; run now runs it and shows the outcome', async () => {
    const list = await admin.get<Job[]>('/api/admin/jobs?range=[0,99]');
    expect(list.status).toBe(200);
    expect(list.body.map((j) => j.id).sort()).toEqual([...queue().names].sort());
    expect(list.headers.get('content-range')).toBe(`jobs 0-${queue().names.length - 1}/${queue().names.length}`);
    for (const j of list.body) {
      const scheduled = queue().scheduledNames.includes(j.id);
      expect(j.schedule !== null, j.id).toBe(scheduled);
      expect(j.next_run_at !== null, j.id).toBe(scheduled);
    }
    expect((await job('cleanup_sessions')).last_run).toBeNull();

    const run = await admin.post('/api/admin/jobs/cleanup_sessions/run');
    expect(run.status, run.text).toBe(200);
    expect(run.body).toMatchObject({ name: 'cleanup_sessions', outcome: 'ok', counts: { deleted: 0 } });
    expect((await job('cleanup_sessions')).last_run).toMatchObject({ outcome: 'ok', counts: { deleted: 0 } });
  });

  it('a failed job shows its error in the list of failures; retry queues it again and it then succeeds (audited)', async () => {
    clockDown = true;
    let failedRun;
    try {
      failedRun = await queue().runNow('cleanup_sessions');
    } finally {
      clockDown = false;
    }
    expect(failedRun).toMatchObject({ outcome: 'error', error: 'relógio indisponível' });
    expect((await job('cleanup_sessions')).last_run).toMatchObject({ outcome: 'error', error: 'relógio indisponível' });

    const failed = await admin.get('/api/admin/jobs/failed?filter={"name":"cleanup_sessions"}');
    expect(failed.status).toBe(200);
    expect(failed.body).toHaveLength(1);
    expect(failed.body[0]).toMatchObject({ id: failedRun!.id, name: 'cleanup_sessions', error: 'relógio indisponível', attempts: 1 });

    const retry = await admin.post(`/api/admin/jobs/failed/${failedRun!.id}/retry`);
    expect(retry.status, retry.text).toBe(200);
    expect((await admin.get('/api/admin/jobs/failed?filter={"name":"cleanup_sessions"}')).body).toEqual([]);
    await queue().dispatch(['cleanup_sessions']);
    const state = await app.db.knex.withSchema(JOBS_SCHEMA).from('job').where({ id: failedRun!.id }).first('state');
    expect(state.state).toBe('completed');
    expect(await app.db.knex('audit_logs').where({ action: 'admin.job_retried', entity_id: failedRun!.id })).toHaveLength(1);
  });

  it('pause stops the cron, survives a restart, and resume puts it back (both audited with before and after)', async () => {
    expect(await scheduleRow('group_reminders')).toBeTruthy();
    const paused = await admin.post<Job>('/api/admin/jobs/group_reminders/pause');
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ id: 'group_reminders', paused: true, next_run_at: null, schedule: '0 * * * *' });
    // pg-boss's cron fires only what its schedule table holds.
    expect(await scheduleRow('group_reminders')).toBeUndefined();
    const [entry] = await app.db.knex('audit_logs').where({ action: 'admin.job_paused', entity_id: 'group_reminders' });
    expect(entry.metadata).toEqual({ before: { paused: false }, after: { paused: true } });
    // Pausing twice changes nothing and records nothing.
    expect((await admin.post('/api/admin/jobs/group_reminders/pause')).body.paused).toBe(true);
    expect(await app.db.knex('audit_logs').where({ action: 'admin.job_paused' })).toHaveLength(1);

    // A restart: a new container on the same database installs the queues and schedules again.
    const restarted = buildContainer(app.config, app.db).get<PgBossJobQueue>(TOKENS.JobQueue);
    await restarted.start({ workers: false });
    try {
      expect((await restarted.status()).find((s) => s.name === 'group_reminders')).toMatchObject({ paused: true, next_run_at: null });
      expect(await scheduleRow('group_reminders')).toBeUndefined();
      expect(await scheduleRow('expire_groups')).toBeTruthy();
    } finally {
      await restarted.stop();
    }

    const resumed = await admin.post<Job>('/api/admin/jobs/group_reminders/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.paused).toBe(false);
    expect(resumed.body.next_run_at).not.toBeNull();
    expect(await scheduleRow('group_reminders')).toMatchObject({ cron: '0 * * * *' });
    expect((await app.db.knex('audit_logs').where({ action: 'admin.job_resumed', entity_id: 'group_reminders' }))[0].metadata).toEqual({ before: { paused: true }, after: { paused: false } });

    expect((await admin.post('/api/admin/jobs/mail.send/pause')).status).toBe(400);
    expect((await admin.post('/api/admin/jobs/nada/pause')).status).toBe(404);
  });

  it('every route refuses visitors (401), members (403) and professionals (403)', async () => {
    const member = await createUser(app);
    const professional = await createUser(app, { role: 'professional' });
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/jobs'],
      ['GET', '/api/admin/jobs/failed'],
      ['GET', '/api/admin/jobs/release_holds'],
      ['POST', '/api/admin/jobs/release_holds/run'],
      ['GET', '/api/admin/jobs/release_holds/runs/6f1d3c1e-1111-4222-8333-944455556666'],
      ['POST', '/api/admin/jobs/release_holds/pause'],
      ['POST', '/api/admin/jobs/release_holds/resume'],
      ['POST', '/api/admin/jobs/failed/00000000-0000-0000-0000-000000000000/retry'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'POST' ? {} : undefined;
      expect((await app.client().request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await member.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await professional.client.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await scheduleRow('release_holds')).toBeTruthy();
  });
});
