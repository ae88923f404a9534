// The catalogue's "N produtos" line: exact, or "Mais de 1.000 produtos" when the server stopped counting
// (docs/product/marketplace.md#catalogue-pages); numbers grouped in the reader's locale.
import type { TFunction } from 'i18next';

export function catalogueCount(
  t: TFunction<'marketplace'>,
  language: string,
  page: { total: number; total_capped: boolean },
  filter: { q?: string; category?: string },
): string {
  const values = { count: page.total, n: new Intl.NumberFormat(language).format(page.total) };
  const capped = page.total_capped;
  if (filter.q) return t(capped ? 'products.countMoreFor' : 'products.countFor', { ...values, q: filter.q });
  if (filter.category) return t(capped ? 'products.countMoreIn' : 'products.countIn', { ...values, category: filter.category });
  return t(capped ? 'products.countMore' : 'products.count', values);
}
