// Money is integer centavos end to end; these helpers are the only place that turns it into text.
export type Cents = number;

export function assertCents(value: number, name = 'valor'): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} deve ser um número inteiro de centavos`);
  return value;
}

/** `percent` of `cents`, rounded half-up to the centavo (percent may have decimals, e.g. 12.5). */
export function percentOf(cents: Cents, percent: number): Cents {
  assertCents(cents);
  // Work in hundredths of a percent (basis points) so 12.5% stays exact.
  const bps = Math.round(percent * 100);
  const scaled = cents * bps; // centavos × 10 000
  const sign = scaled < 0 ? -1 : 1;
  // `|| 0` turns -0 into 0, so a rounded-away negative never prints as "-R$ 0,00".
  return sign * Math.floor((Math.abs(scaled) + 5_000) / 10_000) || 0;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** 12345 → "R$ 123,45" (pt-BR by default; en-US gives "R$123.45"). */
export function formatCents(cents: Cents, locale = 'pt-BR'): string {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    formatters.set(locale, f);
  }
  return f.format(cents / 100);
}

/** Reais as a provider sends them (e.g. 123.45) → centavos, rounding away float noise. */
export function reaisToCents(reais: number): Cents {
  return Math.round(reais * 100);
}

export function centsToReais(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** pt-BR: digits with optional "." thousands groups, then an optional ",d" or ",dd" (1.234,56 · 420 · 199,9). */
const PT_BR_REAIS = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
/** Leniency for a pasted "199.90": a lone dot followed by one or two digits is the decimal separator. */
const DOT_DECIMAL_REAIS = /^(\d+)\.(\d{1,2})$/;

/**
 * Reais as a person types them → integer centavos, without floating point; the one parser of the CLI, the back office
 * and the CSV import, so "1.234" is R$ 1.234,00 and "1.234,56" is R$ 1.234,56 everywhere ("199.90" is R$ 199,90).
 * `null` when the text is empty, `undefined` when it is not an amount in reais.
 */
export function parseReais(text: string): Cents | null | undefined {
  const compact = text.replace(/R\$/i, '').replace(/[\s\u00a0]/g, '');
  if (compact === '') return null;
  const match = PT_BR_REAIS.exec(compact) ?? DOT_DECIMAL_REAIS.exec(compact);
  if (!match) return undefined;
  const whole = match[1]!.replace(/\./g, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

// Made on first use: building a formatter costs a phone several milliseconds, and most pages never export a CSV.
let plainDecimal: Intl.NumberFormat | undefined;

/** 123456 → "1234,56": reais with a decimal comma and no symbol or grouping (spreadsheets and CSV exports). */
export function formatDecimalReais(cents: Cents): string {
  plainDecimal ??= new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  return plainDecimal.format(cents / 100);
}
