// `turma payouts run [--dry-run]`: pays the professionals now (docs/product/professionals.md), the same run as the pay_professionals
// job and the back office's button: one PIX payout per professional whose available receivables reach PAYOUT_MINIMUM.
import type { Command } from 'commander';
import type { PayoutFlow } from '../../core/flows/payout.flow';
import { formatCents } from '../../core/shared/money';
import { TOKENS } from '../../adapters/tokens';
import { migrateLatest } from '../../adapters/db/migrate';
import { printRows, withApp, writeOut, type OutputOptions } from '../runtime';

const OPERATOR = { id: null, email: 'operador (cli)' };

export function registerPayoutCommands(program: Command) {
  const payouts = program.command('payouts').description('repasses PIX aos profissionais');

  payouts
    .command('run')
    .description('repassa agora os recebíveis disponíveis de cada profissional acima do mínimo')
    .option('--dry-run', 'só mostra quem receberia e quanto, sem mudar nada')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { dryRun?: boolean }) => {
      const result = await withApp(async (app) => {
        await migrateLatest(app.database.knex);
        const flow = app.container.get<PayoutFlow>(TOKENS.PayoutFlow);
        const minimum = app.config.payoutMinimum;
        if (opts.dryRun) {
          const due = await flow.preview();
          return {
            dry_run: true,
            minimum,
            payouts: due.length,
            amount: due.reduce((sum, d) => sum + d.amount, 0),
            items: due.map((d) => ({ professional_id: d.professional_id, business_name: d.business_name, amount: d.amount, receivables: d.receivables, pix_key_type: d.pix_key_type, pix_key: d.pix_key })),
          };
        }
        const run = await flow.run(OPERATOR);
        return { dry_run: false, minimum, payouts: run.payouts, amount: run.amount, items: run.items };
      });
      if (opts.json) {
        writeOut(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      printRows(
        result.items.map((i) => ({ ...i, valor: formatCents(i.amount) })),
        [['business_name', 'Profissional'], ['receivables', 'Recebíveis'], ['valor', 'Valor'], ['professional_id', 'Id']],
        opts,
      );
      const what = result.dry_run ? 'seriam pagos' : 'criado(s)';
      writeOut(`${result.payouts} repasse(s) ${what}, total ${formatCents(result.amount)} (mínimo ${formatCents(result.minimum)})\n`);
    });
}
