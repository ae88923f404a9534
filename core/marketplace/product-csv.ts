// `turma products import <csv>`: the CSV format (header name,slug,category,price,stock,description; prices in reais
// such as 199,90) parsed into product rows, each error with its line number. Pure text in, data out.
import { normalizeSearch } from './search';
import { productSlugSchema, stockQuantitySchema } from './product-schemas';

export const PRODUCT_CSV_COLUMNS = ['name', 'slug', 'category', 'price', 'stock', 'description'] as const;
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

/** RFC 4180: quoted fields may hold the delimiter, "" for a quote, and line breaks; CRLF or LF; BOM ignored. */
export function parseCsv(text: string): CsvRecord[] {
  const src = text.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(src.split(/\r?\n/, 1)[0] ?? '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let sawAny = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    sawAny = false;
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (!sawAny) {
      recordLine = line;
      sawAny = true;
    }
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
    } else {
      cell += ch;
    }
  }
  if (sawAny) endRecord();
  return records;
}

/** "199,90", "1.234,56", "R$ 49,9", "199.90" or "199" reais → centavos; null when it is not a price. */
export function parseReais(raw: string): number | null {
  const v = raw.replace(/R\$/i, '').replace(/\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$|^\d+(\.\d{1,2})?$/.test(v)) return null;
  // A comma is always the decimal separator when present; dots are then thousands separators.
  const normalized = v.includes(',') ? v.replace(/\./g, '').replace(',', '.') : /^\d{1,3}(\.\d{3})+$/.test(v) ? v.replace(/\./g, '') : v;
  const n = Number(normalized);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

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
  const records = parseCsv(text);
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
    const earlier = seen.get(slug);
    if (earlier !== undefined && slugCheck.success) problems.push(`slug "${slug}" repetido (já usado na linha ${earlier})`);
    if (problems.length) {
      errors.push({ line: record.line, message: problems.join('; ') });
      continue;
    }
    seen.set(slug, record.line);
    rows.push({ line: record.line, name, slug, category, price: price!, stock_quantity: stock!, description });
  }
  return { rows, errors };
}
