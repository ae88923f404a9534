// Streamed CSV downloads for the back office: UTF-8 with a BOM (Excel reads accents), `;`, pt-BR dates and decimal
// commas. Rows come from a keyset-paged async iterable through csv-stringify with back-pressure, so any number of rows
// is written with memory bounded by one page.
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatDecimalReais } from '../../core/shared/money';
import type { AppContext } from './context';

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | null | undefined;
}

const BRASILIA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Cell formats: `24/11/2026 10:52` (Brasília) and `1234,56`. */
export const csvCell = {
  dateTime(value: Date | string | null | undefined): string {
    if (value === null || value === undefined) return '';
    const d = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(d.getTime())) return '';
    const p = Object.fromEntries(BRASILIA.formatToParts(d).map((x) => [x.type, x.value]));
    return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
  },
  reais(cents: number | string | null | undefined): string {
    return cents === null || cents === undefined ? '' : formatDecimalReais(Number(cents));
  },
};

/**
 * Pages through a query by a unique, ordered key: `fetchPage(after)` answers at most `pageSize` rows after the cursor
 * (null for the first page); the next cursor is taken from the last row. Stops on a short page.
 */
export async function* keysetRows<R, K>(fetchPage: (after: K | null, pageSize: number) => Promise<R[]>, cursorOf: (row: R) => K, pageSize = 1000): AsyncGenerator<R> {
  let after: K | null = null;
  for (;;) {
    const page = await fetchPage(after, pageSize);
    for (const row of page) yield row;
    if (page.length < pageSize) return;
    after = cursorOf(page[page.length - 1]!);
  }
}

/** The CSV text stream of these rows (BOM, header line, `;`, CRLF as Excel writes it). */
export function csvStream<R>(rows: AsyncIterable<R>, columns: ReadonlyArray<CsvColumn<R>>, onError?: (err: Error) => void): Readable {
  const out = stringify({ bom: true, delimiter: ';', record_delimiter: 'windows', header: true, columns: columns.map((c, i) => ({ key: String(i), header: c.header })) });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) {
        const record: Record<string, string | number> = {};
        columns.forEach((c, i) => {
          const v = c.value(row);
          record[String(i)] = v === null || v === undefined ? '' : v;
        });
        yield record;
      }
    })(),
    { objectMode: true, highWaterMark: 64 },
  );
  // pipeline: pauses the reader when the stringifier's buffer is full (it drains as the socket takes bytes) and
  // destroys both on an error, so a failing query ends the download instead of leaving it open.
  pipeline(records, out, (err) => {
    if (err && onError) onError(err);
  });
  return out;
}

/** Answers the request with a streamed CSV download named `<name>-<yyyy-mm-dd>.csv`. */
export function sendCsv<R>(ctx: AppContext, name: string, rows: AsyncIterable<R>, columns: ReadonlyArray<CsvColumn<R>>, now = new Date()): Readable {
  const day = now.toISOString().slice(0, 10);
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${name}-${day}.csv"`);
  ctx.set('Cache-Control', 'no-store');
  const body = csvStream(rows, columns, (err) => ctx.app.emit('error', err, ctx));
  ctx.body = body;
  return body;
}
