// `turma db migrate|rollback|status`.
import type { Command } from 'commander';
import { migrateLatest, migrateRollback, migrationStatus } from '../../adapters/db/migrate';
import { printRows, withApp, writeOut, type OutputOptions } from '../runtime';

export function registerDbCommands(program: Command) {
  const db = program.command('db').description('banco de dados: migrações');

  db.command('migrate')
    .description('aplica as migrações pendentes')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions) => {
      const applied = await withApp(({ database }) => migrateLatest(database.knex));
      if (opts.json) printRows(applied.map((name) => ({ name })), [['name', 'Migração']], opts);
      else writeOut(applied.length ? `Aplicadas: ${applied.join(', ')}\n` : 'Nenhuma migração pendente.\n');
    });

  db.command('rollback')
    .description('desfaz o último lote de migrações')
    .option('--all', 'desfaz todas as migrações')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { all?: boolean }) => {
      const undone = await withApp(({ database }) => migrateRollback(database.knex, opts.all === true));
      if (opts.json) printRows(undone.map((name) => ({ name })), [['name', 'Migração']], opts);
      else writeOut(undone.length ? `Desfeitas: ${undone.join(', ')}\n` : 'Nada a desfazer.\n');
    });

  db.command('status')
    .description('lista as migrações aplicadas e pendentes')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions) => {
      const { applied, pending } = await withApp(({ database }) => migrationStatus(database.knex));
      printRows(
        [...applied.map((name) => ({ name, status: 'aplicada' })), ...pending.map((name) => ({ name, status: 'pendente' }))],
        [['name', 'Migração'], ['status', 'Situação']],
        opts,
      );
    });
}
