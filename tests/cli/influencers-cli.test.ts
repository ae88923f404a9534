// `turma influencers list|approve|reject|set-rate` in-process (runCli): a pending application is approved with a rate
// (a readable code, role influencer, audited as the operator), the rate changes, another is rejected with a reason;
// bad rates and unknown ids exit non-zero with a one-line reason.
import { describe, expect, it } from 'vitest';
import { migrateLatest } from '../../adapters/db/migrate';
import { runTurma, useCliEnvironment } from '../support/cli';

const cli = useCliEnvironment('turma-cli-infl-');
const turma = (args: string[]) => runTurma(args, { env: cli.env });

describe('turma influencers', { timeout: 180_000 }, () => {
  it('lists, approves with a rate, changes the rate and rejects; refuses bad input', async () => {
    const { approveId, rejectId, userId } = await cli.withDatabase(async (knex) => {
      await migrateLatest(knex);
      const make = async (email: string, name: string) => {
        const [user] = await knex('users').insert({ email, password_hash: 'x', role: 'user', email_confirmed_at: new Date() }).returning('*');
        await knex('profiles').insert({ user_id: user.id, email, full_name: name, origem: 'www' });
        const [inf] = await knex('influencers').insert({ user_id: user.id, instagram: 'perfil', audience_size: 1000, niche: 'Moda', pix_key_type: 'EMAIL', pix_key: email }).returning('*');
        return { id: inf.id as string, userId: user.id as string };
      };
      const a = await make('lara.cli@exemplo.com.br', 'Lara Nogueira');
      const b = await make('tiago.cli@exemplo.com.br', 'Tiago Reis');
      return { approveId: a.id, userId: a.userId, rejectId: b.id };
    });

    const listed = await turma(['influencers', 'list', '--status', 'pending', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).items.map((i: { id: string }) => i.id).sort()).toEqual([approveId, rejectId].sort());

    const noRate = await turma(['influencers', 'approve', approveId]);
    expect(noRate.code).not.toBe(0);
    expect(noRate.stderr).toContain('Informe a comissão para aprovar.');
    const badRate = await turma(['influencers', 'approve', approveId, '--rate', '150']);
    expect(badRate.code).not.toBe(0);
    expect(badRate.stderr).toContain('comissão inválida: 150');

    const approved = await turma(['influencers', 'approve', approveId, '--rate', '12,5', '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    const body = JSON.parse(approved.stdout);
    expect(body).toMatchObject({ id: approveId, status: 'approved', commission_rate_bp: 1250 });
    expect(body.code).toMatch(/^LARA\d{2,4}$/);

    const rate = await turma(['influencers', 'set-rate', approveId, '8', '--json']);
    expect(rate.code, rate.stderr).toBe(0);
    expect(JSON.parse(rate.stdout).commission_rate_bp).toBe(800);

    const rejected = await turma(['influencers', 'reject', rejectId, '--reason', 'Perfil sem publicações recentes', '--json']);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ status: 'rejected', rejection_reason: 'Perfil sem publicações recentes' });

    await cli.withDatabase(async (knex) => {
      expect((await knex('users').where({ id: userId }).first()).role).toBe('influencer');
      const trail = await knex('audit_logs').where({ entity_id: approveId, actor_email: 'operador (cli)' }).orderBy('created_at');
      expect(trail.map((a: { action: string }) => a.action)).toEqual(['admin.influencer_approve', 'admin.influencer_set_rate']);
    });

    const unknown = await turma(['influencers', 'approve', '00000000-0000-4000-8000-000000000000', '--rate', '10']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Influenciador não encontrado.');
  });
});
