// CEP text rules with no dependency (no zod): the field's digits, its mask and its display. The browser's CEP fields and
// masks import this module alone, so a page with a CEP field does not evaluate the schemas (zod) on its first render.

/** docs/product/spec.md §9: a CEP has 8 digits. */
export const CEP_LENGTH = 8;

/** The country every lookup is in; adapters translate it to their own filter (e.g. Nominatim's countrycodes=br). */
export const ADDRESS_COUNTRY = 'Brasil';

const digitsOf = (raw: string) => raw.replace(/\D/g, '');

/** docs/product/spec.md §5, for the form field: non-digits stripped, at most 8 digits kept. */
export function normalizeCep(raw: string): string {
  return digitsOf(raw).slice(0, CEP_LENGTH);
}

/** 01001000 → 01001-000; anything that is not 8 digits comes back as its digits, unformatted. */
export function formatCep(raw: string): string {
  const digits = digitsOf(raw);
  return digits.length === CEP_LENGTH ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** docs/product/spec.md §5 ("CEP holds at most 8 digits, non-digits stripped"): the same as normalizeCep. */
export const cepDigits = normalizeCep;

/** The CEP field's mask while typing: 01001-000, or as far as the digits go (010, 01001-0); at most 8 digits. */
export function maskCep(raw: string): string {
  const digits = normalizeCep(raw);
  return digits.length <= 5 ? digits : `${digits.slice(0, 5)}-${digits.slice(5)}`;
}
