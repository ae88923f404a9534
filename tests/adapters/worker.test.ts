// The worker in this process, on both engines: its health endpoint, the drain on stop (no new job is taken, the job in
// hand finishes; one that outlives JOBS_DRAIN_MS is left to pg-boss), and a queue with jobs off that only enqueues and
// wakes the worker at its commit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { PgBossJobQueue, defineJob } from '../../adapters/jobs/pg-boss.queue';
import { startWorker } from '../../adapters/worker';
import { createLogger } from '../../adapters/logger';
import type { JobName } from '../../core/ports/job-queue';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

const logger = createLogger('silent', { pretty: false });
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
async function until(what: string, probe: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`esperando: ${what}`);
    await sleep(25);
  }
}
const health = async (port: number, path: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { code: res.status, body: (await res.json()) as { status: string } };
};

let queues = 0;
/** A queue holding one job (a name of its own per test) whose runs wait for the test to let them finish. */
function slowQueue(db: TestDatabase, workers: boolean, options: { name?: string; pollingSeconds?: number } = {}) {
  const name = options.name ?? `test.slow_${++queues}`;
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  // As the container builds it: jobs off means no workers and nothing run after the commit.
  const queue = new PgBossJobQueue(db, { logger, workers, runAfterCommit: workers, pollingSeconds: options.pollingSeconds ?? 0.5 });
  queue.define(
    defineJob({
      name,
      description: 'espera o teste',
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      handler: async (data: unknown) => {
        const tag = (data as { tag: string }).tag;
        started.push(tag);
        await new Promise<void>((resolve) => gates.set(tag, resolve));
        return { done: 1 };
      },
    }),
  );
  /** Enqueued in a committed transaction, as a unit of work does; returns the names to hand to dispatch(). */
  const enqueue = async (tag: string) => {
    let names: readonly string[] = [];
    await db.knex.transaction(async (trx: Knex.Transaction) => {
      const port = queue.forTransaction(trx);
      await port.enqueue(name as JobName, { tag } as never);
      names = port.jobs;
    });
    return names;
  };
  const state = async (tag: string) =>
    ((await db.knex.withSchema('pgboss').from('job').where({ name }).whereRaw("data->>'tag' = ?", [tag]).first(db.knex.raw('state::text as state'))) as { state: string } | undefined)?.state;
  return { name, queue, started, release: (tag: string) => gates.get(tag)?.(), enqueue, state };
}

describe('the worker in this process', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
  });

  it('answers live and ready; on close readiness says draining until the job in hand finishes, then it stops', async () => {
    const { queue, started, release, enqueue, state } = slowQueue(db, true);
    const worker = await startWorker(queue, db, logger, { port: 0, host: '127.0.0.1', drainMs: 20_000 });
    expect(await health(worker.port, '/health/live')).toEqual({ code: 200, body: { status: 'ok' } });
    expect(await health(worker.port, '/health/ready')).toEqual({ code: 200, body: { status: 'ready' } });
    expect((await fetch(`http://127.0.0.1:${worker.port}/api/health`)).status).toBe(404);

    await enqueue('a');
    await until('o job começar', () => started.includes('a'));
    const closing = worker.close();
    expect(await health(worker.port, '/health/ready')).toEqual({ code: 503, body: { status: 'draining' } });
    expect(await state('a')).toBe('active');
    // A job due while it stops is not taken: it waits in the queue for the next worker.
    await enqueue('late');
    await sleep(1_200);
    release('a');
    expect(await closing).toBe(true);
    expect(started).toEqual(['a']);
    expect(await state('late')).toBe('created');
    expect(await state('a')).toBe('completed');
  });

  it('readiness answers 503 unavailable while the database does not answer; liveness stays 200', async () => {
    const { queue } = slowQueue(db, true);
    const down = { ...db, ping: () => Promise.reject(new Error('banco fora do ar')) };
    const worker = await startWorker(queue, down, logger, { port: 0, host: '127.0.0.1', drainMs: 20_000 });
    expect(await health(worker.port, '/health/ready')).toEqual({ code: 503, body: { status: 'unavailable' } });
    expect(await health(worker.port, '/health/live')).toEqual({ code: 200, body: { status: 'ok' } });
    expect(await worker.close()).toBe(true);
  });

  it('a job that outlives the drain bound is left running: close resolves false and the job stays active for pg-boss to expire', async () => {
    const { queue, started, release, enqueue, state } = slowQueue(db, true);
    const worker = await startWorker(queue, db, logger, { port: 0, host: '127.0.0.1', drainMs: 300 });
    await enqueue('b');
    await until('o job começar', () => started.includes('b'));
    expect(await worker.close()).toBe(false);
    expect(await state('b')).toBe('active');
    // The test's own cleanup: let the handler end and the queue stop before the database closes.
    release('b');
    await queue.stop();
  });

  it('a job enqueued where jobs are off wakes the worker at the commit, long before its next poll', async () => {
    const worker = slowQueue(db, true, { pollingSeconds: 600 });
    const running = await startWorker(worker.queue, db, logger, { port: 0, host: '127.0.0.1', drainMs: 20_000 });
    const server = slowQueue(db, false, { name: worker.name });
    await server.queue.start();
    await server.queue.dispatch(await server.enqueue('wake'));
    await until('o worker pegar o job', () => worker.started.includes('wake'), 30_000);
    expect(server.started).toEqual([]);
    worker.release('wake');
    expect(await running.close()).toBe(true);
    expect(await worker.state('wake')).toBe('completed');
    await server.queue.stop();
  });

  it('a queue with jobs off only enqueues: nothing runs after the commit', async () => {
    const { queue, started, enqueue, state } = slowQueue(db, false);
    await queue.start();
    await queue.dispatch(await enqueue('c'));
    expect(started).toEqual([]);
    expect(await state('c')).toBe('created');
    await queue.stop();
  });
});
