// A clean database per test file: a fresh in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
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

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  let db: Database;
  let drop: () => Promise<void> = async () => {};
  let url: string | undefined;
  if (baseUrl) {
    const name = `turma_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`create database "${name}"`);
    url = withDatabase(baseUrl, name);
    db = await openDatabase({ url, poolMax: 20 });
    drop = async () => {
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    };
  } else {
    db = await openDatabase({});
  }
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
