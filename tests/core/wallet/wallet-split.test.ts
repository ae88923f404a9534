// The split of a total between wallet credit and the payment provider (docs/product/payments.md#wallet): credit first; the provider
// never gets a charge under its minimum, so either the credit pays everything or it leaves at least the minimum.
import { describe, expect, it } from 'vitest';
import { splitWithCredit } from '../../../core/wallet';
import { PROVIDER_MINIMUM_CHARGE } from '../../../core/payments';

const MIN = 500;

describe('splitWithCredit', () => {
  it('uses no credit when the balance is zero or below', () => {
    expect(splitWithCredit(10_000, 0, MIN)).toEqual({ credit: 0, charge: 10_000 });
    expect(splitWithCredit(10_000, -300, MIN)).toEqual({ credit: 0, charge: 10_000 });
  });

  it('pays everything with credit when the credit covers the total, leaving the rest in the wallet', () => {
    expect(splitWithCredit(10_000, 10_000, MIN)).toEqual({ credit: 10_000, charge: 0 });
    expect(splitWithCredit(10_000, 25_000, MIN)).toEqual({ credit: 10_000, charge: 0 });
    // Even a total under the provider's minimum: no provider charge at all.
    expect(splitWithCredit(300, 300, MIN)).toEqual({ credit: 300, charge: 0 });
  });

  it('takes all the credit when what is left for the provider is at least its minimum', () => {
    expect(splitWithCredit(10_000, 3_000, MIN)).toEqual({ credit: 3_000, charge: 7_000 });
    expect(splitWithCredit(10_000, 9_500, MIN)).toEqual({ credit: 9_500, charge: 500 });
  });

  it('leaves exactly the minimum to the provider when the credit falls just short of the total', () => {
    expect(splitWithCredit(10_000, 9_999, MIN)).toEqual({ credit: 9_500, charge: 500 });
    expect(splitWithCredit(10_000, 9_501, MIN)).toEqual({ credit: 9_500, charge: 500 });
  });

  it('uses no credit when the total itself is at most the minimum and the credit does not cover it', () => {
    expect(splitWithCredit(500, 499, MIN)).toEqual({ credit: 0, charge: 500 });
    expect(splitWithCredit(400, 100, MIN)).toEqual({ credit: 0, charge: 400 });
    expect(splitWithCredit(501, 499, MIN)).toEqual({ credit: 1, charge: 500 });
  });

  it('always adds up to the total, never charges under the minimum, never spends more than the balance', () => {
    for (const total of [1, 499, 500, 501, 1_000, 4_990, 24_690]) {
      for (const available of [0, 1, 250, 499, 500, 501, 4_000, 4_990, 24_689, 24_690, 99_999]) {
        const { credit, charge } = splitWithCredit(total, available, MIN);
        expect(credit + charge).toBe(total);
        expect(credit).toBeGreaterThanOrEqual(0);
        expect(credit).toBeLessThanOrEqual(available);
        expect(charge === 0 || charge >= MIN || credit === 0).toBe(true);
        expect(Number.isSafeInteger(credit) && Number.isSafeInteger(charge)).toBe(true);
      }
    }
  });

  it("refuses a total that is not a positive integer of centavos; the provider's minimum is R$ 5,00", () => {
    expect(() => splitWithCredit(0, 100, MIN)).toThrow(RangeError);
    expect(() => splitWithCredit(10.5, 100, MIN)).toThrow(RangeError);
    expect(PROVIDER_MINIMUM_CHARGE).toBe(500);
  });
});
