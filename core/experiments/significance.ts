// Comparing two variants' conversion rates: the two-proportion z-test (pooled, no continuity correction, the same as
// R's prop.test(x, n, correct = FALSE)) and the Wald interval of the difference, on simple-statistics' normal maths.
import { errorFunction, probit } from 'simple-statistics';

export interface ProportionTest {
  /** Rates of the first and second group (0 when a group is empty). */
  rate_a: number;
  rate_b: number;
  /** rate_a − rate_b. */
  difference: number;
  /** Confidence interval of the difference (unpooled standard error), clamped to [−1, 1]; null without data on both sides. */
  ci_low: number | null;
  ci_high: number | null;
  confidence: number;
  /** z statistic (pooled standard error) and its two-sided p-value; null when undefined (an empty group, or 0% / 100% on both). */
  z: number | null;
  p_value: number | null;
}

/** Standard normal cumulative distribution, from the error function (simple-statistics' table rounds z to 0.01). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}

/**
 * Standard normal quantile. simple-statistics' probit is a rough start (probit(0.975) = 1.95716, not 1.95996: the
 * table test caught it), so three Newton steps on the error-function CDF bring it to full precision.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError('probabilidade deve estar entre 0 e 1');
  let z = probit(p);
  for (let i = 0; i < 3; i++) z -= (normalCdf(z) - p) / (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI));
  return z;
}

export function twoProportionTest(a: { successes: number; trials: number }, b: { successes: number; trials: number }, confidence = 0.95): ProportionTest {
  for (const g of [a, b]) {
    if (!Number.isInteger(g.successes) || !Number.isInteger(g.trials) || g.successes < 0 || g.trials < 0 || g.successes > g.trials) {
      throw new RangeError(`contagens inválidas: ${g.successes}/${g.trials}`);
    }
  }
  if (!(confidence > 0 && confidence < 1)) throw new RangeError('confiança deve estar entre 0 e 1');
  const rateA = a.trials ? a.successes / a.trials : 0;
  const rateB = b.trials ? b.successes / b.trials : 0;
  const difference = rateA - rateB;
  const empty = { rate_a: rateA, rate_b: rateB, difference, ci_low: null, ci_high: null, confidence, z: null, p_value: null };
  if (!a.trials || !b.trials) return empty;

  const critical = normalQuantile(1 - (1 - confidence) / 2);
  const width = critical * Math.sqrt((rateA * (1 - rateA)) / a.trials + (rateB * (1 - rateB)) / b.trials);
  const ci = { ci_low: Math.max(-1, difference - width), ci_high: Math.min(1, difference + width) };

  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials));
  if (se === 0) return { ...empty, ...ci };
  const z = difference / se;
  // Two-sided; 2·(1 − Φ(|z|)) written as 1 − erf(|z|/√2) keeps precision a little longer in the tail.
  const pValue = Math.min(1, Math.max(0, 1 - errorFunction(Math.abs(z) / Math.SQRT2)));
  return { rate_a: rateA, rate_b: rateB, difference, ...ci, confidence, z, p_value: pValue };
}
