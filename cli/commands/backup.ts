// `turma backup create <arquivo>` and `turma backup restore <arquivo>`: the database and the stored files in one
// checked archive (adapters/backup/backup.ts); a restore goes only into an empty database and storage.
import type { Command } from 'commander';
import { rm } from 'node:fs/promises';
import { BackupError, countMismatches, createBackup, incompatibility, isEmptyDir, nonEmptyTarget, openBackup, pgliteSnapshotOf, restoreFiles, restorePostgres, verifyParts } from '../../adapters/backup/backup';
import { loadConfig } from '../../adapters/config';
import { openDatabase, pgliteDirFor, type Database } from '../../adapters/db/database';
import { createFileStore } from '../../adapters/storage/file-store';
import { CliError, cliIo, printObject, type OutputOptions } from '../runtime';

const asCliError = (err: unknown) => (err instanceof BackupError ? new CliError(err.message) : err);
const totalRows = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);

export function registerBackupCommands(program: Command) {
  const backup = program.command('backup').description('cópia de segurança: banco de dados e arquivos num só arquivo');

  backup
    .command('create <arquivo>')
    .description('grava o banco (pg_dump ou o dump do PGlite) e os arquivos enviados num arquivo .tar.gz com manifesto')
    .option('--json', 'saída em JSON')
    .action(async (file: string, opts: OutputOptions) => {
      const config = loadConfig({ LOG_LEVEL: 'warn', ...cliIo().env });
      const storage = createFileStore(config);
      const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), poolMax: 2 });
      try {
        const manifest = await createBackup({ database, databaseUrl: config.databaseUrl, storage }, file).catch((err: unknown) => {
          throw asCliError(err);
        });
        printObject(
          {
            arquivo: file,
            banco: manifest.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido)',
            migracao: manifest.migrations.latest ?? '—',
            tabelas: Object.keys(manifest.tables).length,
            linhas: totalRows(manifest.tables),
            arquivos: manifest.storage.files.length,
            bytes_dos_arquivos: manifest.storage.files.reduce((a, f) => a + f.size, 0),
          },
          opts,
        );
      } finally {
        storage.close();
        await database.close();
      }
    });

  backup
    .command('restore <arquivo>')
    .description('restaura um backup num banco e num armazenamento VAZIOS (confere versões e checksums antes)')
    .option('--json', 'saída em JSON')
    .action(async (file: string, opts: OutputOptions) => {
      const config = loadConfig({ LOG_LEVEL: 'warn', ...cliIo().env });
      const engine = config.databaseUrl ? 'postgres' : 'pglite';
      const storage = createFileStore(config);
      const opened = await openBackup(file).catch((err: unknown) => {
        storage.close();
        throw asCliError(err);
      });
      let database: Database | null = null;
      try {
        // The cheap refusals first (engine, migration level), then every checksum, then the target: nothing is written
        // before all three pass.
        const refusal = incompatibility(opened.manifest, engine);
        if (refusal) throw new CliError(refusal);
        await verifyParts(opened).catch((err: unknown) => {
          throw asCliError(err);
        });
        if (config.databaseUrl) {
          database = await openDatabase({ url: config.databaseUrl, poolMax: 2 });
          const busy = await nonEmptyTarget(database, storage);
          if (busy) throw new CliError(busy);
          await restorePostgres(opened, config.databaseUrl).catch((err: unknown) => {
            throw asCliError(err);
          });
        } else {
          // PGlite starts a new data directory from the dump: the directory must hold no data yet.
          const dir = pgliteDirFor(config.dataDir);
          if (!(await isEmptyDir(dir))) {
            const existing = await openDatabase({ pgliteDir: dir });
            const busy = await nonEmptyTarget(existing, storage).finally(() => existing.close());
            if (busy) throw new CliError(busy);
            await rm(dir, { recursive: true, force: true });
          } else {
            const busy = await nonEmptyTarget(null, storage);
            if (busy) throw new CliError(busy);
          }
          database = await openDatabase({ pgliteDir: dir, pgliteSnapshot: await pgliteSnapshotOf(opened) });
        }
        const files = await restoreFiles(opened, storage);
        const mismatches = await countMismatches(opened.manifest, database.knex);
        if (mismatches.length) throw new CliError(`a restauração não confere com o manifesto: ${mismatches.join('; ')}`);
        printObject(
          {
            arquivo: file,
            criado_em: opened.manifest.createdAt,
            versao: opened.manifest.app.version,
            migracao: opened.manifest.migrations.latest ?? '—',
            tabelas: Object.keys(opened.manifest.tables).length,
            linhas: totalRows(opened.manifest.tables),
            arquivos: files,
            conferido: 'linhas por tabela e checksums iguais aos do manifesto',
          },
          opts,
        );
      } finally {
        storage.close();
        await database?.close();
        await opened.close();
      }
    });
}
