// Runs `turma` for tests: in-process through runCli (fast: no new Node, tsx or database driver per call), or as the
// real binary for what only a process shows (exit status, stdin piping, the entry point itself).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Knex } from 'knex';
import { openDatabase, pgliteDirFor } from '../../adapters/db/database';
import { createTestDatabase, type TestDatabase } from './test-db';
import { Readable } from 'node:stream';
import { runCli } from '../../cli/program';

export const CLI_BIN = resolve(import.meta.dirname, '../../cli/bin.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `turma <args…>` in this process, with its own streams and environment. */
export async function runTurma(args: string[], options: { env: Record<string, string | undefined>; input?: string }): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: options.env,
    stdin: Readable.from([options.input ?? '']),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** `node cli/bin.js <args…>` as a subprocess. */
export function spawnTurma(args: string[], options: { env: Record<string, string | undefined>; input?: string }): CliResult {
  const r = spawnSync(process.execPath, [CLI_BIN, ...args], { env: options.env as NodeJS.ProcessEnv, input: options.input ?? '', encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A CLI test file's environment: its own DATA_DIR (the embedded database) or, when DATABASE_URL is set, its own
 * PostgreSQL database (created empty: the commands migrate it), dropped after the file. Call at the file's top level.
 */
export function useCliEnvironment(prefix: string) {
  const state = {
    env: {} as Record<string, string>,
    dir: '',
    /** Opens the same database between two runs (each run closes it: PGlite allows one user of a directory). */
    async withDatabase<T>(fn: (knex: Knex) => Promise<T>): Promise<T> {
      const database = await openDatabase({ url: state.env.DATABASE_URL, pgliteDir: pgliteDirFor(state.dir), poolMax: 2 });
      try {
        return await fn(database.knex);
      } finally {
        await database.close();
      }
    },
  };
  let db: TestDatabase | null = null;
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), prefix));
    state.env = { ...(process.env as Record<string, string>), LOG_LEVEL: 'silent', NODE_ENV: 'development', DATA_DIR: state.dir };
    if (process.env.DATABASE_URL) {
      db = await createTestDatabase({ migrate: false });
      state.env.DATABASE_URL = db.url!;
      await db.close();
    }
  });
  afterAll(async () => {
    await db?.destroy();
  });
  return state;
}
