// "done when": killing the server between a group's completion and its e-mails loses none of them. The
// e-mails are jobs committed with the completion; a server that dies before delivering them leaves them in the queue,
// and the next server delivers each exactly once.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../adapters/db/database';
import { migrateLatest } from '../../adapters/db/migrate';
import type { PgBossJobQueue } from '../../adapters/jobs/pg-boss.queue';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import type { TestDatabase } from '../support/test-db';
import { createPlan, createUser, type TestUser } from '../support/factories';

/** The same data each time it is opened: a PGlite directory, or one PostgreSQL database. */
async function persistentDatabase() {
  const base = process.env.DATABASE_URL;
  let url: string | undefined;
  let pgliteDir: string | undefined;
  let drop = async () => {};
  if (base) {
    const name = `turma_restart_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: base, pool: { min: 0, max: 1 } });
    await admin.raw(`create database "${name}"`);
    const u = new URL(base);
    u.pathname = `/${name}`;
    url = u.toString();
    drop = async () => {
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    };
  } else {
    pgliteDir = mkdtempSync(join(tmpdir(), 'turma-restart-'));
  }
  const open = async (): Promise<TestDatabase> => {
    const db = await openDatabase({ url, pgliteDir });
    await migrateLatest(db.knex);
    return { ...db, url, destroy: async () => {} };
  };
  return { open, drop };
}

const outboxCount = async (app: TestApp, template: string) =>
  Number((await app.db.knex('mail_outbox').where({ template }).count({ n: '*' }).first())!.n);

async function waitFor(check: () => Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('condição não atingida a tempo');
}

describe('e-mails of a completed group survive the server dying before sending them', () => {
  const apps: TestApp[] = [];
  let drop = async () => {};
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await drop();
  });

  it('are delivered once by the next server', async () => {
    const store = await persistentDatabase();
    drop = store.drop;

    // Server A: everything commits, but it dies before the post-commit delivery runs (dispatch never happens).
    const a = await createTestApp({ database: await store.open() });
    apps.push(a);
    const queueA = a.container.get<PgBossJobQueue>(TOKENS.JobQueue);
    queueA.dispatch = async () => {};
    const plan = await createPlan(a, { price: 30_000, group_size: 2 });
    const ana: TestUser = await createUser(a, { fullName: 'Ana Souza' });
    const bia: TestUser = await createUser(a, { fullName: 'Bia Lima' });
    const group = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    const joined = (await bia.client.post(`/api/groups/${group.group.id}/join`, {})).body;
    for (const [user, memberId] of [[ana, group.membership.id], [bia, joined.membership.id]] as const) {
      const pay = await user.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
      expect(pay.status, JSON.stringify(pay.body)).toBe(201);
      expect((await user.client.post(`/api/sandbox/payments/${pay.body.id}/confirm`)).status).toBe(200);
    }
    expect((await a.db.knex('groups').where({ id: group.group.id }).first()).status).toBe('complete');
    // The completion committed with its e-mails queued, none sent.
    expect(await outboxCount(a, 'group_complete')).toBe(0);
    const queued = await a.db.knex('pgboss.job').where({ name: 'mail.send' }).whereIn('state', ['created', 'retry']).count({ n: '*' }).first();
    expect(Number(queued!.n)).toBe(4); // two "payment confirmed" and two "group complete"
    await a.close(); // the process is gone
    apps.length = 0;

    // Server B on the same data, with its workers: every queued e-mail is delivered, once.
    const b = await createTestApp({ database: await store.open(), workers: true });
    apps.push(b);
    await waitFor(async () => (await outboxCount(b, 'group_complete')) === 2 && (await outboxCount(b, 'payment_confirmed')) === 2);
    const recipients = (await b.db.knex('mail_outbox').where({ template: 'group_complete' }).select('to_address')).map((r) => r.to_address);
    expect(new Set(recipients).size).toBe(2);
    // Several more polling rounds later, still once each.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(await outboxCount(b, 'group_complete')).toBe(2);
    expect(await outboxCount(b, 'payment_confirmed')).toBe(2);
  }, 120_000);
});
