// Stopping an instance (adapters/main.ts as `npm start` runs it): on SIGTERM readiness fails first while the process
// still answers, then it drains and exits 0 — also when its stdout is a pipe nobody reads any more.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { startInstance, type Instance } from '../support/instances';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const status = async (url: string) => {
  try {
    const res = await fetch(url);
    return { code: res.status, body: (await res.json()) as { status: string } };
  } catch {
    return { code: 0, body: { status: 'closed' } };
  }
};

// A server process on its own database: PostgreSQL only (an embedded PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)('graceful stop', { timeout: 60_000 }, () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const started: Instance[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url!, DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-stop-')), SESSION_SECRET: 'graceful-stop-secret-0123456789abcdef', PUBLIC_URL: 'http://127.0.0.1', SHUTDOWN_DRAIN_MS: '1500', DATABASE_POOL_MAX: '3' };
    // A user first, so the server seeds no demo data.
    await db.knex('users').insert({ email: 'parada@exemplo.com.br', password_hash: 'unused', role: 'admin', email_confirmed_at: new Date() });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(started.map((i) => i.stop()));
    await db?.destroy();
  }, 30_000);

  it('live and ready answer 200 while serving; after SIGTERM ready is 503 "draining" while live still answers, then it exits 0', async () => {
    const instance = await startInstance('stop-a', env);
    started.push(instance);
    expect(await status(`${instance.url}/api/health/live`)).toEqual({ code: 200, body: { status: 'ok' } });
    expect(await status(`${instance.url}/api/health/ready`)).toEqual({ code: 200, body: { status: 'ready' } });
    const exited = once(instance.child, 'exit');
    instance.child.kill('SIGTERM');
    await sleep(300);
    expect(await status(`${instance.url}/api/health/ready`)).toEqual({ code: 503, body: { status: 'draining' } });
    expect((await status(`${instance.url}/api/health/live`)).code).toBe(200);
    const [code] = await exited;
    expect(code).toBe(0);
  });

  it.each([
    ['closed by the reader', (i: Instance) => i.child.stdout!.destroy()],
    ['full because nobody reads it', (i: Instance) => i.child.stdout!.pause()],
  ])('exits 0 on SIGTERM when its stdout pipe is %s', async (_what, spoil) => {
    const instance = await startInstance('stop-b', { ...env, LOG_LEVEL: 'debug', SHUTDOWN_DRAIN_MS: '200' });
    started.push(instance);
    spoil(instance);
    // Each request logs lines to the spoilt pipe (a pipe holds 64 KiB): enough to fill it, before and during the stop.
    await Promise.all(Array.from({ length: 400 }, () => status(`${instance.url}/api/health/live`)));
    const exited = once(instance.child, 'exit');
    instance.child.kill('SIGTERM');
    const outcome = await Promise.race([exited, sleep(20_000).then(() => ['stuck'])]);
    expect(outcome[0]).toBe(0);
  });
});
