// Money in the back office: integer centavos in records, reais with a comma ("420,00") in inputs.
import { computeEntryPrice } from '../../core/catalog/entry-price';
import { formatCents, parseReais } from '../../core/shared/money';

/** The one parser of reais (core): "1.234" is R$ 1.234,00 here as in the CLI and the CSV import. */
export { parseReais };

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
