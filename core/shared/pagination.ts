// The customer API's `?page=&per_page=` query (docs/api.md), parsed once so every list pages the same way.
import { z } from 'zod';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

// `?page=` arrives as an empty string; treat it like an absent parameter so it takes the default
// instead of being coerced to 0 and rejected.
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const PAGE_MESSAGE = 'A página deve ser um número inteiro maior ou igual a 1';
const perPageMessage = (max: number) => `Itens por página deve ser um número inteiro entre 1 e ${max}`;

/** The page query with this list's own default and ceiling (a catalogue page of 24, an operator's list of 50). */
export function paginationSchemaWith({ defaultPerPage = DEFAULT_PER_PAGE, maxPerPage = MAX_PER_PAGE }: { defaultPerPage?: number; maxPerPage?: number } = {}) {
  const perPage = perPageMessage(maxPerPage);
  return z.object({
    page: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).default(DEFAULT_PAGE),
    ),
    per_page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: perPage })
        .int({ error: perPage })
        .min(1, { error: perPage })
        .max(maxPerPage, { error: perPage })
        .default(defaultPerPage),
    ),
  });
}

export const paginationSchema = paginationSchemaWith();
export type Pagination = z.infer<typeof paginationSchema>;

/** Rows to skip for a page (SQL OFFSET). */
export function toOffset({ page, per_page }: Pagination): number {
  return (page - 1) * per_page;
}
