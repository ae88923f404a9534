// Once per run, migrate one database that every test file's database is copied from, instead of each file running every
// migration: on the embedded engine a PGlite data-directory dump (about 4 s a file saved), on PostgreSQL a template
// database (`create database … template`, about 0.25 s against 3 to 8 s of migrations a file on this machine).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../adapters/db/database';
import { migrateLatest } from '../../adapters/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite snapshot ('' on PostgreSQL, where a file's database is created and migrated). */
    pgliteSnapshot: string;
    /** Name of the migrated PostgreSQL template database ('' on PGlite). */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    project.provide('pgliteSnapshot', '');
    const name = `turma_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
    await admin.raw(`create database "${name}"`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    // Closed before any file copies it: PostgreSQL refuses a template somebody is connected to.
    const db = await openDatabase({ url: url.toString() });
    await migrateLatest(db.knex);
    await db.close();
    project.provide('pgTemplate', name);
    return async () => {
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    };
  }
  project.provide('pgTemplate', '');
  const dir = mkdtempSync(join(tmpdir(), 'turma-pglite-snapshot-'));
  const db = await openDatabase({});
  await migrateLatest(db.knex);
  const dump = await db.dumpDataDir!();
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
