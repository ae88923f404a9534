// Runs and inspects migrations for the server, the CLI and the tests alike.
import type { Knex } from 'knex';
import { migratorConfig } from '../../migrations/index';

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(migratorConfig)) as [number, string[]];
  return applied;
}

export async function migrateRollback(knex: Knex, all = false): Promise<string[]> {
  const [, rolledBack] = (await knex.migrate.rollback(migratorConfig, all)) as [number, string[]];
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
