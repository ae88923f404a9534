// Runs and inspects migrations for the server, the CLI and the tests alike.
import type { Knex } from 'knex';
import { makeMigrationSource, migratorConfig, type Migration } from '../../migrations/index';

/**
 * How long a migration waits for a table's lock before giving up. A migration that queues behind a long transaction
 * holds every later query on that table waiting behind it, which stops a live site; failing fast lets the deploy retry.
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 5_000;

export class MigrationLockTimeout extends Error {
  constructor(readonly migration: string, readonly timeoutMs: number) {
    super(
      `A migração ${migration} esperou mais de ${timeoutMs / 1000} s por um bloqueio (uma tabela em uso por outra transação) e foi desfeita. ` +
        'Nada mudou no banco: rode `turma db migrate` de novo num momento de menos movimento (docs/operations.md#migrations).',
    );
    this.name = 'MigrationLockTimeout';
  }
}

/** The migration run inside its transaction with a `lock_timeout`, its lock failure (SQLSTATE 55P03) said plainly. */
export function withLockTimeout(name: string, migration: Migration, timeoutMs = MIGRATION_LOCK_TIMEOUT_MS): Migration {
  const guard = (step: (knex: Knex) => Promise<void>) => async (knex: Knex) => {
    await knex.raw(`set local lock_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    try {
      await step(knex);
    } catch (err) {
      if ((err as { code?: string }).code === '55P03') throw new MigrationLockTimeout(name, timeoutMs);
      throw err;
    }
  };
  return { up: guard((k) => migration.up(k)), down: guard((k) => migration.down(k)) };
}

const guardedConfig = (timeoutMs: number): Knex.MigratorConfig => ({
  ...migratorConfig,
  migrationSource: makeMigrationSource((name, migration) => withLockTimeout(name, migration, timeoutMs)),
});

export async function migrateLatest(knex: Knex, options: { lockTimeoutMs?: number } = {}): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(guardedConfig(options.lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS))) as [number, string[]];
  return applied;
}

export async function migrateRollback(knex: Knex, all = false): Promise<string[]> {
  const [, rolledBack] = (await knex.migrate.rollback(guardedConfig(MIGRATION_LOCK_TIMEOUT_MS), all)) as [number, string[]];
  return rolledBack;
}

export async function migrationStatus(knex: Knex): Promise<{ applied: string[]; pending: string[] }> {
  const [completed, pending] = (await knex.migrate.list(migratorConfig)) as [
    Array<{ name: string } | string>,
    Array<{ file: string } | string>,
  ];
  return {
    applied: completed.map((m) => (typeof m === 'string' ? m : m.name)),
    pending: pending.map((m) => (typeof m === 'string' ? m : m.file)),
  };
}
