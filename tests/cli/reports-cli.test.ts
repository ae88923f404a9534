// `turma reports …` in-process against a seeded database, then the back office on the same data: every report's CSV
// is byte for byte the download, `--out` writes the file, bad dates exit 2, and 2,500 orders stream completely.
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { migrateLatest } from '../../adapters/db/migrate';
import { openDatabase, pgliteDirFor } from '../../adapters/db/database';
import { runTurma, useCliEnvironment } from '../support/cli';
import { createTestApp } from '../support/test-app';
import type { TestDatabase } from '../support/test-db';
import { createUser } from '../support/factories';

const cli = useCliEnvironment('turma-cli-reports-');
const turma = (args: string[]) => runTurma(args, { env: cli.env });
const FROM = '2026-03-01';
const TO = '2026-03-31';
const ADDRESS = JSON.stringify({ cep: '01310100', street: 'Avenida Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' });
const BULK = 2_500;

/** Orders, sales, commissions and payouts in March 2026 (and one of each just outside it). */
async function seed(knex: Knex) {
  const [buyer] = await knex('users').insert({ email: 'compradora.relatorio@exemplo.com.br', password_hash: 'x', role: 'user', email_confirmed_at: new Date() }).returning('*');
  await knex('profiles').insert({ user_id: buyer.id, email: buyer.email, full_name: 'Joana Conceição', cpf: '11144477735' });
  const inMarch = (day: number, hour = 15) => new Date(Date.UTC(2026, 2, day, hour, 30));
  const orderIds: string[] = [];
  for (const [i, at] of [inMarch(1, 3), inMarch(10), inMarch(31, 23), new Date('2026-04-01T03:00:00Z')].entries()) {
    const [o] = await knex('marketplace_orders')
      .insert({ user_id: buyer.id, status: 'paid', subtotal: 10_000 + i, total_amount: 12_345 + i, items_count: 2, address: ADDRESS, expires_at: at, created_at: at, paid_at: at })
      .returning('id');
    orderIds.push(o.id);
    await knex('payments').insert({ user_id: buyer.id, purpose: 'order', ref_id: o.id, amount: 12_345 + i, method: 'PIX', status: 'confirmed', provider: 'sandbox', confirmed_at: at });
  }
  await knex.raw(
    `insert into marketplace_orders (user_id, status, subtotal, total_amount, items_count, address, expires_at, created_at)
     select ?, 'pending', 990, 990, 1, ?::jsonb, now(), timestamptz '2026-02-10 12:00:00+00' + (g || ' seconds')::interval from generate_series(1, ${BULK}) g`,
    [buyer.id, ADDRESS],
  );

  const [infUser] = await knex('users').insert({ email: 'influ.relatorio@exemplo.com.br', password_hash: 'x', role: 'influencer', email_confirmed_at: new Date() }).returning('*');
  await knex('profiles').insert({ user_id: infUser.id, email: infUser.email, full_name: 'Bia Influência' });
  const [inf] = await knex('influencers')
    .insert({ user_id: infUser.id, status: 'approved', code: 'BIARELAT', commission_rate_bp: 1000, instagram: 'bia', audience_size: 1000, niche: 'Moda', pix_key_type: 'EMAIL', pix_key: 'influ.relatorio@exemplo.com.br' })
    .returning('*');
  for (const [i, id] of orderIds.entries()) {
    const at = i === 3 ? new Date('2026-04-01T03:00:00Z') : inMarch(5 + i);
    await knex('commissions').insert({ influencer_id: inf.id, referred_user_id: buyer.id, source_type: 'order', source_id: id, base_fee: 1_000, rate_bp: 1000, amount: 100 + i, status: 'pending', available_at: at, created_at: at });
  }
  await knex('payouts').insert([
    { influencer_id: inf.id, amount: 4_321, status: 'done', paid_at: inMarch(20), created_at: inMarch(20) },
    { influencer_id: inf.id, amount: 1_000, status: 'failed', failure_reason: 'Chave PIX inválida', created_at: inMarch(21) },
    { influencer_id: inf.id, amount: 999, status: 'pending', created_at: new Date('2026-02-28T12:00:00Z') },
  ]);
}

function rawGet(url: string, cookie: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('turma reports', { timeout: 300_000 }, () => {
  it('each report matches the back office download; --out writes the file; JSON is NDJSON; 2,500 rows stream', async () => {
    await cli.withDatabase(async (knex) => {
      await migrateLatest(knex);
      await seed(knex);
    });
    const dir = mkdtempSync(join(tmpdir(), 'turma-reports-out-'));
    const csv: Record<string, Buffer> = {};
    for (const kind of ['financial', 'fiscal', 'commissions', 'payouts', 'orders']) {
      const out = join(dir, `${kind}.csv`);
      const r = await turma(['reports', kind, '--from', FROM, '--to', TO, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`Relatório gravado em ${out}`);
      csv[kind] = readFileSync(out);
      expect([...csv[kind]!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    }
    // To stdout, the same bytes as the file.
    const stdout = await turma(['reports', 'payouts', '--from', FROM, '--to', TO]);
    expect(stdout.stdout).toBe(csv.payouts!.toString('utf8'));
    expect(csv.payouts!.toString('utf8')).toContain('Bia Influência;Influenciador;43,21;');

    const commissions = await turma(['reports', 'commissions', '--from', FROM, '--to', TO, '--format', 'json']);
    const lines = commissions.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { amount: number; influencer_code: string });
    expect(lines.map((l) => l.amount).sort()).toEqual([100, 101, 102]);
    expect(lines[0]!.influencer_code).toBe('BIARELAT');

    // Beyond one page: every order of February, none lost between pages.
    const bulk = await turma(['reports', 'orders', '--from', '2026-02-01', '--to', '2026-02-28', '--format', 'json']);
    const orders = bulk.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string });
    expect(orders).toHaveLength(BULK);
    expect(new Set(orders.map((o) => o.id)).size).toBe(BULK);

    // The back office on the same database gives the same bytes.
    const opened = await openDatabase({ url: cli.env.DATABASE_URL, pgliteDir: pgliteDirFor(cli.dir), poolMax: 4 });
    const app = await createTestApp({ database: { ...opened, url: cli.env.DATABASE_URL, destroy: async () => {} } as TestDatabase });
    try {
      const admin = await createUser(app, { role: 'admin' });
      const cookie = admin.client.cookieHeader();
      const dated = encodeURIComponent(JSON.stringify({ from: FROM, to: TO }));
      const orderFilter = encodeURIComponent(JSON.stringify({ created_at_gte: '2026-03-01T03:00:00.000Z', created_at_lte: '2026-04-01T02:59:59.999Z' }));
      const office: Record<string, string> = {
        financial: `/api/admin/reports/financial?from=${FROM}&to=${TO}&format=csv`,
        fiscal: `/api/admin/reports/fiscal?month=2026-03&format=csv`,
        commissions: `/api/admin/exports/commissions?filter=${dated}`,
        payouts: `/api/admin/exports/payouts?filter=${dated}`,
        orders: `/api/admin/exports/orders?filter=${orderFilter}`,
      };
      for (const [kind, path] of Object.entries(office)) {
        const body = await rawGet(`${app.url}${path}`, cookie);
        expect(csv[kind]!.toString('utf8'), kind).toBe(body.toString('utf8'));
      }
      expect(csv.orders!.toString('utf8').trimEnd().split('\r\n')).toHaveLength(4);
      expect(csv.fiscal!.toString('utf8')).toContain('Joana Conceição;111.444.777-35');
      expect((await admin.client.get(`/api/admin/exports/payouts?filter=${encodeURIComponent(JSON.stringify({ from: TO, to: FROM }))}`)).status).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('refuses bad dates with a clear message and exit code 2', async () => {
    for (const [from, to, message] of [
      ['2026-02-30', '2026-03-01', "data inicial inválida: '2026-02-30'"],
      ['2026-03-01', '31/03/2026', "data final inválida: '31/03/2026'"],
      ['2026-03-31', '2026-03-01', 'a data inicial (2026-03-31) deve ser anterior ou igual à final (2026-03-01)'],
    ]) {
      const r = await turma(['reports', 'orders', '--from', from!, '--to', to!]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    }
    const help = await turma(['reports', 'financial', '--help']);
    expect(help.stdout).toContain('Opções:');
    expect(help.stdout).toContain('NDJSON');
    expect(help.stdout).not.toMatch(/choices|default/);
    const format = await turma(['reports', 'orders', '--from', '2026-03-01', '--to', '2026-03-31', '--format', 'xml']);
    expect(format.code).toBe(1);
    expect(format.stderr).toContain("valor inválido 'xml' para a opção '--format <formato>' use csv ou json.");
  });
});
