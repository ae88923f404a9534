import { describe, it, expect } from 'vitest';
import {
  DEFAULT_SEARCH_RADIUS_KM,
  EARTH_RADIUS_KM,
  coordinatesSchema,
  greatCircleDistanceKm,
  rankProfessionals,
} from '../../../core/professionals/ranking';
import { DomainError } from '../../../core/shared/errors';

const SAO_PAULO = { latitude: -23.5505, longitude: -46.6333 };
const RIO = { latitude: -22.9068, longitude: -43.1729 };
const now = new Date('2025-06-01T12:00:00Z');

interface Pro {
  id: string;
  approved: boolean;
  latitude: number | null;
  longitude: number | null;
  rating_average: number | null;
  featured_until: Date | string | null;
}

/** A professional `km` kilometres due north of São Paulo (1° of latitude ≈ 111.19 km). */
const pro = (id: string, km: number, over: Partial<Pro> = {}): Pro => ({
  id,
  approved: true,
  latitude: SAO_PAULO.latitude + km / ((Math.PI / 180) * EARTH_RADIUS_KM),
  longitude: SAO_PAULO.longitude,
  rating_average: 4,
  featured_until: null,
  ...over,
});

const ids = (list: Array<{ id: string }>) => list.map((p) => p.id);

describe('professional ranking', () => {
  it.each([
    ['SPEC §9: Earth radius is 6371 km', EARTH_RADIUS_KM, 6371],
    ['SPEC §9: default search radius is 50 km', DEFAULT_SEARCH_RADIUS_KM, 50],
  ])('%s', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  describe('greatCircleDistanceKm', () => {
    it.each([
      ['SPEC §9: São Paulo ↔ Rio is about 357–362 km', SAO_PAULO, RIO, 357, 362],
      ['SPEC §9: distance is symmetric (Rio ↔ São Paulo)', RIO, SAO_PAULO, 357, 362],
      ['SPEC §9: a point to itself is 0 km', SAO_PAULO, SAO_PAULO, 0, 0],
      ['SPEC §9: one degree of latitude is about 111.19 km', { latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 }, 111.19, 111.2],
      ['SPEC §9: across the antimeridian is short', { latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 }, 111.19, 111.2],
      ['SPEC §9: antipodes are half the circumference', { latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 }, Math.PI * 6371 - 0.001, Math.PI * 6371 + 0.001],
    ])('%s', (_name, a, b, min, max) => {
      const d = greatCircleDistanceKm(a, b);
      expect(d).toBeGreaterThanOrEqual(min);
      expect(d).toBeLessThanOrEqual(max);
    });
  });

  describe('coordinatesSchema', () => {
    it.each([
      [{ latitude: 0, longitude: 0 }, true],
      [{ latitude: -90, longitude: -180 }, true],
      [{ latitude: 90, longitude: 180 }, true],
      [{ latitude: 90.0001, longitude: 0 }, false],
      [{ latitude: -91, longitude: 0 }, false],
      [{ latitude: 0, longitude: 180.5 }, false],
      [{ latitude: 0, longitude: -181 }, false],
      [{ latitude: Number.NaN, longitude: 0 }, false],
      [{ latitude: '10', longitude: 0 }, false],
    ])('SPEC §9: coordinates %j valid: %s', (value, ok) => {
      expect(coordinatesSchema.safeParse(value).success).toBe(ok);
    });

    it('SPEC §9: latitude out of range has a pt-BR message', () => {
      expect(coordinatesSchema.safeParse({ latitude: 95, longitude: 0 }).error?.issues[0]?.message).toBe(
        'Latitude deve estar entre -90 e 90',
      );
    });
  });

  describe('rankProfessionals', () => {
    it.each<[string, Pro[], string[]]>([
      ['SPEC §6: only approved professionals are listed', [pro('a', 1), pro('b', 2, { approved: false })], ['a']],
      ['SPEC §6: professionals without coordinates are not listed', [pro('a', 1), pro('b', 2, { latitude: null }), pro('c', 2, { longitude: null })], ['a']],
      ['SPEC §9: professionals beyond the default 50 km are not listed', [pro('near', 49.9), pro('far', 50.1)], ['near']],
      ['SPEC §9: featured professionals come first', [pro('a', 1, { rating_average: 5 }), pro('f', 40, { rating_average: 1, featured_until: '2025-07-01T00:00:00Z' })], ['f', 'a']],
      ['SPEC §9: an expired featuring does not count', [pro('a', 1), pro('x', 2, { rating_average: 5, featured_until: '2025-05-01T00:00:00Z' })], ['x', 'a']],
      ['SPEC §9: featured_until equal to now is already over', [pro('a', 1, { rating_average: 4 }), pro('x', 2, { rating_average: 3, featured_until: now })], ['a', 'x']],
      ['SPEC §9: then higher rating_average first', [pro('low', 1, { rating_average: 3.5 }), pro('high', 30, { rating_average: 4.8 })], ['high', 'low']],
      ['SPEC §9: a null rating counts as 0', [pro('none', 1, { rating_average: null }), pro('some', 30, { rating_average: 0.1 })], ['some', 'none']],
      ['SPEC §9: null rating ties with 0, then distance decides', [pro('zero', 20, { rating_average: 0 }), pro('none', 10, { rating_average: null })], ['none', 'zero']],
      ['SPEC §9: equal rating → smaller distance first', [pro('far', 30), pro('near', 3), pro('mid', 10)], ['near', 'mid', 'far']],
      ['SPEC §9: two featured → rating then distance among them', [pro('f1', 20, { featured_until: '2026-01-01' }), pro('f2', 10, { featured_until: '2026-01-01' }), pro('f3', 30, { featured_until: '2026-01-01', rating_average: 5 })], ['f3', 'f2', 'f1']],
      ['SPEC §9: sort by the exact distance, not the rounded one', [pro('b', 10.04), pro('a', 10.01)], ['a', 'b']],
      ['SPEC §9: complete ties keep the input order', [pro('first', 5), pro('second', 5), pro('third', 5)], ['first', 'second', 'third']],
      ['SPEC §9: an unparseable featured_until is not featured', [pro('a', 1, { rating_average: 5 }), pro('b', 2, { featured_until: 'soon' })], ['a', 'b']],
      ['SPEC §9: impossible stored coordinates are skipped', [pro('a', 1), pro('bad', 1, { latitude: 123 })], ['a']],
      ['SPEC §6: an empty list gives an empty result', [], []],
    ])('%s', (_name, list, expected) => {
      expect(ids(rankProfessionals(list, SAO_PAULO, { now }))).toEqual(expected);
    });

    it.each([
      ['SPEC §9: a custom radius widens the search', 400, ['sp', 'rio']],
      ['SPEC §9: a custom radius narrows the search', 5, ['sp']],
    ])('%s', (_name, radiusKm, expected) => {
      const list = [{ ...pro('rio', 0), ...RIO }, pro('sp', 1)];
      expect(ids(rankProfessionals(list, SAO_PAULO, { now, radiusKm }))).toEqual(expected);
    });

    it('SPEC §9: distance_km is rounded to 0.1 km and featured is exposed', () => {
      const [first] = rankProfessionals([pro('a', 12.34, { featured_until: new Date('2030-01-01') })], SAO_PAULO, { now });
      expect(first).toMatchObject({ id: 'a', distance_km: 12.3, featured: true });
    });

    it('SPEC §9: São Paulo ↔ Rio distance_km is about 357–362 km', () => {
      const [rio] = rankProfessionals([{ ...pro('rio', 0), ...RIO }], SAO_PAULO, { now, radiusKm: 500 });
      expect(rio?.distance_km).toBeGreaterThanOrEqual(357);
      expect(rio?.distance_km).toBeLessThanOrEqual(362);
    });

    it('SPEC §9: the input list is not mutated and the caller’s fields are kept', () => {
      const list = Object.freeze([Object.freeze(pro('b', 5)), Object.freeze(pro('a', 1))]);
      const result = rankProfessionals(list, SAO_PAULO, { now });
      expect(ids(result)).toEqual(['a', 'b']);
      expect(ids([...list])).toEqual(['b', 'a']);
      expect(result[0]).toMatchObject({ id: 'a', rating_average: 4 });
    });

    it.each([
      ['SPEC §9: an origin latitude beyond 90 is invalid', { latitude: 91, longitude: 0 }, undefined],
      ['SPEC §9: an origin longitude beyond 180 is invalid', { latitude: 0, longitude: -200 }, undefined],
      ['SPEC §9: a zero radius is invalid', SAO_PAULO, 0],
      ['SPEC §9: a negative radius is invalid', SAO_PAULO, -5],
      ['SPEC §9: a NaN radius is invalid', SAO_PAULO, Number.NaN],
    ])('%s', (_name, origin, radiusKm) => {
      expect(() => rankProfessionals([pro('a', 1)], origin, { now, radiusKm })).toThrow(DomainError);
    });
  });
});
