// Accent- and case-insensitive catalogue search: the same normalisation for the stored text and the query.

/**
 * Decomposed (NFKD: NFD plus compatibility forms, so '600 g/m²' gives '600 g m2'), diacritics stripped, lower-case,
 * punctuation turned into spaces, spaces collapsed: 'Estética  Facial' → 'estetica facial', so 'estetica' finds it.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The text kept in `products.search_text`: name first, then description. */
export function productSearchText(name: string, description: string): string {
  return normalizeSearch(`${name} ${description}`);
}

/** At most this many words of a query are used (each one is a LIKE on the trigram index). */
export const MAX_SEARCH_TERMS = 6;

/** The normalised words of a query, each to be found somewhere in the text (AND), duplicates dropped. */
export function searchTerms(query: string | undefined | null): string[] {
  if (!query) return [];
  return [...new Set(normalizeSearch(query).split(' ').filter(Boolean))].slice(0, MAX_SEARCH_TERMS);
}
