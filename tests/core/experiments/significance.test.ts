// The two-proportion test behind /admin/analytics, checked against known values: R's prop.test(correct = FALSE), i.e.
// Pearson's χ² on the 2×2 table without continuity correction, computed with SciPy 1.17 (chi2_contingency); the 95%
// intervals are prop.test's Wald interval of p1 − p2.
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, twoProportionTest } from '../../../core/experiments';

// [x1, n1, x2, n2, chi-squared, p-value, CI low, CI high]
const KNOWN: Array<[number, number, number, number, number, number, number, number]> = [
  [45, 500, 30, 500, 3.243243, 0.071718537, -0.00259674, 0.06259674],
  [120, 1000, 100, 1000, 2.042901, 0.15291778, -0.00741148, 0.04741148],
  [15, 40, 8, 42, 3.456592, 0.063000042, -0.00681812, 0.37586574],
  [3, 25, 0, 30, 3.807692, 0.051017695, -0.00738258, 0.24738258],
  [50, 100, 50, 100, 0, 1, -0.13859038, 0.13859038],
  [7, 1200, 19, 1180, 5.805809, 0.015973321, -0.01864329, -0.00189343],
];

describe('twoProportionTest (prop.test, correct = FALSE)', () => {
  it.each(KNOWN)('%i/%i vs %i/%i: χ² %f, p %f, CI [%f, %f]', (x1, n1, x2, n2, chi2, p, low, high) => {
    const t = twoProportionTest({ successes: x1, trials: n1 }, { successes: x2, trials: n2 });
    expect(t.rate_a).toBeCloseTo(x1 / n1, 12);
    expect(t.rate_b).toBeCloseTo(x2 / n2, 12);
    expect(t.difference).toBeCloseTo(x1 / n1 - x2 / n2, 12);
    expect(t.z! ** 2).toBeCloseTo(chi2, 5);
    expect(Math.sign(t.z!)).toBe(Math.sign(x1 / n1 - x2 / n2));
    expect(t.p_value!).toBeCloseTo(p, 5);
    expect(t.ci_low!).toBeCloseTo(low, 6);
    expect(t.ci_high!).toBeCloseTo(high, 6);
    expect(t.confidence).toBe(0.95);
  });

  it('gives a vanishing p-value to a huge difference (490/500 vs 400/500: p = 9.37e-20) and its interval [0.14285, 0.21715]', () => {
    const t = twoProportionTest({ successes: 490, trials: 500 }, { successes: 400, trials: 500 });
    expect(t.z! ** 2).toBeCloseTo(82.737487, 4);
    expect(t.p_value!).toBeLessThan(1e-6);
    expect(t.ci_low!).toBeCloseTo(0.14285364, 6);
    expect(t.ci_high!).toBeCloseTo(0.21714636, 6);
  });

  it('is symmetric: swapping the groups flips the sign and keeps the p-value', () => {
    const ab = twoProportionTest({ successes: 45, trials: 500 }, { successes: 30, trials: 500 });
    const ba = twoProportionTest({ successes: 30, trials: 500 }, { successes: 45, trials: 500 });
    expect(ba.difference).toBeCloseTo(-ab.difference, 12);
    expect(ba.p_value!).toBeCloseTo(ab.p_value!, 12);
    expect(ba.ci_low!).toBeCloseTo(-ab.ci_high!, 12);
  });

  it('a 99% interval is wider than the 95% one', () => {
    const a = { successes: 45, trials: 500 };
    const b = { successes: 30, trials: 500 };
    const t95 = twoProportionTest(a, b);
    const t99 = twoProportionTest(a, b, 0.99);
    expect(t99.ci_high! - t99.ci_low!).toBeGreaterThan(t95.ci_high! - t95.ci_low!);
    // qnorm(0.995) / qnorm(0.975) = 2.575829 / 1.959964
    expect((t99.ci_high! - t99.ci_low!) / (t95.ci_high! - t95.ci_low!)).toBeCloseTo(2.5758293 / 1.959964, 5);
  });

  it('answers no test without data on both sides, and no p-value when both are 0% (no variance)', () => {
    const empty = twoProportionTest({ successes: 0, trials: 0 }, { successes: 3, trials: 10 });
    expect(empty).toMatchObject({ rate_a: 0, rate_b: 0.3, z: null, p_value: null, ci_low: null, ci_high: null });
    const flat = twoProportionTest({ successes: 0, trials: 10 }, { successes: 0, trials: 12 });
    expect(flat).toMatchObject({ difference: 0, z: null, p_value: null, ci_low: 0, ci_high: 0 });
  });

  it('refuses impossible counts', () => {
    expect(() => twoProportionTest({ successes: 5, trials: 4 }, { successes: 1, trials: 2 })).toThrow(RangeError);
    expect(() => twoProportionTest({ successes: -1, trials: 4 }, { successes: 1, trials: 2 })).toThrow(RangeError);
    expect(() => twoProportionTest({ successes: 1.5, trials: 4 }, { successes: 1, trials: 2 })).toThrow(RangeError);
  });
});

describe('normalCdf', () => {
  // pnorm values from R: pnorm(0) = 0.5, pnorm(1.959964) = 0.975, pnorm(-1) = 0.1586553, pnorm(2.5) = 0.9937903
  it.each([
    [0, 0.5],
    [1.959964, 0.975],
    [-1, 0.1586553],
    [2.5, 0.9937903],
  ])('Φ(%f) = %f', (z, p) => expect(normalCdf(z)).toBeCloseTo(p, 6));
});

describe('normalQuantile', () => {
  // qnorm from R: qnorm(0.975) = 1.959964, qnorm(0.995) = 2.575829, qnorm(0.05) = -1.644854
  it.each([
    [0.975, 1.959964],
    [0.995, 2.575829],
    [0.05, -1.644854],
  ])('qnorm(%f) = %f', (p, z) => expect(normalQuantile(p)).toBeCloseTo(z, 6));
});
