// Group purchase benchmark: auto-join throughput and p99 for 200 concurrent joiners, and webhook processing rate.
// PostgreSQL when DATABASE_URL is set (a fresh database), else PGlite. Loopback only.
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import { createPlan, createUser } from '../support/factories';
import { createTestApp } from '../support/test-app';
import { percentile } from './stats';

const JOINERS = Number(process.env.BENCH_JOINERS ?? 200);
const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 200);

export async function benchGroups() {
  const app = await createTestApp({ env: { LOG_LEVEL: 'silent' } });
  try {
    const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const plan = await createPlan(app, { group_size: 5 });
    const users = await Promise.all(Array.from({ length: JOINERS }, () => createUser(app)));

    // 200 people press "Quero este" at the same moment: auto-match under row locks.
    const latencies: number[] = [];
    const started = performance.now();
    const results = await Promise.all(
      users.map(async (u) => {
        const t = performance.now();
        const res = await u.client.post(`/api/plans/${plan.id}/join`);
        latencies.push(performance.now() - t);
        return res;
      }),
    );
    const joinSeconds = (performance.now() - started) / 1000;
    const okJoins = results.filter((r) => r.status === 201);
    const groupCount = new Set(okJoins.map((r) => r.body.group.id)).size;
    const overfull = await app.db.knex.raw(
      `select count(*)::int as n from (select group_id from group_members where status = 'pending_payment' group by group_id having count(*) > 5) t`,
    );

    // Webhooks: one pending PIX per member, then the provider's confirmations, all at once.
    const pays = await Promise.all(
      okJoins.slice(0, WEBHOOKS).map(async (r, i) => {
        const res = await users[results.indexOf(r)]!.client.post('/api/payments', { purpose: 'entry', ref_id: r.body.membership.id, method: 'PIX' });
        return { i, id: res.body.id as string };
      }),
    );
    const sandbox = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
    const hooks = [];
    for (const p of pays) {
      const row = await app.db.knex('payments').where({ id: p.id }).first();
      hooks.push(await sandbox.simulatePayment(row.provider_payment_id));
    }
    const hookLatencies: number[] = [];
    const hookStarted = performance.now();
    await Promise.all(
      hooks.map(async (h) => {
        const t = performance.now();
        await app.client().post('/api/webhooks/asaas', h.body, h.headers);
        hookLatencies.push(performance.now() - t);
      }),
    );
    const hookSeconds = (performance.now() - hookStarted) / 1000;
    const confirmed = await app.db.knex('payments').where({ status: 'confirmed' }).count<{ count: number }[]>('* as count').first();

    console.log(`\nGroup purchase benchmark — ${engine}`);
    console.table([
      {
        measure: `auto-join, ${JOINERS} concurrent`,
        'ops/s': Math.round(JOINERS / joinSeconds),
        p50_ms: Math.round(percentile(latencies, 50)),
        p99_ms: Math.round(percentile(latencies, 99)),
        check: `${okJoins.length} joined, ${groupCount} groups, ${overfull.rows[0].n} over size`,
      },
      {
        measure: `webhooks, ${hooks.length} concurrent`,
        'ops/s': Math.round(hooks.length / hookSeconds),
        p50_ms: Math.round(percentile(hookLatencies, 50)),
        p99_ms: Math.round(percentile(hookLatencies, 99)),
        check: `${Number(confirmed?.count)} payments confirmed`,
      },
    ]);
  } finally {
    await app.close();
  }
}
