// Once per run on the embedded engine: migrate one PGlite and dump its data directory, so each test file's database
// starts from that snapshot instead of initdb plus every migration (about 4 s a file on this machine).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../adapters/db/database';
import { migrateLatest } from '../../adapters/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite snapshot ('' on PostgreSQL, where a file's database is created and migrated). */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
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
