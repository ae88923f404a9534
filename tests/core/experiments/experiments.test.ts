// The theme experiment's rules: the request schemas (the browser may only send interactions, capped
// batches and metadata), the funnel's rates and the report's date range.
import { describe, expect, it } from 'vitest';
import {
  analyticsQuerySchema,
  analyticsRange,
  eventsBatchSchema,
  funnelRates,
  MAX_EVENTS_PER_BATCH,
  MAX_METADATA_BYTES,
  participantInputSchema,
  THEME_EXPERIMENT_NAME,
} from '../../../core/experiments';

const PID = '7f1d7a0e-1c2b-4a8e-9d2b-0d5f3a3b9c11';
const event = (over: Record<string, unknown> = {}) => ({ participant_id: PID, event_type: 'interaction', event_name: 'landing.cta_start', metadata: { path: '/' }, ...over });

describe('participantInputSchema', () => {
  it('accepts the theme experiment with its two variants', () => {
    for (const variant of ['golden', 'friendship']) {
      expect(participantInputSchema.safeParse({ experiment: THEME_EXPERIMENT_NAME, variant, anonymous_id: 'abcDEF12-xyz_987' }).success).toBe(true);
    }
  });
  it.each([
    [{ experiment: 'outro', variant: 'golden' }, 'experiment'],
    [{ experiment: THEME_EXPERIMENT_NAME, variant: 'blue' }, 'variant'],
    [{ experiment: THEME_EXPERIMENT_NAME, variant: 'golden', anonymous_id: 'curto' }, 'anonymous_id'],
    [{ experiment: THEME_EXPERIMENT_NAME, variant: 'golden', anonymous_id: 'tem espaço e acento ção' }, 'anonymous_id'],
  ])('refuses %j (%s)', (over, field) => {
    const r = participantInputSchema.safeParse({ anonymous_id: 'abcDEF12-xyz_987', ...over });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('eventsBatchSchema', () => {
  it('accepts interactions and defaults the metadata to {}', () => {
    const r = eventsBatchSchema.parse({ events: [event(), event({ metadata: undefined })] });
    expect(r.events[1]!.metadata).toEqual({});
  });
  it("refuses a 'conversion' from the browser", () => {
    expect(eventsBatchSchema.safeParse({ events: [event({ event_type: 'conversion' })] }).success).toBe(false);
  });
  it(`caps a batch at ${MAX_EVENTS_PER_BATCH} events and refuses an empty one`, () => {
    expect(eventsBatchSchema.safeParse({ events: Array.from({ length: MAX_EVENTS_PER_BATCH }, () => event()) }).success).toBe(true);
    expect(eventsBatchSchema.safeParse({ events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => event()) }).success).toBe(false);
    expect(eventsBatchSchema.safeParse({ events: [] }).success).toBe(false);
  });
  it(`caps one event's metadata at ${MAX_METADATA_BYTES} bytes of JSON`, () => {
    const fits = { note: 'x'.repeat(MAX_METADATA_BYTES - 20) };
    const tooBig = { note: 'x'.repeat(MAX_METADATA_BYTES) };
    expect(eventsBatchSchema.safeParse({ events: [event({ metadata: fits })] }).success).toBe(true);
    expect(eventsBatchSchema.safeParse({ events: [event({ metadata: tooBig })] }).success).toBe(false);
  });
  it('refuses odd event names and participant ids', () => {
    expect(eventsBatchSchema.safeParse({ events: [event({ event_name: 'Com Espaço' })] }).success).toBe(false);
    expect(eventsBatchSchema.safeParse({ events: [event({ participant_id: 'nao-uuid' })] }).success).toBe(false);
  });
});

describe('funnelRates', () => {
  it('rates each step over the one before and over the visits', () => {
    const r = funnelRates({ visits: 200, signups: 50, entries_paid: 20, groups_completed: 10, balances_paid: 5 });
    expect(r.step_rates).toEqual({ visits: null, signups: 0.25, entries_paid: 0.4, groups_completed: 0.5, balances_paid: 0.5 });
    expect(r.overall_rates).toEqual({ visits: 1, signups: 0.25, entries_paid: 0.1, groups_completed: 0.05, balances_paid: 0.025 });
  });
  it('without visits (a row by origin) rates over the sign-ups; a zero step before gives no rate', () => {
    const r = funnelRates({ visits: null, signups: 4, entries_paid: 0, groups_completed: 0, balances_paid: 0 });
    expect(r.step_rates).toEqual({ visits: null, signups: null, entries_paid: 0, groups_completed: null, balances_paid: null });
    expect(r.overall_rates).toEqual({ visits: null, signups: 1, entries_paid: 0, groups_completed: 0, balances_paid: 0 });
  });
});

describe('analytics range', () => {
  it('takes whole UTC days, the last one included', () => {
    const r = analyticsRange(new Date('2026-11-01T00:00:00Z'), new Date('2026-11-24T00:00:00Z'));
    expect(r.from.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(r.toExclusive.toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
  it('refuses a reversed range, a bad date and more than 366 days', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-24' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ from: '2026-11-24', to: '2026-11-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2026-13-01', to: '2026-11-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2025-01-01', to: '2026-11-01' }).success).toBe(false);
  });
});
