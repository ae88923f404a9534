// `turma seed [--reset]`: demo data (faker pt_BR), idempotent; --reset wipes every row after confirmation.
import type { Command } from 'commander';
import { migrateLatest } from '../../adapters/db/migrate';
import { CliError, ask, printObject, withApp, type OutputOptions } from '../runtime';

export function registerSeedCommand(program: Command) {
  program
    .command('seed')
    .description('cria os dados de demonstração (pode rodar de novo sem duplicar nada)')
    .option('--reset', 'apaga TODOS os dados antes (pede confirmação)')
    .option('--yes', 'confirma o --reset sem perguntar (para scripts)')
    .option('--no-demo-users', 'não cria as pessoas de demonstração')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { reset?: boolean; yes?: boolean; demoUsers?: boolean }) => {
      const report = await withApp(async ({ container, database, config }) => {
        // Loaded by this command only: faker's locales would otherwise load with every `turma` command.
        const { resetData, runSeeds } = await import('../../seeds/index');
        if (config.isProduction && opts.demoUsers !== false) {
          throw new CliError('em produção use --no-demo-users: contas de demonstração não entram em produção');
        }
        if (opts.reset) {
          if (!opts.yes) {
            const answer = await ask('Isto apaga TODOS os dados do banco. Digite "apagar" para confirmar: ');
            if (answer.trim() !== 'apagar') throw new CliError('reset cancelado: confirmação não recebida');
          }
          await migrateLatest(database.knex);
          await resetData(container);
        } else {
          await migrateLatest(database.knex);
        }
        return runSeeds(container, { demoUsers: opts.demoUsers !== false });
      });
      printObject(
        {
          administrador_criado: report.adminCreated?.email ?? 'já existia',
          ...(report.adminCreated ? { senha_do_administrador: report.adminCreated.password } : {}),
          pessoas_criadas: report.usersCreated,
          categorias_de_plano: report.planCategories,
          planos: report.plans,
        },
        opts,
      );
    });
}
