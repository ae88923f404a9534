// `turma products import <csv>`: the CSV format (header name,slug,category,price,stock,description; prices in reais
// such as 199,90) parsed into product rows, each error with its line number. Pure text in, data out.
// The browser build of csv-parse: no Node built-ins, so the web app can import this module too.
import { parseReais as parseReaisText } from '../shared/money';
import { CsvError, parse } from 'csv-parse/browser/esm/sync';
import { normalizeSearch } from './search';
import { productSlugSchema, stockQuantitySchema } from './product-schemas';

export const PRODUCT_CSV_COLUMNS = ['name', 'slug', 'category', 'price', 'stock', 'description', 'weight_grams', 'height_cm', 'width_cm', 'length_cm'] as const;
/** Optional freight columns (whole grams and centimetres); an empty cell keeps what the product had. */
const SHIPPING_COLUMNS = [
  ['weight_grams', 100_000, 'peso'],
  ['height_cm', 200, 'altura'],
  ['width_cm', 200, 'largura'],
  ['length_cm', 200, 'comprimento'],
] as const;
const REQUIRED_COLUMNS = ['name', 'category', 'price'] as const;

export interface CsvRecord {
  /** 1-based line where the record starts (the header is line 1). */
  line: number;
  cells: string[];
}

/** Comma or semicolon (spreadsheets in pt-BR export ';'), whichever the header uses outside quotes. */
function detectDelimiter(firstLine: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** A file whose quotes do not pair up: where the records start and end is unknown past that line. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const SYNTAX_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'aspas abertas e não fechadas até o fim do arquivo',
  CSV_INVALID_CLOSING_QUOTE: 'texto depois de fechar as aspas (uma aspa dentro de um campo entre aspas se escreve "")',
  CSV_INVALID_OPENING_QUOTE: 'aspas no meio de um campo sem aspas (coloque o campo todo entre aspas e escreva "" para cada aspa)',
};

/**
 * RFC 4180 through csv-parse: quoted fields may hold the delimiter, "" for a quote, and line breaks; CRLF, LF or CR;
 * BOM ignored; blank lines skipped. Each record keeps the line it starts on, counted in the file (a quoted line
 * break moves the next record down). Throws CsvSyntaxError when quotes do not pair up.
 */
export function parseCsv(text: string): CsvRecord[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/, 1)[0] ?? '';
  let parsed: string[][];
  try {
    parsed = parse(text, {
      bom: true,
      delimiter: detectDelimiter(firstLine),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      trim: true,
    });
  } catch (err) {
    if (err instanceof CsvError) throw new CsvSyntaxError(lineOf(err), SYNTAX_MESSAGES[err.code] ?? `arquivo CSV inválido (${err.message})`);
    throw err;
  }
  const records: CsvRecord[] = [];
  // Blank lines come through as one empty cell, so a record starts one line after the previous one plus the line
  // breaks quoted inside it (csv-parse's own `info.lines` counts a quoted CRLF twice).
  let line = 1;
  for (const cells of parsed) {
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line, cells });
    line += 1 + cells.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return records;
}

function lineOf(err: CsvError): number {
  const lines = (err as CsvError & { lines?: unknown }).lines;
  return typeof lines === 'number' ? lines : 1;
}

/** A CSV price cell in reais → centavos with core's one parser ("1.234" is R$ 1.234,00); null when it is not a price. */
export const parseReais = (raw: string): number | null => parseReaisText(raw) ?? null;

/** '', 'ilimitado' or 'unlimited' → null (unlimited); a whole number ≥ 0 otherwise; undefined when invalid. */
export function parseStock(raw: string): number | null | undefined {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === 'ilimitado' || v === 'unlimited') return null;
  if (!/^\d+$/.test(v)) return undefined;
  const parsed = stockQuantitySchema.safeParse(Number(v));
  return parsed.success ? parsed.data : undefined;
}

/** 'Sérum Facial 30 ml' → 'serum-facial-30-ml'. */
export function slugify(text: string): string {
  return normalizeSearch(text).replace(/ /g, '-').slice(0, 120).replace(/-+$/, '');
}

export interface ProductCsvRow {
  line: number;
  name: string;
  slug: string;
  category: string;
  price: number;
  stock_quantity: number | null;
  description: string;
  weight_grams?: number;
  height_cm?: number;
  width_cm?: number;
  length_cm?: number;
}

export interface ProductCsvError {
  line: number;
  message: string;
}

/**
 * Rows ready to save and the errors of the others (line numbers as in the file). `categories` are the known
 * category slugs; a slug repeated in the file is an error on its second line.
 */
export function parseProductCsv(text: string, categories: readonly string[]): { rows: ProductCsvRow[]; errors: ProductCsvError[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvSyntaxError) return { rows: [], errors: [{ line: err.line, message: `${err.message}; nenhuma linha importada` }] };
    throw err;
  }
  const header = records.shift();
  if (!header) return { rows: [], errors: [{ line: 1, message: 'arquivo vazio: a primeira linha deve ser o cabeçalho name,slug,category,price,stock,description' }] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  const unknown = names.filter((n) => n && !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(n));
  if (missing.length || unknown.length) {
    const parts = [missing.length ? `faltam as colunas ${missing.join(', ')}` : '', unknown.length ? `colunas desconhecidas: ${unknown.join(', ')}` : ''].filter(Boolean);
    return { rows: [], errors: [{ line: header.line, message: `cabeçalho inválido: ${parts.join('; ')} (use ${PRODUCT_CSV_COLUMNS.join(',')})` }] };
  }
  const col = (cells: string[], name: string) => {
    const i = names.indexOf(name);
    return i < 0 ? '' : (cells[i] ?? '').trim();
  };
  const known = new Set(categories);
  const seen = new Map<string, number>();
  const rows: ProductCsvRow[] = [];
  const errors: ProductCsvError[] = [];
  for (const record of records) {
    const problems: string[] = [];
    if (record.cells.length > names.length) problems.push(`${record.cells.length} colunas, o cabeçalho tem ${names.length} (um preço com vírgula precisa estar entre aspas: "199,90")`);
    const name = col(record.cells, 'name');
    if (name.length < 3) problems.push('nome obrigatório (ao menos 3 caracteres)');
    const slug = col(record.cells, 'slug') || slugify(name);
    const slugCheck = productSlugSchema.safeParse(slug);
    if (!slugCheck.success) problems.push(`slug inválido "${slug}": ${slugCheck.error.issues[0]?.message ?? ''}`);
    const category = col(record.cells, 'category').toLowerCase();
    if (!known.has(category)) problems.push(`categoria desconhecida "${category}" (use ${[...known].join(', ') || 'uma categoria cadastrada'})`);
    const priceText = col(record.cells, 'price');
    const price = parseReais(priceText);
    if (price === null || price <= 0) problems.push(`preço inválido "${priceText}" (em reais, por exemplo 199,90)`);
    const stockText = col(record.cells, 'stock');
    const stock = parseStock(stockText);
    if (stock === undefined) problems.push(`estoque inválido "${stockText}" (número inteiro ≥ 0, ou vazio/ilimitado)`);
    const description = col(record.cells, 'description');
    if (description.length > 4000) problems.push('descrição com mais de 4000 caracteres');
    const shipping: Partial<Record<(typeof SHIPPING_COLUMNS)[number][0], number>> = {};
    for (const [column, max, label] of SHIPPING_COLUMNS) {
      const text = col(record.cells, column);
      if (text === '') continue;
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) problems.push(`${label} inválido "${text}" (número inteiro de 1 a ${max})`);
      else shipping[column] = n;
    }
    const earlier = seen.get(slug);
    if (earlier !== undefined && slugCheck.success) problems.push(`slug "${slug}" repetido (já usado na linha ${earlier})`);
    if (problems.length) {
      errors.push({ line: record.line, message: problems.join('; ') });
      continue;
    }
    seen.set(slug, record.line);
    rows.push({ line: record.line, name, slug, category, price: price!, stock_quantity: stock!, description, ...shipping });
  }
  return { rows, errors };
}
