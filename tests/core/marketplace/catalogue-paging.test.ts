// The catalogue's paging rule (docs/product/marketplace.md#catalogue-pages): how far a page counts, when its total is
// capped ("mais de 1.000"), and the keyset cursor tied to its sort.
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TOTAL_CAP, SEARCH_TOTAL_CAP, cappedTotal, countCeiling, decodeCursor, encodeCursor, totalCap } from '../../../core/marketplace/catalogue-paging';
import { isDomainError } from '../../../core/shared/errors';

const ID = '3f0c7a8e-1b2d-4c5e-8f9a-0b1c2d3e4f5a';

describe('capped total', () => {
  it('counts one row past the cap on early pages, and past the end of a deep page', () => {
    expect(CATALOGUE_TOTAL_CAP).toBe(1_000);
    expect([totalCap(false), totalCap(true)]).toEqual([CATALOGUE_TOTAL_CAP, SEARCH_TOTAL_CAP]);
    expect(SEARCH_TOTAL_CAP).toBe(100);
    expect(countCeiling(0, 12)).toBe(1_001);
    expect(countCeiling(984, 12)).toBe(1_001);
    expect(countCeiling(996, 12)).toBe(1_009);
    expect(countCeiling(0, 20, 50)).toBe(51);
  });

  it('is exact below the ceiling and "more than" at it, where a next page always exists', () => {
    expect(cappedTotal(0, 0, 12)).toEqual({ total: 0, total_capped: false });
    expect(cappedTotal(1_000, 0, 12)).toEqual({ total: 1_000, total_capped: false });
    expect(cappedTotal(1_001, 0, 12)).toEqual({ total: 1_000, total_capped: true });
    // Page 84 of 12 ends at 1,008: counted to 1,009, so 1,009 rows say "more than 1,008" and a page 85 exists.
    expect(cappedTotal(1_009, 996, 12)).toEqual({ total: 1_008, total_capped: true });
    expect(cappedTotal(1_005, 996, 12)).toEqual({ total: 1_005, total_capped: false });
  });
});

describe('keyset cursor', () => {
  it('round-trips each sort and stays URL-safe', () => {
    const keys = [
      { sort: 'newest' as const, key: '2026-11-28T07:31:38.123456Z', id: ID },
      { sort: 'price_asc' as const, key: '12990', id: ID },
      { sort: 'price_desc' as const, key: '990', id: ID },
    ];
    for (const key of keys) {
      const cursor = encodeCursor(key);
      expect(encodeURIComponent(cursor)).toBe(cursor.replaceAll(':', '%3A'));
      expect(decodeCursor(cursor, key.sort)).toEqual(key);
    }
  });

  it("refuses another sort's cursor and anything malformed with a 400 in Portuguese", () => {
    const newest = encodeCursor({ sort: 'newest', key: '2026-11-28T07:31:38.123456Z', id: ID });
    const bad = [
      [newest, 'price_asc'],
      [`a.12990.${ID}`, 'newest'],
      ['a.12,5.' + ID, 'price_asc'],
      ['a.12990.nao-e-um-id', 'price_asc'],
      [`a.12990.${ID}.x`, 'price_asc'],
      [`n.2026-11-28T07:31:38Z.${ID}`, 'newest'],
      ['', 'newest'],
      ["a.1' or 1=1.x", 'price_asc'],
    ] as const;
    for (const [cursor, sort] of bad) {
      let error: unknown;
      try {
        decodeCursor(cursor, sort);
      } catch (err) {
        error = err;
      }
      expect(isDomainError(error) && error.kind === 'invalid' && error.code === 'invalid_cursor', `${cursor} (${sort})`).toBe(true);
      expect((error as Error).message).toMatch(/Cursor de página inválido/);
    }
  });
});
