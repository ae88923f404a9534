// `turma reports financial|fiscal|commissions|payouts|orders --from --to [--format csv|json] [--out file]`: the back
// office's reports (adapters/reports/report-exports.ts, the same queries and columns) streamed to stdout or a file.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvalidArgumentError, type Command } from 'commander';
import { REPORT_KINDS, reportExport, type ReportKind } from '../../adapters/reports/report-exports';
import { csvStream } from '../../adapters/http/csv-export';
import { migrateLatest } from '../../adapters/db/migrate';
import { cliIo, setExitCode, withApp, writeErr } from '../runtime';

interface ReportOptions {
  from: string;
  to: string;
  format?: 'csv' | 'json';
  out?: string;
  granularity?: 'month' | 'day';
}

/** A real calendar day written AAAA-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function dateProblem(opts: ReportOptions): string | null {
  if (!isCalendarDay(opts.from)) return `data inicial inválida: '${opts.from}' (use AAAA-MM-DD, por exemplo 2026-11-01)`;
  if (!isCalendarDay(opts.to)) return `data final inválida: '${opts.to}' (use AAAA-MM-DD, por exemplo 2026-11-30)`;
  if (opts.from > opts.to) return `a data inicial (${opts.from}) deve ser anterior ou igual à final (${opts.to})`;
  return null;
}

/** One JSON object per line (NDJSON): a script reads it line by line, whatever the number of rows. */
async function* ndjson(rows: AsyncIterable<unknown>) {
  for await (const row of rows) yield `${JSON.stringify(row)}\n`;
}

/** Writes to the run's stdout, waiting for it to drain when it pushes back (the process's own stdout). */
async function toStdout(source: Readable) {
  const out = cliIo().stdout as { write(chunk: string | Buffer): unknown; once?: unknown };
  for await (const chunk of source) {
    const ok = out.write(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
    if (ok === false && typeof out.once === 'function') await once(out as unknown as NodeJS.EventEmitter, 'drain');
  }
}

/** An option value among `allowed`, refused in Portuguese (commander's own choices() message is in English). */
function oneOf<T extends string>(allowed: readonly T[]) {
  return (value: string): T => {
    if ((allowed as readonly string[]).includes(value)) return value as T;
    throw new InvalidArgumentError(`use ${allowed.join(' ou ')}.`);
  };
}

export function registerReportCommands(program: Command) {
  const reports = program.command('reports').description('relatórios do back office (financeiro, fiscal, comissões, repasses, pedidos) em CSV ou JSON');
  const labels: Record<ReportKind, string> = {
    financial: 'relatório financeiro por mês ou dia, com a linha de conciliação',
    fiscal: 'eventos tributáveis (taxa da plataforma, vendas do marketplace) com o CPF do cliente',
    commissions: 'comissões de influenciadores criadas no período',
    payouts: 'repasses PIX a profissionais e influenciadores criados no período',
    orders: 'pedidos do marketplace criados no período',
  };
  for (const kind of REPORT_KINDS) {
    const cmd = reports
      .command(kind)
      .description(labels[kind])
      .requiredOption('--from <AAAA-MM-DD>', 'primeiro dia (horário de Brasília)')
      .requiredOption('--to <AAAA-MM-DD>', 'último dia, incluído')
      .option('--format <formato>', 'csv (padrão; como o download do back office) ou json (NDJSON: um objeto por linha)', oneOf(['csv', 'json'] as const))
      .option('--out <arquivo>', 'grava no arquivo em vez da saída padrão');
    if (kind === 'financial') cmd.option('--granularity <período>', 'month (mês, padrão) ou day (dia)', oneOf(['month', 'day'] as const));
    cmd.action(async (opts: ReportOptions) => {
      const problem = dateProblem(opts);
      if (problem) {
        writeErr(`Erro: ${problem}\n`);
        setExitCode(2);
        return;
      }
      await withApp(async (app) => {
        await migrateLatest(app.database.knex);
        const report = await reportExport(app.container, kind, opts.from, opts.to, opts.granularity ?? 'month');
        const source = opts.format === 'json' ? Readable.from(ndjson(report.rows)) : csvStream(report.rows, report.columns);
        if (opts.out) await pipeline(source, createWriteStream(opts.out));
        else await toStdout(source);
      });
      if (opts.out) writeErr(`Relatório gravado em ${opts.out}\n`);
    });
  }
}
