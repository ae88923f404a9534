// Scheduled jobs: a database lease lets only one instance run a job at a time, and each run records its outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import { JobScheduler, type JobDefinition } from '../../adapters/jobs/scheduler';
import { createLogger } from '../../adapters/logger';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let db: TestDatabase;
const clock = new FixedClock(new Date('2026-11-21T12:00:00Z'));
const logger = createLogger('silent');

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

function slowJob(name: string, calls: { n: number }): JobDefinition {
  return {
    name,
    description: 'teste',
    intervalSeconds: 60,
    run: async () => {
      calls.n++;
      await new Promise((r) => setTimeout(r, 100));
      return { done: calls.n };
    },
  };
}

describe('JobScheduler', () => {
  it('two instances running the same job at once: it runs once, and the run is recorded', async () => {
    const calls = { n: 0 };
    const a = new JobScheduler(db.knex, [slowJob('dup', calls)], clock, logger);
    const b = new JobScheduler(db.knex, [slowJob('dup', calls)], clock, logger);
    await a.register();
    await b.register();
    const results = await Promise.all([a.run('dup'), b.run('dup')]);
    expect(calls.n).toBe(1);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    const [row] = (await a.status()).filter((s) => s.name === 'dup');
    expect(row).toMatchObject({ last_outcome: 'ok', run_count: 1, last_counts: { done: 1 }, locked_until: null });
    expect(new Date(row!.next_run_at!).getTime()).toBe(clock.now().getTime() + 60_000);
  });

  it('a job that is not due is skipped unless forced; a failure is recorded and the lease released', async () => {
    const calls = { n: 0 };
    const failing: JobDefinition = { name: 'falha', description: 'x', intervalSeconds: 60, run: async () => { calls.n++; throw new Error('provedor fora do ar'); } };
    const s = new JobScheduler(db.knex, [failing], clock, logger);
    await s.register();
    expect((await s.run('falha')).outcome).toBe('error');
    expect((await s.run('falha')).ran).toBe(false);
    expect((await s.run('falha', { force: true })).ran).toBe(true);
    const [row] = (await s.status()).filter((r) => r.name === 'falha');
    expect(row).toMatchObject({ last_outcome: 'error', last_error: 'provedor fora do ar', run_count: 2, locked_until: null });
    clock.advance(61_000);
    expect((await s.tick())[0]!.ran).toBe(true);
  });
});
