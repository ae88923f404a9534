// Money in the back office: integer centavos in records, reais with a comma ("420,00") in inputs.
import { computeEntryPrice } from '../../core/pricing/entry-price';
import { formatCents } from '../../core/shared/money';

/** pt-BR: digits with optional "." thousands groups, then an optional ",d" or ",dd" (1.234,56 · 420 · 199,9). */
const PT_BR = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
/** Leniency for a pasted "199.90": a lone dot followed by one or two digits is the decimal separator. */
const DOT_DECIMAL = /^(\d+)\.(\d{1,2})$/;

/**
 * Reais as an admin types them → integer centavos, without floating point.
 * `null` when the text is empty, `undefined` when it is not an amount in reais.
 */
export function parseReais(text: string): number | null | undefined {
  const compact = text.replace(/R\$/i, '').replace(/[\s\u00a0]/g, '');
  if (compact === '') return null;
  const match = PT_BR.exec(compact) ?? DOT_DECIMAL.exec(compact);
  if (!match) return undefined;
  const whole = match[1]!.replace(/\./g, '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

const plain = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Integer centavos → the input's text, "1.234,56" (no currency sign: the input shows "R$" itself). */
export function formatReais(cents: number): string {
  return plain.format(cents / 100);
}

/** Integer centavos → "R$ 1.234,56" (always pt-BR: these are Brazilian reais, whatever the UI language). */
export function formatBRL(cents: number): string {
  return formatCents(cents, 'pt-BR');
}

/** The plan's entry, as the server computes it (10% of the price, half-up); null when the price is not an amount yet. */
export function entryPriceOf(price: unknown): number | null {
  return typeof price === 'number' && Number.isSafeInteger(price) && price >= 0 ? computeEntryPrice(price) : null;
}
