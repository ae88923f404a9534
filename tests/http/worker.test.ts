// The job worker beside a web server with JOBS_ENABLED=false: the server enqueues (e-mails, the back office's "run now"),
// the worker runs the job; its health endpoint answers; on SIGTERM it fails readiness, finishes the job in hand (an
// e-mail the SMTP server holds) and exits 0 with its stdout closed. With no worker left, "run now" says so.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../adapters/config';
import { buildContainer } from '../../adapters/container';
import { createTestDatabase, type TestDatabase } from '../support/test-db';
import { createUser } from '../support/factories';
import { HttpClient, type TestApp } from '../support/test-app';
import { startInstance, startWorkerInstance, type Instance } from '../support/instances';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const health = async (url: string) => {
  try {
    const res = await fetch(url);
    return { code: res.status, body: (await res.json()) as { status: string } };
  } catch {
    return { code: 0, body: { status: 'closed' } };
  }
};
async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`esperando: ${what}`);
    await sleep(100);
  }
}

// Two processes on one database: PostgreSQL only (an embedded PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)('the job worker beside a web server with jobs off', { timeout: 90_000 }, () => {
  let db: TestDatabase;
  let shim: TestApp;
  let web: Instance;
  let worker: Instance;
  let smtp: SMTPServer;
  /** Recipients whose message the SMTP server has started to receive, and those it accepted. */
  const receiving: string[] = [];
  const delivered: string[] = [];
  /** While set, the SMTP server holds each message's final answer until it resolves (a job in flight). */
  let hold: Promise<void> | null = null;

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address);
        receiving.push(...to);
        stream.resume();
        stream.on('end', () => {
          void Promise.resolve(hold).then(() => {
            delivered.push(...to);
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const address = smtp.server.address();
    const smtpPort = typeof address === 'object' && address ? address.port : 0;

    const env = {
      DATABASE_URL: db.url!,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'turma-worker-')),
      SESSION_SECRET: 'worker-test-secret-worker-test-0123456',
      PUBLIC_URL: 'http://127.0.0.1',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATABASE_POOL_MAX: '3',
    };
    const config = loadConfig({ NODE_ENV: 'test', ...env, LOG_LEVEL: 'silent' });
    // Clients of the web server (the user made before it starts never sends a request).
    shim = { db, config, container: buildContainer(config, db), client: () => new HttpClient(web?.url ?? 'http://127.0.0.1:9') } as unknown as TestApp;
    // A user before the server starts, so it seeds no demo data.
    await createUser(shim, { role: 'admin' });
    [web, worker] = await Promise.all([
      startInstance('web', { ...env, JOBS_ENABLED: 'false' }),
      startWorkerInstance('worker', { ...env, JOBS_DRAIN_MS: '20000' }),
    ]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([web, worker].filter(Boolean).map((i) => i.stop()));
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await db?.destroy();
  }, 30_000);

  const recoveryMail = async (email: string) => {
    const res = await fetch(`${web.url}/api/auth/recover`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(res.status).toBeLessThan(300);
  };
  const mailJobs = async (email: string) =>
    (await db.knex.withSchema('pgboss').from('job').where({ name: 'mail.send' }).whereRaw('data::text like ?', [`%${email}%`]).select(db.knex.raw('state::text as state'))) as Array<{ state: string }>;

  it("the worker's health endpoint answers live and ready, and serves nothing else", async () => {
    expect(await health(`${worker.url}/health/live`)).toEqual({ code: 200, body: { status: 'ok' } });
    expect(await health(`${worker.url}/health/ready`)).toEqual({ code: 200, body: { status: 'ready' } });
    expect((await health(`${worker.url}/api/health`)).code).toBe(404);
  });

  it('an e-mail enqueued by the web server (jobs off) is sent by the worker process', async () => {
    const ana = await createUser(shim);
    await recoveryMail(ana.email);
    await until('o e-mail chegar', () => delivered.includes(ana.email));
    expect(await until('o job terminar', async () => (await mailJobs(ana.email)).find((j) => j.state === 'completed'))).toBeTruthy();
    const ran = (i: Instance) => i.logs.filter((l) => l.msg === 'job executado' && l.job === 'mail.send');
    await until('o log do worker', () => ran(worker).length > 0);
    expect(ran(web)).toEqual([]);
  });

  const runLogs = (i: Instance, id: string) => i.logs.filter((l) => l.msg === 'job executado' && l.id === id);

  it('"Executar agora" on the web server (jobs off) queues the run; the worker runs it and the run is followed to its result', async () => {
    const admin = await createUser(shim, { role: 'admin' });
    const run = await admin.client.post('/api/admin/jobs/cleanup_sessions/run');
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    expect(run.body).toMatchObject({ name: 'cleanup_sessions', outcome: 'queued', worker_running: true });
    const landed = await until('a execução terminar', async () => {
      const state = await admin.client.get(`/api/admin/jobs/cleanup_sessions/runs/${run.body.id}`);
      expect(state.status).toBe(200);
      return ['ok', 'error'].includes(state.body.outcome) && state.body;
    });
    expect(landed).toMatchObject({ id: run.body.id, outcome: 'ok' });
    expect(landed.counts).toEqual(expect.any(Object));
    // The worker ran it; the web server only enqueued.
    await until('o log do worker', () => runLogs(worker, run.body.id).length > 0);
    expect(runLogs(web, run.body.id)).toEqual([]);
    const audit = await db.knex('audit_logs').where({ action: 'admin.job_run', entity_id: 'cleanup_sessions' }).first('metadata');
    expect(audit.metadata).toMatchObject({ job_id: run.body.id, outcome: 'queued', worker_running: true });
    // An unknown run is a 404, a malformed id a 400.
    expect((await admin.client.get('/api/admin/jobs/cleanup_sessions/runs/6f1d3c1e-1111-4222-8333-944455556666')).status).toBe(404);
    expect((await admin.client.get('/api/admin/jobs/cleanup_sessions/runs/nada')).status).toBe(400);
  });

  it('on SIGTERM (stdout closed) readiness fails, the job in hand finishes, then the worker exits 0', async () => {
    const bia = await createUser(shim);
    let release!: () => void;
    hold = new Promise<void>((resolve) => (release = resolve));
    await recoveryMail(bia.email);
    // The worker is inside the job: the SMTP server has the message and holds its answer.
    await until('o SMTP receber', () => receiving.includes(bia.email));
    expect(await mailJobs(bia.email)).toEqual([{ state: 'active' }]);

    worker.child.stdout!.destroy();
    const exited = once(worker.child, 'exit');
    worker.child.kill('SIGTERM');
    expect((await until('ready falhar', async () => { const h = await health(`${worker.url}/health/ready`); return h.code === 503 && h; })).body).toEqual({ status: 'draining' });
    expect(delivered).not.toContain(bia.email);

    release();
    hold = null;
    const [code] = await exited;
    expect(code).toBe(0);
    expect(delivered).toContain(bia.email);
    expect(await mailJobs(bia.email)).toEqual([{ state: 'completed' }]);
  });

  it('with no worker running, "Executar agora" says so and the run waits in the queue', async () => {
    // The worker stopped above; its sessions leave pg_stat_activity as PostgreSQL ends them.
    await until('as conexões do worker fecharem', async () => {
      const { rows } = await db.knex.raw("select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'turma-jobs'");
      return rows[0].n === 0;
    });
    const admin = await createUser(shim, { role: 'admin' });
    const run = await admin.client.post('/api/admin/jobs/cleanup_sessions/run');
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    expect(run.body).toMatchObject({ outcome: 'queued', worker_running: false });
    await sleep(500);
    expect((await admin.client.get(`/api/admin/jobs/cleanup_sessions/runs/${run.body.id}`)).body).toMatchObject({ outcome: 'queued' });
    expect(runLogs(web, run.body.id)).toEqual([]);
  });
});
