// `turma influencers …`: the back office's influencer decisions from a terminal: list, show (with the
// funnel), approve with a commission rate, reject with a reason, set-rate. Each decision is audited like the admin routes.
import type { Command } from 'commander';
import { z } from 'zod';
import type { InfluencerService } from '../../core/influencers/influencer.service';
import { INFLUENCER_STATUSES, INFLUENCER_STATUS_LABELS, formatRate, percentToBp } from '../../core/influencers/influencer-rules';
import { TOKENS } from '../../adapters/tokens';
import { migrateLatest } from '../../adapters/db/migrate';
import { CliError, printObject, printRows, withApp, writeOut, type OutputOptions } from '../runtime';

/** Who a decision is recorded as in the audit log. */
const OPERATOR = { id: null, email: 'operador (cli)' };

const withInfluencers = <T>(fn: (service: InfluencerService) => Promise<T>) =>
  withApp(async (app) => {
    await migrateLatest(app.database.knex);
    return fn(app.container.get<InfluencerService>(TOKENS.InfluencerService));
  });

const json = (value: unknown): void => {
  writeOut(`${JSON.stringify(value, null, 2)}\n`);
};

/** "12,5" or "12.5" (percent) → 1250 basis points. */
export function percentArg(text: string): number {
  const bp = percentToBp(text);
  if (bp === null) throw new CliError(`comissão inválida: ${text} (use um percentual de 0 a 100, ex.: 10 ou 12,5)`);
  return bp;
}

type View = Awaited<ReturnType<InfluencerService['adminList']>>['items'][number];
const summary = (i: View) => ({
  id: i.id,
  nome: i.full_name ?? '—',
  email: i.email,
  codigo: i.code ?? '—',
  comissao: i.commission_rate_bp === null ? '—' : formatRate(i.commission_rate_bp),
  publico: String(i.audience_size),
  nicho: i.niche,
  situacao: INFLUENCER_STATUS_LABELS[i.status],
});

export function registerInfluencerCommands(program: Command) {
  const influencers = program.command('influencers').description('influenciadores: candidaturas, aprovação, comissão');
  const show = (i: View, opts: OutputOptions) => (opts.json ? json(i) : printObject(summary(i), opts));

  influencers
    .command('list')
    .description('lista os influenciadores, mais novos primeiro')
    .option('--status <estado>', `filtra (${INFLUENCER_STATUSES.join(', ')})`)
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { status?: string }) => {
      const status = opts.status === undefined ? undefined : z.enum(INFLUENCER_STATUSES).safeParse(opts.status);
      if (status && !status.success) throw new CliError(`estado inválido: ${opts.status} (use ${INFLUENCER_STATUSES.join(', ')})`);
      const page = await withInfluencers((s) => s.adminList(status?.data ? { status: status.data } : {}, { field: 'created_at', order: 'DESC' }, 0, 500));
      if (opts.json) return json(page);
      printRows(
        page.items.map(summary),
        [['nome', 'Nome'], ['email', 'E-mail'], ['codigo', 'Código'], ['comissao', 'Comissão'], ['situacao', 'Situação'], ['id', 'Id']],
        opts,
      );
      writeOut(`${page.total} influenciador(es)\n`);
    });

  influencers
    .command('show <id>')
    .description('mostra um influenciador e o funil (cliques, cadastros)')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions) => {
      const detail = await withInfluencers((s) => s.adminDetail(id));
      if (opts.json) return json(detail);
      printObject({ ...summary(detail), cliques: String(detail.funnel.clicks), cadastros: String(detail.funnel.signups), sinalizados: String(detail.funnel.flagged) }, opts);
    });

  influencers
    .command('approve <id>')
    .description('aprova uma candidatura com a comissão (gera o código) ou reativa um suspenso')
    .option('--rate <percentual>', 'comissão sobre a taxa da plataforma, em % (obrigatória na primeira aprovação)')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions & { rate?: string }) =>
      show(await withInfluencers((s) => s.decide(OPERATOR, id, 'approve', opts.rate === undefined ? {} : { commission_rate_bp: percentArg(opts.rate) })), opts),
    );

  influencers
    .command('reject <id>')
    .description('recusa uma candidatura em análise')
    .requiredOption('--reason <texto>', 'o motivo, mostrado ao candidato')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions & { reason: string }) => show(await withInfluencers((s) => s.decide(OPERATOR, id, 'reject', { reason: opts.reason })), opts));

  influencers
    .command('set-rate <id> <percentual>')
    .description('altera a comissão (% da taxa da plataforma)')
    .option('--json', 'saída em JSON')
    .action(async (id: string, rate: string, opts: OutputOptions) => show(await withInfluencers((s) => s.setRate(OPERATOR, id, percentArg(rate))), opts));
}
