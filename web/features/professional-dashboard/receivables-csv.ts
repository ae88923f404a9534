// The receivables as a CSV file built in the browser from what the screen shows (RFC 4180 quoting, `;` separator and
// a UTF-8 BOM so spreadsheet apps in pt-BR open it with accents and decimal commas intact). Cells that a spreadsheet
// would read as a formula (=, +, -, @, tab, CR at the start) are prefixed with an apostrophe (CSV injection).
import { centsToReais } from '../../../core/shared/money';

export interface CsvReceivable {
  created_at: string;
  plan: { name: string };
  member_first_name: string;
  gross: number;
  fee: number;
  net: number;
  status: string;
  available_at: string;
}

export interface CsvLabels {
  header: [date: string, plan: string, member: string, gross: string, fee: string, net: string, status: string, availableAt: string];
  status: (status: string) => string;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Centavos as "1234,56" (no thousands separator, decimal comma): a number to a pt-BR spreadsheet. */
export const csvMoney = (cents: number) => centsToReais(cents).toFixed(2).replace('.', ',');

/** YYYY-MM-DD of an instant in São Paulo. */
export const csvDate = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

export function receivablesCsv(items: readonly CsvReceivable[], labels: CsvLabels): string {
  const rows = [
    labels.header.map(csvCell).join(';'),
    ...items.map((r) =>
      [csvDate(r.created_at), csvCell(r.plan.name), csvCell(r.member_first_name), csvMoney(r.gross), csvMoney(r.fee), csvMoney(r.net), csvCell(labels.status(r.status)), csvDate(r.available_at)].join(';'),
    ),
  ];
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
