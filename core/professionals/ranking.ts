// Nearby-professional search: great-circle distance and the listing order of docs/product/spec.md §6 and §9.
import { z } from 'zod';
import { invalid } from '../shared/errors';

export const EARTH_RADIUS_KM = 6371;
export const DEFAULT_SEARCH_RADIUS_KM = 50;

export const coordinatesSchema = z.object({
  latitude: z
    .number({ error: 'Latitude deve ser um número' })
    .min(-90, { error: 'Latitude deve estar entre -90 e 90' })
    .max(90, { error: 'Latitude deve estar entre -90 e 90' }),
  longitude: z
    .number({ error: 'Longitude deve ser um número' })
    .min(-180, { error: 'Longitude deve estar entre -180 e 180' })
    .max(180, { error: 'Longitude deve estar entre -180 e 180' }),
});
export type Coordinates = z.infer<typeof coordinatesSchema>;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Haversine distance; accurate to well under 1% at city scale, which is all a 50 km search needs. */
export function greatCircleDistanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // Clamp: float noise can push h a hair above 1 for antipodal points and make asin return NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * docs/product/spec.md §9's listing order, as data: featured first, then higher rating, then nearer; complete ties by id.
 * rankProfessionals sorts by it in memory; the repository's nearby query orders by the same keys in SQL, so a page of
 * a big city's results is cut in the database (tests compare the two).
 */
export const NEARBY_ORDER = [
  { key: 'featured', direction: 'desc' },
  { key: 'rating_average', direction: 'desc' },
  { key: 'distance', direction: 'asc' },
  { key: 'id', direction: 'asc' },
] as const;

export interface RankableProfessional {
  approved: boolean;
  latitude: number | null;
  longitude: number | null;
  rating_average: number | null;
  featured_until: Date | string | null;
}

export interface RankOptions {
  radiusKm?: number;
  /** Passed in, not read from the system clock, so "featured" is decided at one instant for the whole list. */
  now: Date;
}

export type RankedProfessional<T> = T & { distance_km: number; featured: boolean };

/** Featured means `featured_until` in the future (docs/product/professionals.md). */
export function isFeatured(featuredUntil: Date | string | null, now: Date): boolean {
  if (featuredUntil === null) return false;
  const until = featuredUntil instanceof Date ? featuredUntil.getTime() : Date.parse(featuredUntil);
  // An unparseable date grants nothing: featuring is paid placement and must be proven.
  return Number.isFinite(until) && until > now.getTime();
}

export function rankProfessionals<T extends RankableProfessional>(
  list: readonly T[],
  origin: Coordinates,
  options: RankOptions,
): Array<RankedProfessional<T>> {
  const parsedOrigin = coordinatesSchema.safeParse(origin);
  if (!parsedOrigin.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsedOrigin.error.issues) fields[String(issue.path[0] ?? 'coordinates')] = issue.message;
    throw invalid('invalid_coordinates', 'Coordenadas inválidas', fields);
  }
  const radiusKm = options.radiusKm ?? DEFAULT_SEARCH_RADIUS_KM;
  if (!Number.isFinite(radiusKm) || radiusKm <= 0) {
    throw invalid('invalid_radius', 'Raio de busca inválido', { radius_km: 'O raio deve ser um número maior que zero' });
  }

  const candidates: Array<{ item: RankedProfessional<T>; exactKm: number; rating: number; featured: number }> = [];
  for (const p of list) {
    if (!p.approved || p.latitude === null || p.longitude === null) continue;
    // A professional stored with impossible coordinates cannot be placed on the map; skip rather than fail the search.
    const where = coordinatesSchema.safeParse({ latitude: p.latitude, longitude: p.longitude });
    if (!where.success) continue;
    const exactKm = greatCircleDistanceKm(parsedOrigin.data, where.data);
    if (exactKm > radiusKm) continue;
    const featured = isFeatured(p.featured_until, options.now);
    candidates.push({
      // Object.assign, not an object spread: the same copy, several times faster over the thousands of candidates
      // a 50 km search in a big city ranks (tests/bench/professionals.bench.ts).
      item: Object.assign({}, p, { distance_km: Math.round(exactKm * 10) / 10, featured }),
      exactKm,
      rating: p.rating_average ?? 0,
      featured: featured ? 1 : 0,
    });
  }

  // Array.prototype.sort is stable, so complete ties keep the caller's order (e.g. the repository's id order).
  candidates.sort((a, b) => b.featured - a.featured || b.rating - a.rating || a.exactKm - b.exactKm);
  return candidates.map((c) => c.item);
}
