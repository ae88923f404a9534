// Starts the real server for the browser tests on a fresh database: a new PGlite dir, or a new PostgreSQL database when DATABASE_URL is set.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';

if (process.env.DATABASE_URL) {
  const base = new URL(process.env.DATABASE_URL);
  const name = `${base.pathname.slice(1) || 'turma'}_e2e`;
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`drop database if exists "${name}" with (force)`);
  await admin.raw(`create database "${name}"`);
  await admin.destroy();
  base.pathname = `/${name}`;
  process.env.DATABASE_URL = base.toString();
}
process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'turma-e2e-'));

await import('../../../adapters/main');
