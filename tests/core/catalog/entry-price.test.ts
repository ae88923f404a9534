import { describe, it, expect } from 'vitest';
import { ENTRY_PRICE_PERCENT, computeBalanceDue, computeEntryPrice, discountPercent } from '../../../core/catalog/entry-price';

describe('entry price', () => {
  it('SPEC §9: plan entry price is 10% of the plan price', () => {
    expect(ENTRY_PRICE_PERCENT).toBe(10);
  });

  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 1], // 0.5 centavo rounds up
    [14, 1],
    [15, 2], // 1.5 rounds up
    [25, 3],
    [99_999, 10_000],
    [100_000, 10_000],
    [123_456, 12_346],
  ])('SPEC §3/§9: entry price of %i centavos is %i (half-up to the centavo)', (price, entry) => {
    expect(computeEntryPrice(price)).toBe(entry);
  });

  it.each([[-1], [-100], [10.5], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'SPEC §3: a price of %s centavos is rejected with a RangeError',
    (price) => {
      expect(() => computeEntryPrice(price)).toThrow(RangeError);
    },
  );

  it.each([
    [100_000, 10_000, 90_000],
    [15, 2, 13],
    [0, 0, 0],
  ])('docs/product/group-purchase.md: balance due of %i with entry %i is %i', (price, entry, balance) => {
    expect(computeBalanceDue(price, entry)).toBe(balance);
  });

  it.each([
    [100, 101],
    [-1, 0],
    [100, -1],
    [100, 1.5],
  ])('docs/product/group-purchase.md: balance due of price %s and entry %s is a RangeError', (price, entry) => {
    expect(() => computeBalanceDue(price, entry)).toThrow(RangeError);
  });

  it('SPEC §3: balance plus computed entry adds back up to the price', () => {
    for (const price of [1, 5, 15, 999, 99_999, 1_234_567]) {
      expect(computeEntryPrice(price) + computeBalanceDue(price, computeEntryPrice(price))).toBe(price);
    }
  });
});

describe('discount', () => {
  it('is how far below the full price, in whole percent; none when the full price is not above the price', () => {
    expect(discountPercent({ price: 42_000, full_price: 60_000 })).toBe(30);
    expect(discountPercent({ price: 9_990, full_price: 14_990 })).toBe(33);
    expect(discountPercent({ price: 5_000, full_price: 5_000 })).toBe(0);
    expect(discountPercent({ price: 5_000, full_price: 0 })).toBe(0);
  });
});
