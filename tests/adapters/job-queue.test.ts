// The job queue on pg-boss 10: transactional enqueue, retries with growing delays, dead jobs and retry, restarts,
// run-now with status, cron once across instances, and the admin routes. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../adapters/db/database';
import { PgBossJobQueue, defineJob, type JobDefinition } from '../../adapters/jobs/pg-boss.queue';
import { createLogger } from '../../adapters/logger';
import type { JobName, JobQueue } from '../../core/ports/job-queue';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { createTestApp } from '../support/test-app';
import { createUser } from '../support/factories';

let db: TestDatabase;
const logger = createLogger('silent');
const queues: PgBossJobQueue[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const q of queues) await q.stop();
  await db?.destroy();
});

function queueOf(database: Database, jobs: JobDefinition[], options: { workers?: boolean } = {}) {
  const q = new PgBossJobQueue(database, { logger, workers: options.workers ?? false, pollingSeconds: 0.5, cronCheckSeconds: 1, cronSendSeconds: 1 });
  for (const j of jobs) q.define(j);
  queues.push(q);
  return q;
}
const enqueue = (port: JobQueue, name: string, data: object) => port.enqueue(name as JobName, data as never);
const jobRows = (name: string) =>
  db.knex.raw(`select id, state::text as state, retry_count, extract(epoch from start_after - now())::float8 as wait from pgboss.job where name = ?`, [name]).then((r: { rows: Array<{ id: string; state: string; retry_count: number; wait: number }> }) => r.rows);
const waitFor = async (ok: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
};
const plain = { retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false } as const;

describe('PgBossJobQueue', { timeout: 60_000 }, () => {
  it('a job enqueued in a rolled-back transaction does not exist; a committed one is processed exactly once', async () => {
    const seen: number[] = [];
    const job = defineJob({ name: 'test.tx', description: 't', ...plain, handler: async (d) => void seen.push((d as unknown as { n: number }).n) });
    const started = Date.now();
    const q = queueOf(db, [job]);
    await q.start();
    const other = queueOf(db, [job]);
    await other.start();
    console.info(`pg-boss install (${db.kind}): ${Date.now() - started} ms for two instances`);

    await expect(
      db.knex.transaction(async (trx) => {
        await enqueue(q.forTransaction(trx), 'test.tx', { n: 1 });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(await jobRows('test.tx')).toHaveLength(0);

    const port = await db.knex.transaction(async (trx) => {
      const p = q.forTransaction(trx);
      await enqueue(p, 'test.tx', { n: 2 });
      return p;
    });
    expect([...port.enqueued]).toEqual(['test.tx']);
    await Promise.all([q.dispatch(port.enqueued), other.dispatch(port.enqueued), q.dispatch(['test.tx'])]);
    await q.dispatch(['test.tx']);
    expect(seen).toEqual([2]);
    expect((await jobRows('test.tx')).map((r) => r.state)).toEqual(['completed']);
  });

  it('dispatch after a commit runs the jobs of that commit, not a backlog (the workers drain backlogs)', async () => {
    const seen: number[] = [];
    const job = defineJob({ name: 'test.backlog', description: 't', ...plain, handler: async (d) => void seen.push((d as unknown as { n: number }).n) });
    const q = queueOf(db, [job]);
    await q.start();
    // A backlog of 5 (say, e-mails queued while the mail server was down), then one commit that enqueues 2 more.
    await db.knex.transaction(async (trx) => {
      const p = q.forTransaction(trx);
      for (let n = 1; n <= 5; n++) await enqueue(p, 'test.backlog', { n });
    });
    const port = await db.knex.transaction(async (trx) => {
      const p = q.forTransaction(trx);
      await enqueue(p, 'test.backlog', { n: 6 });
      await enqueue(p, 'test.backlog', { n: 7 });
      return p;
    });
    expect(port.jobs).toEqual(['test.backlog', 'test.backlog']);
    await q.dispatch(port.jobs);
    expect(seen).toHaveLength(2);
    expect((await jobRows('test.backlog')).filter((r) => r.state === 'completed')).toHaveLength(2);
  });

  it('a failing handler is retried with growing delays, ends failed after retryLimit, and retry(id) runs it again', async () => {
    let attempts = 0;
    let healthy = false;
    const q = queueOf(db, [
      defineJob({ name: 'test.flaky', description: 't', retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, handler: async () => {
        attempts++;
        if (!healthy) throw new Error(`provedor fora do ar ${attempts}`);
      } }),
    ]);
    await q.start();
    await db.knex.transaction(async (trx) => enqueue(q.forTransaction(trx), 'test.flaky', {}));
    const waits: number[] = [];
    for (let i = 0; i < 2; i++) {
      await q.dispatch(['test.flaky']);
      const [row] = await jobRows('test.flaky');
      expect(row).toMatchObject({ state: 'retry' });
      waits.push(row!.wait);
      await q.dispatch(['test.flaky']); // not due yet: nothing runs
      expect(attempts).toBe(i + 1);
      await db.knex.raw(`update pgboss.job set start_after = now() - interval '1 second' where name = 'test.flaky'`);
    }
    // Exponential with jitter: first retry after 10–20 s, second after 20–40 s.
    expect(waits[0]).toBeGreaterThan(9);
    expect(waits[0]).toBeLessThanOrEqual(20.5);
    expect(waits[1]).toBeGreaterThan(19);
    expect(waits[1]).toBeLessThanOrEqual(40.5);
    expect(waits[1]).toBeGreaterThan(waits[0]!);

    await q.dispatch(['test.flaky']);
    expect(attempts).toBe(3);
    const [dead] = await q.failed('test.flaky');
    expect(dead).toMatchObject({ name: 'test.flaky', error: 'provedor fora do ar 3', attempts: 3 });
    expect((await q.status()).find((s) => s.name === 'test.flaky')).toMatchObject({ failed: 1, last_run: { outcome: 'error', error: 'provedor fora do ar 3' } });

    healthy = true;
    expect(await q.retry('nao-e-um-id')).toBe(false);
    expect(await q.retry(dead!.id)).toBe(true);
    expect(await q.retry(dead!.id)).toBe(false);
    await q.dispatch(['test.flaky']);
    expect(attempts).toBe(4);
    expect(await q.failed('test.flaky')).toEqual([]);
    expect((await jobRows('test.flaky'))[0]).toMatchObject({ state: 'completed' });
  });

  it('jobs survive a restart: enqueued with workers off, delivered once by a new instance', async () => {
    const seen: string[] = [];
    const job = defineJob({ name: 'test.restart', description: 't', ...plain, handler: async () => void seen.push('x') });
    const first = queueOf(db, [job]);
    await first.start();
    await db.knex.transaction(async (trx) => enqueue(first.forTransaction(trx), 'test.restart', {}));
    await first.stop();
    expect(seen).toEqual([]);

    const second = queueOf(db, [job], { workers: true });
    await second.start();
    await waitFor(() => seen.length > 0);
    await new Promise((r) => setTimeout(r, 1_500));
    await second.stop();
    expect(seen).toEqual(['x']);
    expect((await jobRows('test.restart')).map((r) => r.state)).toEqual(['completed']);
  });

  it('runNow records the run; status shows the last outcome and the next run (São Paulo time); pause survives a restart', async () => {
    const jobs = [
      defineJob({ name: 'test.tick', description: 'tique', cron: '*/15 * * * *', ...plain, handler: async () => ({ done: 3 }) }),
      defineJob({ name: 'test.nightly', description: 'noturna', cron: '0 3 * * *', ...plain, handler: async () => {
        throw new Error('sem conexão');
      } }),
    ];
    const q = queueOf(db, jobs);
    await q.start();
    expect(await q.runNow('test.tick')).toMatchObject({ name: 'test.tick', outcome: 'ok', counts: { done: 3 } });
    expect(await q.runNow('test.nightly')).toMatchObject({ outcome: 'error', error: 'sem conexão' });
    await expect(q.runNow('nada')).rejects.toThrow('tarefa desconhecida');

    const before = Date.now();
    const status = await q.status();
    const tick = status.find((s) => s.name === 'test.tick')!;
    expect(tick).toMatchObject({ schedule: '*/15 * * * *', paused: false, last_run: { outcome: 'ok', counts: { done: 3 }, error: null } });
    expect(tick.last_run!.finished_at).toBeInstanceOf(Date);
    expect(tick.next_run_at!.getTime()).toBeGreaterThan(before);
    expect(tick.next_run_at!.getTime()).toBeLessThanOrEqual(before + 15 * 60_000);
    expect(tick.next_run_at!.getUTCMinutes() % 15).toBe(0);
    const nightly = status.find((s) => s.name === 'test.nightly')!;
    expect(nightly).toMatchObject({ last_run: { outcome: 'error', error: 'sem conexão' }, failed: 1 });
    expect(nightly.next_run_at!.getUTCHours()).toBe(6); // 03:00 in São Paulo (UTC−3)

    await q.pause('test.tick');
    const again = queueOf(db, jobs);
    await again.start();
    expect((await again.status()).find((s) => s.name === 'test.tick')).toMatchObject({ paused: true, next_run_at: null });
    await again.resume('test.tick');
    expect((await q.status()).find((s) => s.name === 'test.tick')).toMatchObject({ paused: false });
  });

  it('two instances with the same cron: a tick produces one run, not two', async () => {
    // Stay inside one minute: pg-boss dedupes a tick per 60 s slot, and the next minute is a new tick.
    while (new Date().getSeconds() > 40) await new Promise((r) => setTimeout(r, 500));
    let runs = 0;
    const job = defineJob({ name: 'test.cron', description: 't', cron: '* * * * *', ...plain, handler: async () => {
      runs++;
      return { runs };
    } });
    // PostgreSQL: a second pool, as a second process would have. PGlite: the same single session, two queues.
    const second = db.url ? await openDatabase({ url: db.url, poolMax: 4 }) : db;
    const a = queueOf(db, [job], { workers: true });
    const b = queueOf(second, [job], { workers: true });
    await Promise.all([a.start(), b.start()]);
    await waitFor(() => runs > 0);
    await new Promise((r) => setTimeout(r, 4_000));
    await Promise.all([a.stop(), b.stop()]);
    if (second !== db) await second.close();
    expect(runs).toBe(1);
    expect(await jobRows('test.cron')).toHaveLength(1);
  });
});

describe('/api/admin/jobs', { timeout: 60_000 }, () => {
  it('refuses visitors (401) and plain users (403); lists, runs (audited) and retries for an admin', async () => {
    const app = await createTestApp();
    try {
      expect((await app.client().get('/api/admin/jobs')).status).toBe(401);
      const user = await createUser(app);
      expect((await user.client.get('/api/admin/jobs')).status).toBe(403);
      expect((await user.client.post('/api/admin/jobs/release_holds/run')).status).toBe(403);

      const admin = await createUser(app, { role: 'admin' });
      // One page holds them all (the default page is 25 rows).
      const list = await admin.client.get(`/api/admin/jobs?range=${encodeURIComponent('[0,99]')}`);
      expect(list.status).toBe(200);
      // Every job; other modules add theirs, so the list is checked to contain these.
      const ids = list.body.map((j: { id: string }) => j.id) as string[];
      expect(list.headers.get('content-range')).toBe(`jobs 0-${ids.length - 1}/${ids.length}`);
      expect(ids).toEqual(expect.arrayContaining(['cleanup_product_uploads', 'cleanup_sessions', 'expire_groups', 'expire_orders', 'group_reminders', 'mail.send', 'marketplace.line_refund', 'mature_receivables', 'messages.fanout', 'pay_professionals', 'payments.cancel_charge', 'payments.refund', 'payouts.transfer', 'push.send', 'reconcile_payments', 'release_holds', 'track_parcels']));
      expect(list.body.find((j: { id: string }) => j.id === 'expire_groups')).toMatchObject({ schedule: '*/5 * * * *', paused: false, failed: 0 });

      const run = await admin.client.post('/api/admin/jobs/release_holds/run');
      expect(run.status).toBe(200);
      expect(run.body).toMatchObject({ outcome: 'ok', counts: { released: 0 } });
      expect((await app.db.knex('audit_logs').where({ action: 'admin.job_run', entity_id: 'release_holds' })).length).toBe(1);
      expect((await admin.client.get('/api/admin/jobs/release_holds')).body).toMatchObject({ last_run: { outcome: 'ok' } });
      expect((await admin.client.post('/api/admin/jobs/mail.send/run')).status).toBe(400);
      expect((await admin.client.post('/api/admin/jobs/nada/run')).status).toBe(404);
      expect((await admin.client.post('/api/admin/jobs/failed/00000000-0000-0000-0000-000000000000/retry')).status).toBe(404);
      const failed = await admin.client.get('/api/admin/jobs/failed');
      expect(failed.status).toBe(200);
      expect(failed.body).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
