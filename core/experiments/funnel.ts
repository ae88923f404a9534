// The analytics funnel: visits → sign-ups → entries paid → groups completed → balances paid, and each
// step's rate from the step before and from the visits.
export const FUNNEL_STEPS = ['visits', 'signups', 'entries_paid', 'groups_completed', 'balances_paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelCounts = Record<FunnelStep, number>;

export interface FunnelRates {
  /** Each step over the one before it (null for visits, or when the step before is 0). */
  step_rates: Record<FunnelStep, number | null>;
  /** Each step over the first counted step (visits, or sign-ups when visits are not known for a row). */
  overall_rates: Record<FunnelStep, number | null>;
}

const ratio = (n: number, d: number | null): number | null => (d ? n / d : null);

/** Counts of one row; `visits` is null where it cannot be known (an origin is only known once a visitor signs up). */
export type FunnelRow = Omit<FunnelCounts, 'visits'> & { visits: number | null };

export function funnelRates(counts: FunnelRow): FunnelRates {
  const step_rates = {} as Record<FunnelStep, number | null>;
  const overall_rates = {} as Record<FunnelStep, number | null>;
  const base = counts.visits ?? counts.signups;
  FUNNEL_STEPS.forEach((step, i) => {
    const value = counts[step];
    const previous = i === 0 ? null : counts[FUNNEL_STEPS[i - 1]!];
    step_rates[step] = value === null || previous === null ? null : ratio(value, previous);
    overall_rates[step] = value === null ? null : ratio(value, base);
  });
  return { step_rates, overall_rates };
}

/** The report's date range: whole days, `from` ≤ `to`, at most a year and a day (a bigger range is a mistake, not a report). */
export const MAX_RANGE_DAYS = 366;

export function analyticsRange(from: Date, to: Date): { from: Date; toExclusive: Date } {
  const start = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  const end = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate() + 1));
  return { from: start, toExclusive: end };
}
