// The parcel's rule: steps only forward, nothing after delivered or returned; the polling job's backoff; the
// development simulation's order; the carrier as the actor of shipped → delivered only.
import { describe, expect, it } from 'vitest';
import { PARCEL_POLL_BASE_MS, PARCEL_POLL_MAX_MS, PARCEL_STATUSES, nextSimulatedStep, parcelAdvances, parcelPollDelayMs, type ParcelStatus } from '../../../core/shipping';
import { canTransition, ORDER_STATUSES } from '../../../core/marketplace';
import { timelineStep } from '../../../core/marketplace/order-timeline';

describe('parcelAdvances', () => {
  const cases: Array<[ParcelStatus, ParcelStatus, boolean]> = [
    ['created', 'posted', true],
    ['created', 'delivered', true],
    ['posted', 'in_transit', true],
    ['in_transit', 'out_for_delivery', true],
    ['out_for_delivery', 'delivered', true],
    ['out_for_delivery', 'returned', true],
    ['posted', 'posted', false],
    ['out_for_delivery', 'in_transit', false],
    ['delivered', 'returned', false],
    ['returned', 'delivered', false],
    ['delivered', 'delivered', false],
    ['in_transit', 'created', false],
  ];
  it.each(cases)('%s → %s: %s', (from, to, expected) => {
    expect(parcelAdvances(from, to)).toBe(expected);
  });

  it('never moves a parcel backwards, whatever the pair', () => {
    for (const from of PARCEL_STATUSES) for (const to of PARCEL_STATUSES) {
      if (parcelAdvances(from, to)) expect(PARCEL_STATUSES.indexOf(to)).toBeGreaterThan(PARCEL_STATUSES.indexOf(from));
    }
  });
});

describe('parcelPollDelayMs', () => {
  it('doubles from 30 minutes after each quiet poll, capped at 12 hours', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(parcelPollDelayMs)).toEqual([PARCEL_POLL_BASE_MS, 60 * 60_000, 120 * 60_000, 240 * 60_000, 480 * 60_000, PARCEL_POLL_MAX_MS, PARCEL_POLL_MAX_MS]);
  });
});

describe('nextSimulatedStep', () => {
  it('walks created → posted → in transit → out for delivery → delivered, then stops', () => {
    const seen: string[] = [];
    let s: ParcelStatus = 'created';
    for (let next = nextSimulatedStep(s); next; next = nextSimulatedStep(s)) seen.push((s = next));
    expect(seen).toEqual(['posted', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(nextSimulatedStep('returned')).toBeNull();
  });
});

describe('the carrier on the order state table', () => {
  it('may only move a shipped order to delivered', () => {
    const moves = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to, 'carrier')).map((to) => `${from}→${to}`));
    expect(moves).toEqual(['shipped→delivered']);
  });

  it("shows a carrier's step on the timeline by its own label, without the pt-BR note", () => {
    const at = new Date('2026-11-28T12:00:00Z');
    expect(timelineStep({ from_status: 'shipped', to_status: 'shipped', note: 'transporte: saiu para entrega', created_at: at })).toEqual({ status: 'shipped', event: 'parcel_out_for_delivery', label: 'Saiu para entrega', at: at.toISOString(), note: null });
  });
});
