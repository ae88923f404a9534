// A clean database per test file: a fresh in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import knexFactory from 'knex';
import { openDatabase, type Database } from '../../adapters/db/database';
import { migrateLatest } from '../../adapters/db/migrate';

export interface TestDatabase extends Database {
  /** The per-file PostgreSQL database's URL (undefined for PGlite). */
  url: string | undefined;
  /** Drops the per-file PostgreSQL database (no-op for PGlite). */
  destroy(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let snapshot: Blob | null | undefined;

/** The migrated PostgreSQL template database made once per vitest run (tests/support/global-setup.ts); '' outside vitest. */
async function migratedTemplate(): Promise<string> {
  return process.env.VITEST ? (await import('vitest')).inject('pgTemplate') : '';
}

/** The migrated PGlite snapshot made once per vitest run (tests/support/global-setup.ts); null outside vitest. */
async function migratedSnapshot(): Promise<Blob | null> {
  if (snapshot !== undefined) return snapshot;
  const path = process.env.VITEST ? (await import('vitest')).inject('pgliteSnapshot') : '';
  snapshot = path ? new Blob([readFileSync(path)]) : null;
  return snapshot;
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  let db: Database;
  let drop: () => Promise<void> = async () => {};
  let url: string | undefined;
  if (baseUrl) {
    const name = `turma_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
    const template = options.migrate !== false ? await migratedTemplate() : '';
    await admin.raw(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
    url = withDatabase(baseUrl, name);
    db = await openDatabase({ url, poolMax: 20 });
    drop = async () => {
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    };
  } else {
    const migrated = options.migrate !== false ? await migratedSnapshot() : null;
    db = await openDatabase(migrated ? { pgliteSnapshot: migrated } : {});
  }
  // Still run on a snapshot or a template copy: a no-op there, and the real migration everywhere else.
  if (options.migrate !== false) await migrateLatest(db.knex);
  return {
    ...db,
    url,
    async destroy() {
      await db.close().catch(() => {});
      await drop();
    },
  };
}
