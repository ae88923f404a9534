// `turma campaigns list|create|end`: the back office's campaigns from a terminal (docs/product/group-purchase.md, docs/cli.md). Same use cases as
// /admin/campaigns: one campaign at a time, each change audited (as the operator).
import type { Command } from 'commander';
import { z } from 'zod';
import { CAMPAIGN_STATUSES, type CampaignService } from '../../core/campaigns';
import { formatCents } from '../../core/shared/money';
import { TOKENS } from '../../adapters/tokens';
import { migrateLatest } from '../../adapters/db/migrate';
import { CliError, parseReaisOption, printObject, printRows, withApp, writeOut, type OutputOptions } from '../runtime';

/** Who a change is recorded as in the audit log. */
const OPERATOR = { id: null, email: 'operador (cli)' };

const PHASE_LABELS = { scheduled: 'Agendada', running: 'Ativa', finished: 'Terminada', ended: 'Encerrada' } as const;

const withCampaigns = <T>(fn: (service: CampaignService) => Promise<T>) =>
  withApp(async (app) => {
    await migrateLatest(app.database.knex);
    return fn(app.container.get<CampaignService>(TOKENS.CampaignService));
  });

const json = (value: unknown): void => {
  writeOut(`${JSON.stringify(value, null, 2)}\n`);
};

type View = Awaited<ReturnType<CampaignService['create']>>;
const bonusText = (c: Pick<View, 'bonus_type' | 'bonus_value'>) =>
  c.bonus_type === 'fixed' ? formatCents(c.bonus_value) : `${(c.bonus_value / 100).toLocaleString('pt-BR')}% da taxa`;
const summary = (c: View) => ({
  id: c.id,
  nome: c.name,
  inicio: c.starts_at,
  fim: c.ends_at,
  bonus: bonusText(c),
  limite_por_pessoa: formatCents(c.cap_per_inviter),
  gasto: `${formatCents(c.spent)} de ${formatCents(c.budget)}`,
  situacao: PHASE_LABELS[c.phase],
});

/** "2026-12-01" (start of day, São Paulo) or a full ISO instant. */
function parseMoment(value: string, name: string): string {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00-03:00` : value;
  if (Number.isNaN(Date.parse(text))) throw new CliError(`data inválida em ${name}: ${value} (use AAAA-MM-DD ou data e hora ISO)`);
  return new Date(text).toISOString();
}

function parsePercent(value: string): number {
  const n = Number(value.replace(',', '.').replace(/%$/, ''));
  if (!Number.isFinite(n) || n <= 0 || n > 100) throw new CliError(`percentual inválido: ${value} (de 0,01 a 100)`);
  return Math.round(n * 100);
}

export function registerCampaignCommands(program: Command) {
  const campaigns = program.command('campaigns').description('campanhas de bônus por convite');

  campaigns
    .command('list')
    .description('lista as campanhas, mais novas primeiro')
    .option('--status <estado>', `filtra (${CAMPAIGN_STATUSES.join(', ')})`)
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { status?: string }) => {
      const status = opts.status === undefined ? undefined : z.enum(CAMPAIGN_STATUSES).safeParse(opts.status);
      if (status && !status.success) throw new CliError(`estado inválido: ${opts.status} (use ${CAMPAIGN_STATUSES.join(', ')})`);
      const page = await withCampaigns((s) => s.adminList({ filter: status?.data ? { status: status.data } : {}, sort: { field: 'created_at', order: 'DESC' }, offset: 0, limit: 500 }));
      if (opts.json) return json(page);
      printRows(
        page.items.map(summary),
        [['nome', 'Nome'], ['inicio', 'Início'], ['fim', 'Fim'], ['bonus', 'Bônus'], ['gasto', 'Gasto'], ['situacao', 'Situação'], ['id', 'Id']],
        opts,
      );
      writeOut(`${page.total} campanha(s)\n`);
    });

  campaigns
    .command('create')
    .description('cria uma campanha (recusada se o período coincidir com outra não encerrada)')
    .requiredOption('--name <nome>', 'nome da campanha')
    .requiredOption('--starts <data>', 'início (AAAA-MM-DD ou ISO)')
    .requiredOption('--ends <data>', 'fim (AAAA-MM-DD ou ISO)')
    .option('--fixed <reais>', 'bônus fixo em reais, por exemplo 10,00')
    .option('--fee-percent <percentual>', 'bônus em % da taxa da plataforma, por exemplo 50')
    .requiredOption('--cap <reais>', 'limite por pessoa que convida, em reais')
    .requiredOption('--budget <reais>', 'orçamento total, em reais')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { name: string; starts: string; ends: string; fixed?: string; feePercent?: string; cap: string; budget: string }) => {
      if ((opts.fixed === undefined) === (opts.feePercent === undefined)) throw new CliError('informe --fixed ou --fee-percent (um dos dois)');
      const input = {
        name: opts.name,
        starts_at: parseMoment(opts.starts, '--starts'),
        ends_at: parseMoment(opts.ends, '--ends'),
        ...(opts.fixed !== undefined ? { bonus_type: 'fixed', bonus_value: parseReaisOption(opts.fixed) } : { bonus_type: 'fee_percent', bonus_value: parsePercent(opts.feePercent!) }),
        cap_per_inviter: parseReaisOption(opts.cap),
        budget: parseReaisOption(opts.budget),
      };
      const created = await withCampaigns((s) => s.create(input, OPERATOR));
      if (opts.json) return json(created);
      printObject(summary(created), opts);
    });

  campaigns
    .command('end <id>')
    .description('encerra uma campanha agora (bônus já pagos ficam)')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions) => {
      const ended = await withCampaigns((s) => s.end(id, OPERATOR));
      if (opts.json) return json(ended);
      printObject(summary(ended), opts);
    });
}
