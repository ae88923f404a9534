// What every command shares: opening the app (config, database, container), output as tables or JSON, errors as one pt-BR line.
import Table from 'cli-table3';
import type { Container } from 'inversify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createInterface } from 'node:readline';
import { loadConfig, ConfigError, type Config } from '../adapters/config';
import { buildContainer } from '../adapters/container';
import { openDatabase, pgliteDirFor, type Database } from '../adapters/db/database';
import { isDomainError } from '../core/shared/errors';
import { parseReais } from '../core/shared/money';
import { ZodError } from 'zod';
import type { PgBossJobQueue } from '../adapters/jobs/pg-boss.queue';
import { TOKENS } from '../adapters/tokens';

export interface CliApp {
  config: Config;
  database: Database;
  container: Container;
}

export class CliError extends Error {}

/** Where one run of the program reads and writes: the process's own streams, or a test's. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
}

interface CliRun extends CliIo {
  exitCode: number;
}

// Each run gets its own streams and exit code, so in-process runs (tests) never touch the process's.
const runs = new AsyncLocalStorage<CliRun>();

/** Runs `fn` with `io` as the current run's streams; resolves to the exit code the commands asked for. */
export async function withCliIo(io: Partial<CliIo>, fn: () => Promise<void>): Promise<number> {
  const run: CliRun = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, ...io, exitCode: 0 };
  await runs.run(run, fn);
  return run.exitCode;
}

/** The current run's streams (the process's outside `withCliIo`). */
export function cliIo(): CliIo {
  return runs.getStore() ?? { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
}

export function writeOut(text: string): void {
  cliIo().stdout.write(text);
}

export function writeErr(text: string): void {
  cliIo().stderr.write(text);
}

/** A command that finished but failed in part (bad CSV lines, failed refunds) exits non-zero. */
export function setExitCode(code: number): void {
  const run = runs.getStore();
  if (run) run.exitCode = code;
  else process.exitCode = code;
}

/** Opens the database for one command and always closes it. */
export async function withApp<T>(fn: (app: CliApp) => Promise<T>): Promise<T> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...cliIo().env });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), poolMax: 4 });
  try {
    const container = buildContainer(config, database);
    // Commands enqueue side effects (e-mails, refunds) like the server does; `turma jobs work` runs the workers.
    const queue = container.get<PgBossJobQueue>(TOKENS.JobQueue);
    await queue.start({ workers: false });
    try {
      return await fn({ config, database, container });
    } finally {
      await queue.stop();
    }
  } finally {
    await database.close();
  }
}

/** Reais → centavos with core's one parser ("1.234" is R$ 1.234,00 here as in the back office). */
export function parseReaisOption(value: string): number {
  const cents = parseReais(value);
  if (cents == null || cents <= 0) throw new CliError(`valor inválido: ${value} (use reais, por exemplo 420,00)`);
  return cents;
}

export interface OutputOptions {
  json?: boolean;
}

/** Rows as a table for people, or JSON for scripts. */
export function printRows(rows: Array<Record<string, unknown>>, columns: Array<[key: string, label: string]>, opts: OutputOptions) {
  if (opts.json) {
    writeOut(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    writeOut('Nenhum registro.\n');
    return;
  }
  const table = new Table({ head: columns.map(([, label]) => label), style: { head: [], border: [] } });
  for (const row of rows) table.push(columns.map(([key]) => formatCell(row[key])));
  writeOut(`${table.toString()}\n`);
}

export function printObject(value: Record<string, unknown>, opts: OutputOptions) {
  if (opts.json) {
    writeOut(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  const table = new Table({ style: { head: [], border: [] } });
  for (const [k, v] of Object.entries(value)) table.push({ [k]: formatCell(v) });
  writeOut(`${table.toString()}\n`);
}

function formatCell(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One line on stderr and exit code 1: what operators and scripts need. */
export function reportError(err: unknown): number {
  let message: string;
  if (err instanceof ConfigError) message = err.problems.join('; ');
  else if (isDomainError(err)) message = err.message;
  else if (err instanceof ZodError) message = err.issues.map((i) => i.message).join('; ');
  else if (err instanceof CliError) message = err.message;
  else message = `erro inesperado: ${err instanceof Error ? err.message : String(err)}`;
  writeErr(`Erro: ${message}\n`);
  return 1;
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of cliIo().stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks a question on the terminal; `hidden` does not echo what is typed (passwords). */
export async function ask(question: string, hidden = false): Promise<string> {
  // A prompt needs the real terminal: in-process runs (tests) never have one.
  if (cliIo().stdin !== process.stdin || !process.stdin.isTTY) throw new CliError('sem terminal para perguntar; use as opções de linha de comando');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
    out._writeToOutput = (s: string) => {
      if (s.includes(question)) out.output.write(s);
    };
  }
  try {
    return await new Promise<string>((resolve) => rl.question(question, resolve));
  } finally {
    if (hidden) writeOut('\n');
    rl.close();
  }
}
