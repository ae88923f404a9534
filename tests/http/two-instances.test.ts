// Two real server processes on one PostgreSQL database behind a round-robin proxy: a session works on both, a
// notification reaches a stream held on the other, a scheduled job runs once per tick, the login limit counts both, and
// a plan changed through one is what the other serves next.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Container } from 'inversify';
import { loadConfig } from '../../adapters/config';
import { buildContainer } from '../../adapters/container';
import { HttpClient, type JsonResponse, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { createPlan, createUser, type TestUser } from '../support/factories';
import { startInstance, startRoundRobinProxy, type Instance, type RoundRobinProxy } from '../support/instances';

const SESSION_SECRET = 'two-instances-secret-two-instances-0123';
const LOGIN_LIMIT = 4;
const upstream = (res: JsonResponse | Response) => res.headers.get('x-upstream');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// Several instances only exist on PostgreSQL: PGlite is embedded in one process and cannot be shared.
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL behind a round-robin proxy', { timeout: 60_000 }, () => {
  let db: TestDatabase;
  let container: Container;
  let instances: Instance[] = [];
  let proxy: RoundRobinProxy;
  /** What the factories need: the database, the token digests (same SESSION_SECRET as the servers), clients on the proxy. */
  let shim: TestApp;
  let startedAt = 0;
  // (The user made before the proxy exists never sends a request.)
  const client = (ip: string) => new HttpClient(proxy?.url ?? 'http://127.0.0.1:9', ip);

  beforeAll(async () => {
    db = await createTestDatabase(); // migrated here, so the two servers start on a schema that is already there
    const env = {
      DATABASE_URL: db.url!,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-two-')),
      SESSION_SECRET,
      TRUST_PROXY: 'true',
      AUTH_LOGIN_LIMIT: String(LOGIN_LIMIT),
      DATABASE_POOL_MAX: '5',
    };
    const config = loadConfig({ NODE_ENV: 'test', ...env, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
    container = buildContainer(config, db);
    shim = { db, container, config, client: () => client('192.0.2.1') } as unknown as TestApp;
    // A user before the servers start: neither seeds demo data (both would, racing, on an empty database).
    await createUser(shim, { role: 'admin' });
    startedAt = Date.now();
    instances = await Promise.all(['a', 'b'].map((name) => startInstance(name, { ...env, PUBLIC_URL: 'http://127.0.0.1' })));
    proxy = await startRoundRobinProxy(instances.map((i) => ({ name: i.name, url: i.url })));
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(instances.map((i) => i.stop()));
    await db?.destroy();
  }, 30_000);

  it('a session made through one instance works on the other; a logout through one ends it on both', async () => {
    const admin = await createUser(shim, { role: 'admin' });
    const browser = client('192.0.2.10');
    const login = await browser.post('/api/auth/login', { email: admin.email, password: 'senha-123' });
    expect(login.status, login.text).toBe(200);
    expect(browser.hasCookie('turma_session')).toBe(true);
    // This admin has passed the second factor (tests/http/admin-2fa.test.ts covers it).
    await shim.db.knex('sessions').where({ user_id: admin.id }).update({ second_factor_at: new Date() });
    const me = await browser.get('/api/me');
    expect(upstream(me)).not.toBe(upstream(login));
    expect(me.status, me.text).toBe(200);
    expect(me.body.user).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' });
    // Back on the first one, and a guarded admin route on each.
    for (let i = 0; i < 2; i++) expect((await browser.get('/api/admin/plans?range=[0,0]')).status).toBe(200);

    const cookie = browser.cookieHeader();
    const logout = await browser.post('/api/auth/logout');
    expect(logout.status).toBeLessThan(300);
    // The old cookie, replayed: the next request goes to the instance that did not end the session.
    const after = await client('192.0.2.10').get('/api/me', { cookie });
    expect(upstream(after)).not.toBe(upstream(logout));
    expect(after.status).toBe(401);
  });

  it('a notification created through one instance reaches the live stream held open on the other', async () => {
    const ana = await createUser(shim);
    const plan = await createPlan(shim, { group_size: 3 });
    const controller = new AbortController();
    const stream = await fetch(`${proxy.url}/api/notifications/stream`, { headers: { cookie: ana.client.cookieHeader() }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const streamedBy = upstream(stream);
    const counts: number[] = [];
    const reading = (async () => {
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const data = /^event: unread\ndata: (.*)$/m.exec(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
            if (data) counts.push((JSON.parse(data[1]!) as { unread: number }).unread);
          }
        }
      } catch {
        // aborted
      }
    })();
    const until = async (n: number) => {
      const deadline = Date.now() + 5_000;
      while (counts.at(-1) !== n) {
        if (Date.now() > deadline) throw new Error(`esperava ${n}, recebeu [${counts.join(', ')}]`);
        await sleep(50);
      }
    };
    try {
      await until(0);
      // Opening a group holds a place and notifies its owner, in the group's transaction, on the other instance.
      const created = await ana.client.post('/api/groups', { plan_id: plan.id });
      expect(created.status, created.text).toBe(201);
      expect(upstream(created)).not.toBe(streamedBy);
      await until(1);
      const list = await ana.client.get('/api/notifications');
      const read = await ana.client.post(`/api/notifications/${list.body.items[0].id}/read`);
      expect(read.status).toBe(204);
      await until(0);
      expect(counts).toEqual([0, 1, 0]);
    } finally {
      controller.abort();
      await reading;
    }
  });

  it('the login limit counts the failed attempts made on both instances together', async () => {
    const target: TestUser = await createUser(shim);
    const attacker = client('203.0.113.77');
    const answers: Array<{ status: number; by: string | null }> = [];
    for (let i = 0; i < LOGIN_LIMIT + 2; i++) {
      const res = await attacker.post('/api/auth/login', { email: target.email, password: `errada-${i}` });
      answers.push({ status: res.status, by: upstream(res) });
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Each instance saw only half of the first LOGIN_LIMIT attempts; the limit is on their sum.
    expect(answers.slice(0, LOGIN_LIMIT).filter((a) => a.by === 'a')).toHaveLength(LOGIN_LIMIT / 2);
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(LOGIN_LIMIT).fill(401), 429, 429]);
    expect(new Set(answers.slice(LOGIN_LIMIT).map((a) => a.by))).toEqual(new Set(['a', 'b']));
    // Even the right password waits now, from that address, on either instance.
    expect((await attacker.post('/api/auth/login', { email: target.email, password: 'senha-123' })).status).toBe(429);
  });

  it('a plan changed through the admin API of one instance is what the other serves next (its cached page is dropped)', async () => {
    const admin = await createUser(shim, { role: 'admin' });
    const plan = await createPlan(shim, { price: 40_000 });
    const visitor = client('192.0.2.30');
    const priceOf = (res: JsonResponse) => (res.body.items as Array<{ id: string; price: number }>).find((p) => p.id === plan.id)?.price;
    // Both instances cache the list with the old price.
    const warm = [await visitor.get('/api/plans'), await visitor.get('/api/plans')];
    expect(warm.map(upstream).sort()).toEqual(['a', 'b']);
    expect(warm.map(priceOf)).toEqual([40_000, 40_000]);
    expect(priceOf(await visitor.get('/api/plans'))).toBe(40_000); // a cache hit

    const current = await admin.client.get(`/api/admin/plans/${plan.id}`);
    expect(current.status).toBe(200);
    const { id: _id, entry_price: _e, created_at: _c, ...input } = current.body;
    const saved = await admin.client.request('PUT', `/api/admin/plans/${plan.id}`, { ...input, price: 45_000, full_price: 55_000 });
    expect(saved.status, saved.text).toBe(200);
    const savedAt = Date.now();
    const writer = upstream(saved);

    // The other instance's cached page was younger than its 1 s lifetime: only the change event drops it. Reads go
    // round-robin; the first answered by the other instance must already show the new price (a little slack for the
    // event to cross the database), and well within the one second the issue allows.
    let seen: number | undefined;
    for (;;) {
      const res = await visitor.get('/api/plans');
      expect(res.status).toBe(200);
      if (upstream(res) === writer) {
        expect(priceOf(res)).toBe(45_000);
        continue;
      }
      seen = priceOf(res);
      if (seen === 45_000 || Date.now() - savedAt > 300) break;
      await sleep(20);
    }
    expect(seen).toBe(45_000);
    expect(Date.now() - savedAt).toBeLessThan(1_000);
  });

  it('a scheduled job runs once per tick although both instances run the queue; a job run now through one runs once', async () => {
    type Run = { job: string; id: string; by: string };
    const runs = (): Run[] =>
      instances.flatMap((i) => i.logs.filter((l) => l.msg === 'job executado').map((l) => ({ job: String(l.job), id: String(l.id), by: i.name })));
    // Both instances run workers and cron (JOBS_ENABLED by default); the every-minute jobs fire for the current tick
    // right after start (pg-boss's timekeeper), then once a minute.
    const deadline = Date.now() + 30_000;
    while (!['release_holds', 'expire_orders'].every((job) => runs().some((r) => r.job === job))) {
      if (Date.now() > deadline) throw new Error(`o cron não rodou: ${JSON.stringify(runs())}`);
      await sleep(250);
    }
    // Another full round of both instances' cron checks, send-it worker and polling.
    await sleep(7_000);

    const admin = await createUser(shim, { role: 'admin' });
    const now = await admin.client.post('/api/admin/jobs/cleanup_sessions/run');
    expect(now.status, now.text).toBe(200);
    expect(now.body).toMatchObject({ name: 'cleanup_sessions', outcome: 'ok' });

    const all = runs();
    // No job was executed twice (each fetch takes a job with SKIP LOCKED; singleton queues hold one active job).
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.filter((r) => r.id === now.body.id)).toHaveLength(1);
    // One run per minute tick that has fired since the first instance started (the tick in progress at start, and
    // any boundary crossed since): never one per instance.
    const ticks = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
    for (const job of ['release_holds', 'expire_orders']) {
      const n = all.filter((r) => r.job === job).length;
      expect(n, `${job}: ${JSON.stringify(all)}`).toBeGreaterThanOrEqual(1);
      expect(n, `${job}: ${JSON.stringify(all)}`).toBeLessThanOrEqual(ticks);
    }
    // The database agrees: as many release_holds jobs were created as were run, each completed.
    const rows = (await db.knex.raw(
      `select state::text as state from pgboss.job where name = 'release_holds' union all select state::text from pgboss.archive where name = 'release_holds'`,
    )) as { rows: Array<{ state: string }> };
    expect(rows.rows.filter((r) => r.state === 'completed')).toHaveLength(all.filter((r) => r.job === 'release_holds').length);
  });
});
