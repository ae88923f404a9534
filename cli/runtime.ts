// What every command shares: opening the app (config, database, container), output as tables or JSON, errors as one pt-BR line.
import Table from 'cli-table3';
import type { Container } from 'inversify';
import { createInterface } from 'node:readline';
import { loadConfig, ConfigError, type Config } from '../adapters/config';
import { buildContainer } from '../adapters/container';
import { openDatabase, pgliteDirFor, type Database } from '../adapters/db/database';
import { isDomainError } from '../core/shared/errors';
import { ZodError } from 'zod';

export interface CliApp {
  config: Config;
  database: Database;
  container: Container;
}

export class CliError extends Error {}

/** Opens the database for one command and always closes it. */
export async function withApp<T>(fn: (app: CliApp) => Promise<T>): Promise<T> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir), poolMax: 4 });
  try {
    const container = buildContainer(config, database);
    return await fn({ config, database, container });
  } finally {
    await database.close();
  }
}

export interface OutputOptions {
  json?: boolean;
}

/** Rows as a table for people, or JSON for scripts. */
export function printRows(rows: Array<Record<string, unknown>>, columns: Array<[key: string, label: string]>, opts: OutputOptions) {
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return;
  }
  if (rows.length === 0) {
    process.stdout.write('Nenhum registro.\n');
    return;
  }
  const table = new Table({ head: columns.map(([, label]) => label), style: { head: [], border: [] } });
  for (const row of rows) table.push(columns.map(([key]) => formatCell(row[key])));
  process.stdout.write(`${table.toString()}\n`);
}

export function printObject(value: Record<string, unknown>, opts: OutputOptions) {
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  const table = new Table({ style: { head: [], border: [] } });
  for (const [k, v] of Object.entries(value)) table.push({ [k]: formatCell(v) });
  process.stdout.write(`${table.toString()}\n`);
}

function formatCell(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** One line on stderr and a non-zero exit: what operators and scripts need. */
export function reportError(err: unknown): never {
  let message: string;
  if (err instanceof ConfigError) message = err.problems.join('; ');
  else if (isDomainError(err)) message = err.message;
  else if (err instanceof ZodError) message = err.issues.map((i) => i.message).join('; ');
  else if (err instanceof CliError) message = err.message;
  else message = `erro inesperado: ${err instanceof Error ? err.message : String(err)}`;
  process.stderr.write(`Erro: ${message}\n`);
  process.exit(1);
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks a question on the terminal; `hidden` does not echo what is typed (passwords). */
export async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new CliError('sem terminal para perguntar; use as opções de linha de comando');
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
    if (hidden) process.stdout.write('\n');
    rl.close();
  }
}
