// How a catalogue page is cut and counted so its cost does not grow with the catalogue (docs/product/marketplace.md#catalogue-pages):
// the total is counted up to a ceiling, and a cursor (the last row's sort key) continues a list without OFFSET.
import { invalid } from '../shared/errors';
import type { ProductSort } from './product-schemas';

/** A list is counted exactly up to this many products; above it the answer says "more than" (`total_capped`). */
export const CATALOGUE_TOTAL_CAP = 1_000;
/** A search counts less far: each row counted is a text match read from the table, not an index entry. */
export const SEARCH_TOTAL_CAP = 100;

/** The cap of a list: a search's when it has search words. */
export function totalCap(searching: boolean): number {
  return searching ? SEARCH_TOTAL_CAP : CATALOGUE_TOTAL_CAP;
}

/**
 * How many matching rows to count for a page at `offset`: one more than the larger of the cap and the end of the page,
 * so a deep page still knows whether a next one exists. A cursor page counts like the first page.
 */
export function countCeiling(offset: number, limit: number, cap = CATALOGUE_TOTAL_CAP): number {
  return Math.max(cap, offset + limit) + 1;
}

/**
 * The total to answer from `counted` rows (counted up to `countCeiling`): exact below the ceiling; otherwise the
 * ceiling less one, flagged as capped ("mais de 1.000"), and then a next page always exists.
 */
export function cappedTotal(counted: number, offset: number, limit: number, cap = CATALOGUE_TOTAL_CAP): { total: number; total_capped: boolean } {
  const ceiling = countCeiling(offset, limit, cap);
  return counted >= ceiling ? { total: ceiling - 1, total_capped: true } : { total: counted, total_capped: false };
}

/** Where a keyset page starts: after the row with this sort key (price in centavos, or created_at in UTC to the µs) and id. */
export interface CatalogueKey {
  sort: ProductSort;
  key: string;
  id: string;
}

const SORT_TAGS: Record<ProductSort, string> = { newest: 'n', price_asc: 'a', price_desc: 'd' };
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const PRICE = /^\d{1,12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `n.2026-11-28T07:31:38.123456Z.<id>`, `a.12990.<id>`, `d.12990.<id>`: URL-safe, and tied to its sort. */
export function encodeCursor({ sort, key, id }: CatalogueKey): string {
  return `${SORT_TAGS[sort]}.${key}.${id}`;
}

const badCursor = () => invalid('invalid_cursor', 'Cursor de página inválido: volte à primeira página da lista.', { cursor: 'Cursor de página inválido' });

/** The cursor of `?cursor=`, checked against the list's sort (a cursor of another order would skip or repeat rows). */
export function decodeCursor(cursor: string, sort: ProductSort): CatalogueKey {
  const [tag, key, id, ...rest] = cursor.split('.');
  // A timestamp has its own dot: n.<date>.<µs>Z.<id>
  const parts = tag === 'n' ? { key: `${key}.${id}`, id: rest[0], extra: rest.length - 1 } : { key, id, extra: rest.length };
  if (tag !== SORT_TAGS[sort] || parts.extra !== 0 || !parts.key || !parts.id || !UUID.test(parts.id)) throw badCursor();
  if (!(sort === 'newest' ? TIMESTAMP : PRICE).test(parts.key)) throw badCursor();
  return { sort, key: parts.key, id: parts.id };
}
