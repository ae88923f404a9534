import { describe, expect, it } from 'vitest';
import { NEARBY_MAX_RADIUS_KM, NEARBY_RADIUS_STEPS_KM, widerRadii } from '../../../core/professionals/nearby-radius';
import { DEFAULT_SEARCH_RADIUS_KM, greatCircleDistanceKm } from '../../../core/professionals/ranking';

describe('the nearby radius ladder', () => {
  it('starts at the SPEC default and widens 50 → 100 → 200 → 500 km → all of Brazil', () => {
    expect(NEARBY_RADIUS_STEPS_KM[0]).toBe(DEFAULT_SEARCH_RADIUS_KM);
    expect(widerRadii(50)).toEqual([100, 200, 500, 5000]);
    expect(widerRadii(11.2)).toEqual([50, 100, 200, 500, 5000]);
    expect(widerRadii(500)).toEqual([5000]);
    expect(widerRadii(NEARBY_MAX_RADIUS_KM)).toEqual([]);
  });

  it('the last step reaches across Brazil: Oiapoque (AP) to Chuí (RS) and Cabo Branco (PB) to the Serra do Divisor (AC)', () => {
    const oiapoque = { latitude: 4.17, longitude: -51.66 };
    const chui = { latitude: -33.69, longitude: -53.46 };
    const caboBranco = { latitude: -7.15, longitude: -34.79 };
    const serraDoDivisor = { latitude: -7.54, longitude: -73.99 };
    expect(greatCircleDistanceKm(oiapoque, chui)).toBeLessThan(NEARBY_MAX_RADIUS_KM);
    expect(greatCircleDistanceKm(caboBranco, serraDoDivisor)).toBeLessThan(NEARBY_MAX_RADIUS_KM);
  });
});
