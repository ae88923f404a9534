// `turma campaigns list|create|end` in-process (runCli): creates a campaign from reais and dates, refuses an overlapping
// one with the pt-BR reason and a non-zero exit, lists it, ends it (audited as the operator), and refuses to end twice.
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../core/shared/money';
import { runTurma, useCliEnvironment } from '../support/cli';

const cli = useCliEnvironment('turma-cli-campaigns-');
const turma = (args: string[]) => runTurma(args, { env: cli.env });

describe('turma campaigns', { timeout: 180_000 }, () => {
  it('create, overlap refused, list, end (audited), end again refused', async () => {
    const created = await turma(['campaigns', 'create', '--name', 'Convide e ganhe', '--starts', '2026-01-01', '--ends', '2099-01-01', '--fixed', '15,00', '--cap', '60,00', '--budget', '1.000,00', '--json']);
    expect(created.code, created.stderr).toBe(0);
    const campaign = JSON.parse(created.stdout);
    expect(campaign).toMatchObject({ name: 'Convide e ganhe', bonus_type: 'fixed', bonus_value: 1_500, cap_per_inviter: 6_000, budget: 100_000, spent: 0, status: 'active', phase: 'running', starts_at: '2026-01-01T03:00:00.000Z' });

    const overlap = await turma(['campaigns', 'create', '--name', 'Outra', '--starts', '2030-01-01', '--ends', '2031-01-01', '--fee-percent', '50', '--cap', '10', '--budget', '100']);
    expect(overlap.code).not.toBe(0);
    expect(overlap.stderr).toContain('Já existe uma campanha neste período ("Convide e ganhe")');
    const neither = await turma(['campaigns', 'create', '--name', 'Sem bônus', '--starts', '2030-01-01', '--ends', '2031-01-01', '--cap', '10', '--budget', '100']);
    expect(neither.code).not.toBe(0);
    expect(neither.stderr).toContain('informe --fixed ou --fee-percent');

    const table = await turma(['campaigns', 'list']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Convide e ganhe');
    expect(table.stdout).toContain(`${formatCents(0)} de ${formatCents(100_000)}`);
    expect(table.stdout).toContain('1 campanha(s)');

    const ended = await turma(['campaigns', 'end', campaign.id, '--json']);
    expect(ended.code, ended.stderr).toBe(0);
    expect(JSON.parse(ended.stdout)).toMatchObject({ id: campaign.id, status: 'ended', phase: 'ended' });
    await cli.withDatabase(async (knex) => {
      const audit = await knex('audit_logs').where({ entity_id: campaign.id }).orderBy('created_at');
      expect(audit.map((a: { action: string; actor_email: string }) => `${a.action}:${a.actor_email}`)).toEqual(['admin.campaign_created:operador (cli)', 'admin.campaign_ended:operador (cli)']);
    });
    const again = await turma(['campaigns', 'end', campaign.id]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('Esta campanha já foi encerrada.');

    const listed = await turma(['campaigns', 'list', '--status', 'ended', '--json']);
    expect(JSON.parse(listed.stdout).items.map((c: { id: string }) => c.id)).toEqual([campaign.id]);
  });
});
