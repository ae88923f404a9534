// `turma payouts run [--dry-run] [--json]` in-process (runCli): the dry run lists who would be paid and changes
// nothing; the run pays one PIX per professional at or above PAYOUT_MINIMUM (sandbox provider: settled at once).
import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { migrateLatest } from '../../adapters/db/migrate';
import { runTurma, useCliEnvironment } from '../support/cli';

const cli = useCliEnvironment('turma-cli-payouts-');
const turma = (args: string[]) => runTurma(args, { env: cli.env });

let n = 0;
/** An approved professional with `nets.length` available receivables (vouchers redeemed more than 7 days ago). */
async function professionalWith(knex: Knex, category: { slug: string; id: string }, name: string, nets: number[]) {
  n += 1;
  const [user] = await knex('users').insert({ email: `pro${n}.cli@exemplo.com.br`, password_hash: 'x', role: 'professional', email_confirmed_at: new Date() }).returning('*');
  const [pro] = await knex('professionals')
    .insert({ user_id: user.id, status: 'approved', approved: true, category: category.slug, business_name: name, full_name: 'Rita Prado', tax_id: '11144477735', cep: '01310100', bio: 'Atendimento com hora marcada.', pix_key_type: 'EMAIL', pix_key: `pro${n}.cli@exemplo.com.br` })
    .returning('*');
  const [plan] = await knex('plans')
    .insert({ category_id: category.id, name: `Plano ${n}`, slug: `plano-cli-${n}`, kind: 'service', price: 10_000, full_price: 12_000, entry_price: 1_000, group_size: 2, window_days: 30 })
    .returning('*');
  for (const [i, net] of nets.entries()) {
    const [member] = await knex('users').insert({ email: `membro${n}-${i}.cli@exemplo.com.br`, password_hash: 'x', role: 'user', email_confirmed_at: new Date() }).returning('*');
    const [group] = await knex('groups')
      .insert({ plan_id: plan.id, owner_user_id: member.id, status: 'complete', group_size: 2, price: 10_000, entry_price: 1_000, deadline_at: new Date(Date.now() + 86_400_000), completed_at: new Date() })
      .returning('*');
    const [m] = await knex('group_members').insert({ group_id: group.id, user_id: member.id, status: 'awarded', invite_code: `CLI${n}X${i}ABCD`, paid_at: new Date(), awarded_at: new Date() }).returning('*');
    const [v] = await knex('vouchers')
      .insert({ member_id: m.id, user_id: member.id, group_id: group.id, plan_id: plan.id, code: `CLIV${n}X${i}`, status: 'redeemed', price: 10_000, entry_paid: 1_000, balance_due: 9_000, redeemable_at: new Date(), redeemed_at: new Date(Date.now() - 8 * 86_400_000), redeemed_by_professional_id: pro.id })
      .returning('*');
    await knex('receivables').insert({ professional_id: pro.id, voucher_id: v.id, plan_id: plan.id, member_first_name: 'Carla', gross: net + 100, fee: 100, fee_percent: 10, net, status: i === 0 ? 'pending' : 'available', available_at: new Date(Date.now() - 86_400_000) });
  }
  return pro.id as string;
}

describe('turma payouts run', { timeout: 180_000 }, () => {
  it('--dry-run lists who would be paid and changes nothing; the run pays them once', async () => {
    const { rich, poor } = await cli.withDatabase(async (knex) => {
      await migrateLatest(knex);
      const [category] = await knex('plan_categories').insert({ name: 'Tatuagem', slug: 'tatuagem-payouts-cli', kind: 'service' }).returning('*');
      // One matured-but-still-pending receivable counts too: the run matures it first.
      const rich = await professionalWith(knex, category, 'Estúdio Rico', [3_000, 2_500]);
      const poor = await professionalWith(knex, category, 'Estúdio Pequeno', [4_999]);
      return { rich, poor };
    });

    const dry = await turma(['payouts', 'run', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const preview = JSON.parse(dry.stdout);
    expect(preview).toMatchObject({ dry_run: true, minimum: 5_000, payouts: 1, amount: 5_500 });
    expect(preview.items).toEqual([expect.objectContaining({ professional_id: rich, business_name: 'Estúdio Rico', amount: 5_500, receivables: 2 })]);
    const table = await turma(['payouts', 'run', '--dry-run']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Estúdio Rico');
    expect(table.stdout).toContain('1 repasse(s) seriam pagos, total R$\u00a055,00 (mínimo R$\u00a050,00)');
    await cli.withDatabase(async (knex) => {
      expect(await knex('payouts')).toHaveLength(0);
      expect((await knex('receivables').where({ professional_id: rich }).orderBy('net', 'desc')).map((r) => r.status)).toEqual(['pending', 'available']);
    });

    const run = await turma(['payouts', 'run', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ dry_run: false, payouts: 1, amount: 5_500, items: [expect.objectContaining({ professional_id: rich, amount: 5_500 })] });
    await cli.withDatabase(async (knex) => {
      const payouts = await knex('payouts');
      expect(payouts).toHaveLength(1);
      expect(payouts[0]).toMatchObject({ professional_id: rich, amount: 5_500, status: 'done' });
      expect((await knex('receivables').where({ professional_id: rich })).map((r) => r.status)).toEqual(['paid', 'paid']);
      expect((await knex('receivables').where({ professional_id: poor })).map((r) => r.status)).toEqual(['available']);
      expect(await knex('audit_logs').where({ action: 'payout.created', actor_email: 'operador (cli)' })).toHaveLength(1);
    });
    const again = await turma(['payouts', 'run']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('0 repasse(s) criado(s), total R$\u00a00,00');
  });
});
