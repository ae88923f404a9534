// `turma professionals …`: the back office's professional decisions from a terminal (docs/cli.md, docs/product/professionals.md): list, show,
// approve, reject, suspend, feature. Each decision is audited, notified and e-mailed like the admin routes.
import type { Command } from 'commander';
import { z } from 'zod';
import { endOfDaySaoPaulo, type ProfessionalService } from '../../core/professionals/professional.service';
import { PROFESSIONAL_STATUSES, PROFESSIONAL_STATUS_LABELS } from '../../core/professionals/professional-rules';
import { TOKENS } from '../../adapters/tokens';
import { migrateLatest } from '../../adapters/db/migrate';
import { CliError, printObject, printRows, withApp, writeOut, type CliApp, type OutputOptions } from '../runtime';

/** Who a decision is recorded as in the audit log. */
const OPERATOR = { id: null, email: 'operador (cli)' };

const withProfessionals = <T>(fn: (service: ProfessionalService, app: CliApp) => Promise<T>) =>
  withApp(async (app) => {
    await migrateLatest(app.database.knex);
    return fn(app.container.get<ProfessionalService>(TOKENS.ProfessionalService), app);
  });

const json = (value: unknown): void => {
  writeOut(`${JSON.stringify(value, null, 2)}\n`);
};

type View = Awaited<ReturnType<ProfessionalService['adminGet']>>;
const summary = (p: View) => ({
  id: p.id,
  nome: p.business_name,
  responsavel: p.full_name,
  categoria: p.category,
  cidade: p.address_city ?? '—',
  situacao: PROFESSIONAL_STATUS_LABELS[p.status],
  nota: p.rating_average.toFixed(2),
  destaque_ate: p.featured_until ?? '—',
});

export function registerProfessionalCommands(program: Command) {
  const professionals = program.command('professionals').description('profissionais: cadastros, aprovação, destaque');

  professionals
    .command('list')
    .description('lista os profissionais, mais novos primeiro')
    .option('--status <estado>', `filtra (${PROFESSIONAL_STATUSES.join(', ')})`)
    .option('--category <slug>', 'só uma categoria')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { status?: string; category?: string }) => {
      const status = opts.status === undefined ? undefined : z.enum(PROFESSIONAL_STATUSES).safeParse(opts.status);
      if (status && !status.success) throw new CliError(`estado inválido: ${opts.status} (use ${PROFESSIONAL_STATUSES.join(', ')})`);
      const page = await withProfessionals((s) =>
        s.adminList({ ...(status?.data ? { status: status.data } : {}), ...(opts.category ? { category: opts.category } : {}) }, { field: 'created_at', order: 'DESC' }, 0, 500),
      );
      if (opts.json) return json(page);
      printRows(
        page.items.map(summary),
        [['nome', 'Nome'], ['responsavel', 'Responsável'], ['categoria', 'Categoria'], ['cidade', 'Cidade'], ['situacao', 'Situação'], ['nota', 'Nota'], ['id', 'Id']],
        opts,
      );
      writeOut(`${page.total} profissional(is)\n`);
    });

  const show = (p: View, opts: OutputOptions) => (opts.json ? json(p) : printObject(summary(p), opts));

  professionals
    .command('show <id>')
    .description('mostra um profissional')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions) => show(await withProfessionals((s) => s.adminGet(id)), opts));

  professionals
    .command('approve <id>')
    .description('aprova um cadastro em análise (ou reativa um suspenso)')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions) =>
      show(
        await withProfessionals(async (s) => s.decide(OPERATOR, id, 'approve')),
        opts,
      ),
    );

  for (const [name, decision, what] of [['reject', 'reject', 'recusa um cadastro em análise'], ['suspend', 'suspend', 'suspende um profissional aprovado']] as const) {
    professionals
      .command(`${name} <id>`)
      .description(what)
      .requiredOption('--reason <texto>', 'o motivo, mostrado ao profissional')
      .option('--json', 'saída em JSON')
      .action(async (id: string, opts: OutputOptions & { reason: string }) => show(await withProfessionals((s) => s.decide(OPERATOR, id, decision, opts.reason)), opts));
  }

  professionals
    .command('feature <id>')
    .description('destaca um profissional aprovado até o fim do dia indicado (horário de Brasília)')
    .requiredOption('--until <AAAA-MM-DD>', 'último dia do destaque')
    .option('--json', 'saída em JSON')
    .action(async (id: string, opts: OutputOptions & { until: string }) => {
      if (!z.iso.date().safeParse(opts.until).success) throw new CliError(`data inválida: ${opts.until} (use AAAA-MM-DD)`);
      show(await withProfessionals((s) => s.feature(OPERATOR, id, endOfDaySaoPaulo(opts.until))), opts);
    });
}
