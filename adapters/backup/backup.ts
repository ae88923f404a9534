// One-file backups: the database (pg_dump's custom format, or PGlite's data-directory dump) and every stored file in a
// gzipped tar with a manifest of versions, migration level, row counts and sha256 checksums (docs/decisions/018).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';
import type { Knex } from 'knex';
import { migrations } from '../../migrations/index';
import { ownValue } from '../../core/shared/lookup';
import type { Database } from '../db/database';
import { MEDIA_TYPES, isSafeKey, type FileStore } from '../storage/local.storage';

/** A refusal or failure said to the operator in pt-BR; nothing was changed when it is thrown before the restore. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const FORMAT = 'turma-backup';
const FORMAT_VERSION = 1;
const MANIFEST = 'manifest.json';
const DUMP_FILE = { postgres: 'database.pgdump', pglite: 'database.pglite.tar' } as const;

const checksum = z.object({ size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  engine: z.enum(['postgres', 'pglite']),
  serverVersion: z.string(),
  migrations: z.object({ count: z.number().int(), latest: z.string().nullable(), names: z.array(z.string()) }),
  tables: z.record(z.string(), z.number().int().min(0)),
  database: checksum.extend({ file: z.string() }),
  storage: z.object({ driver: z.string(), files: z.array(checksum.extend({ key: z.string() })) }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

function appVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** Runs a PostgreSQL client program; its absence or failure is one pt-BR line naming it. */
function runClient(program: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((ok, fail) => {
    execFile(program, args, { maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      if (!err) return ok();
      if ((err as NodeJS.ErrnoException).code === 'ENOENT')
        return fail(new BackupError(`${program} não encontrado: instale o cliente do PostgreSQL (versão igual ou mais nova que a do servidor)`));
      fail(new BackupError(`${program} falhou: ${String(stderr).trim().split('\n').slice(-3).join(' ') || err.message}`));
    });
  });
}

/** Every table outside PostgreSQL's own schemas (ours in public, pg-boss's queue), as `schema.table`. */
async function userTables(knex: Knex): Promise<string[]> {
  const rows = (await knex('information_schema.tables')
    .where({ table_type: 'BASE TABLE' })
    .whereNotIn('table_schema', ['pg_catalog', 'information_schema'])
    .select('table_schema', 'table_name')) as Array<{ table_schema: string; table_name: string }>;
  return rows.map((r) => `${r.table_schema}.${r.table_name}`).sort();
}

/** Exact row counts of every table: what a restore is checked against. */
export async function countRows(knex: Knex): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await userTables(knex)) {
    const [schema, table] = name.split('.') as [string, string];
    const row = (await knex.withSchema(schema).from(table).count({ n: '*' }).first()) as { n: number | string };
    counts[name] = Number(row.n);
  }
  return counts;
}

async function appliedMigrations(knex: Knex): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  return ((await knex('knex_migrations').orderBy('id').select('name')) as Array<{ name: string }>).map((r) => r.name);
}

async function storedFiles(storage: FileStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list()) keys.push(key);
  return keys.sort();
}

export interface BackupTarget {
  database: Database;
  /** The PostgreSQL URL (pg_dump/pg_restore connect themselves); undefined on PGlite. */
  databaseUrl: string | undefined;
  storage: FileStore;
}

/** Writes the archive to `file`; answers its manifest. */
export async function createBackup(target: BackupTarget, file: string, now = new Date()): Promise<BackupManifest> {
  const { database, storage } = target;
  const work = await mkdtemp(join(tmpdir(), 'turma-backup-'));
  try {
    const dumpFile = DUMP_FILE[database.kind];
    const dumpPath = join(work, dumpFile);
    const names = await appliedMigrations(database.knex);
    const serverVersion = String(((await database.knex.raw('show server_version')) as { rows: Array<{ server_version: string }> }).rows[0]!.server_version);
    let tables: Record<string, number>;
    if (database.kind === 'postgres') {
      // The counts and pg_dump read the same snapshot (exported from this transaction, held open until the dump ends),
      // so a live site's writes meanwhile never make the restore's count check fail.
      tables = await database.knex.transaction(
        async (trx) => {
          const snapshot = ((await trx.raw('select pg_export_snapshot() as id')) as { rows: Array<{ id: string }> }).rows[0]!.id;
          const counts = await countRows(trx);
          await runClient('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, '--file', dumpPath, '--dbname', target.databaseUrl!]);
          return counts;
        },
        { isolationLevel: 'repeatable read', readOnly: true },
      );
    } else {
      if (!database.dumpDataDir) throw new BackupError('este banco embutido não sabe se exportar (PGlite sem dumpDataDir)');
      tables = await countRows(database.knex);
      await writeFile(dumpPath, new Uint8Array(await (await database.dumpDataDir()).arrayBuffer()));
    }
    const dump = await readFile(dumpPath);
    const files: BackupManifest['storage']['files'] = [];
    for (const key of await storedFiles(storage)) {
      const stored = await storage.get(key);
      if (!stored) continue; // deleted while listing
      const path = join(work, 'files', key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, stored.body);
      files.push({ key, size: stored.body.byteLength, sha256: sha256(stored.body) });
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      app: appVersion(),
      engine: database.kind,
      serverVersion,
      migrations: { count: names.length, latest: names.at(-1) ?? null, names },
      tables,
      database: { file: dumpFile, size: dump.byteLength, sha256: sha256(dump) },
      storage: { driver: storage.driver, files },
    };
    await writeFile(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(dirname(resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file: resolve(file), cwd: work, portable: true }, [MANIFEST, dumpFile, ...(files.length ? ['files'] : [])]);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** An unpacked archive whose every part matched its checksum. */
export interface OpenedBackup {
  manifest: BackupManifest;
  dir: string;
  dumpPath: string;
  close(): Promise<void>;
}

/** Unpacks `file` and reads its manifest; `verifyParts` then checks the parts against it. */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const dir = await mkdtemp(join(tmpdir(), 'turma-restore-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    try {
      await stat(file);
    } catch {
      throw new BackupError(`arquivo de backup não encontrado: ${file}`);
    }
    try {
      await tar.extract({ file, cwd: dir, strict: true });
    } catch (err) {
      throw new BackupError(`o arquivo de backup está corrompido ou não é um backup do Turma (${(err as Error).message})`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8'));
    } catch {
      throw new BackupError('o arquivo de backup não tem um manifesto legível (manifest.json): não é um backup do Turma ou está corrompido');
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) throw new BackupError('o manifesto do backup é de outro formato ou está corrompido');
    const manifest = parsed.data;
    if (manifest.database.file !== DUMP_FILE[manifest.engine]) throw new BackupError('o manifesto do backup está corrompido (parte do banco inesperada)');
    const dumpPath = join(dir, manifest.database.file);
    return { manifest, dir, dumpPath, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Checks every part (the database dump, each file) against the manifest's size and sha256. */
export async function verifyParts(opened: OpenedBackup): Promise<void> {
  const { manifest, dir, dumpPath } = opened;
  const parts: Array<{ name: string; path: string; sha256: string; size: number }> = [
    { name: manifest.database.file, path: dumpPath, sha256: manifest.database.sha256, size: manifest.database.size },
  ];
  for (const f of manifest.storage.files) {
    if (!isSafeKey(f.key)) throw new BackupError(`o manifesto do backup tem um arquivo com nome inválido: ${f.key}`);
    parts.push({ name: `files/${f.key}`, path: join(dir, 'files', f.key), sha256: f.sha256, size: f.size });
  }
  for (const part of parts) {
    let data: Buffer;
    try {
      data = await readFile(part.path);
    } catch {
      throw new BackupError(`backup incompleto: falta ${part.name}`);
    }
    if (data.byteLength !== part.size || sha256(data) !== part.sha256) throw new BackupError(`backup corrompido: ${part.name} não confere com o checksum do manifesto`);
  }
}

/**
 * Why this archive cannot go into this code and engine, or null: another engine's dump, or a migration this code
 * does not know (the backup is newer than the code; an older one is fine, `turma db migrate` brings it up after).
 */
export function incompatibility(manifest: BackupManifest, engine: Database['kind']): string | null {
  const engineName = (e: string) => (e === 'postgres' ? 'PostgreSQL' : 'o banco embutido (PGlite)');
  if (manifest.engine !== engine) return `o backup é de ${engineName(manifest.engine)}, e o destino é ${engineName(engine)}: restaure no mesmo tipo de banco`;
  const known = new Set(migrations.map(([name]) => name));
  const unknown = manifest.migrations.names.filter((name) => !known.has(name));
  if (unknown.length)
    return `o backup está num nível de migração mais novo que este código (${unknown.at(-1)}): atualize o Turma para a versão ${manifest.app.version} ou mais nova antes de restaurar`;
  return null;
}

/** Why the target is not empty, or null: a restore never mixes into existing data. */
export async function nonEmptyTarget(database: Database | null, storage: FileStore): Promise<string | null> {
  if (database) {
    const tables = await userTables(database.knex);
    if (tables.length) return `o banco de destino não está vazio (${tables.length} tabelas): restaure num banco novo e vazio`;
  }
  for await (const { key } of storage.list()) return `o armazenamento de destino (${storage.describe()}) não está vazio (por exemplo ${key}): use um diretório ou bucket vazio`;
  return null;
}

/** The line pg_restore writes to empty the search path; see restorePostgres. */
const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";

/**
 * Loads the dump into the (checked empty) PostgreSQL database in one transaction. pg_restore's script empties the
 * search path, and earthdistance's ll_to_earth (an unqualified SQL function inlined into our nearby index) then
 * cannot find cube(): the script runs through psql with the search path at `public`, where the extensions live.
 */
export async function restorePostgres(opened: OpenedBackup, databaseUrl: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  const { Transform } = await import('node:stream');
  const { pipeline } = await import('node:stream/promises');
  const start = (program: 'pg_restore' | 'psql', args: string[]) => {
    const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
    const done = new Promise<void>((ok, fail) => {
      child.on('error', (err: NodeJS.ErrnoException) =>
        fail(new BackupError(err.code === 'ENOENT' ? `${program} não encontrado: instale o cliente do PostgreSQL (versão igual ou mais nova que a do servidor)` : `${program}: ${err.message}`)),
      );
      child.on('close', (code) => (code === 0 ? ok() : fail(new BackupError(`${program} falhou: ${stderr.trim().split('\n').slice(-3).join(' ') || `código ${code}`}`))));
    });
    return { child, done };
  };
  let pending = '';
  const searchPath = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      pending += chunk.toString('utf8');
      const cut = pending.lastIndexOf('\n') + 1;
      const lines = pending.slice(0, cut);
      pending = pending.slice(cut);
      callback(null, lines.split('\n').map((line) => (line === EMPTY_SEARCH_PATH ? "SELECT pg_catalog.set_config('search_path', 'public', false);" : line)).join('\n'));
    },
    flush(callback) {
      callback(null, pending);
    },
  });
  const restore = start('pg_restore', ['--no-owner', '--no-privileges', '--file=-', opened.dumpPath]);
  const psql = start('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--dbname', databaseUrl, '--file=-']);
  psql.child.stdout.resume();
  restore.child.stdin.end();
  await Promise.all([pipeline(restore.child.stdout, searchPath, psql.child.stdin), restore.done, psql.done]);
}

/** PGlite's dump as the Blob `openDatabase({ pgliteSnapshot })` starts a new data directory from. */
export async function pgliteSnapshotOf(opened: OpenedBackup): Promise<Blob> {
  return new Blob([new Uint8Array(await readFile(opened.dumpPath))]);
}

/** Puts every archived file into the (checked empty) storage; answers how many. */
export async function restoreFiles(opened: OpenedBackup, storage: FileStore): Promise<number> {
  for (const f of opened.manifest.storage.files) {
    const body = await readFile(join(opened.dir, 'files', f.key));
    await storage.put(f.key, new Uint8Array(body), ownValue(MEDIA_TYPES, extname(f.key))!);
  }
  return opened.manifest.storage.files.length;
}

/** The tables whose row count differs from the manifest's after a restore (empty when it matches). */
export async function countMismatches(manifest: BackupManifest, knex: Knex): Promise<string[]> {
  const now = await countRows(knex);
  const names = new Set([...Object.keys(manifest.tables), ...Object.keys(now)]);
  return [...names].filter((name) => manifest.tables[name] !== now[name]).map((name) => `${name}: esperado ${manifest.tables[name] ?? 0}, encontrado ${now[name] ?? 0}`);
}

/** Whether a directory is missing or has nothing in it. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}
