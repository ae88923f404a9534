// The map pin placed by hand (docs/product/professionals.md#the-pin-by-hand): a position is kept only inside Brazil,
// and one far from the CEP's city centre only once the person confirms it. Pure: the city centre comes from the caller.
import { z } from 'zod';
import { DomainError } from '../shared/errors';
import { greatCircleDistanceKm, type Coordinates } from './ranking';

/** Beyond this distance from the CEP's city centre the pin needs the person's confirmation (decision 030). */
export const PIN_MAX_KM_FROM_CITY = 30;

/**
 * Brazil's mainland as a coarse outline, [latitude, longitude] clockwise from Monte Caburaí, each vertex pushed a
 * little outwards (sea and neighbours) so no Brazilian town falls outside; a pin a few km across a border river
 * passes here and meets the distance rule instead.
 */
export const BRAZIL_OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [5.35, -60.1], [4.0, -59.45], [3.4, -59.6], [2.0, -59.4], [1.1, -58.7], [1.8, -56.3], [2.4, -55.0], [2.3, -54.3],
  [3.2, -52.7], [4.1, -51.8], [4.7, -51.0],
  // The Atlantic coast, from Amapá to Chuí.
  [2.0, -49.4], [0.3, -48.0], [-0.3, -47.0], [-0.9, -44.2], [-2.0, -42.0], [-2.3, -40.0], [-3.0, -38.3], [-4.3, -36.6],
  [-4.9, -35.0], [-5.5, -34.6], [-7.2, -34.4], [-8.5, -34.6], [-10.0, -35.4], [-11.2, -36.7], [-13.1, -38.1],
  [-15.0, -38.7], [-16.5, -38.7], [-18.0, -38.3], [-21.0, -40.3], [-22.2, -40.7], [-23.2, -41.8], [-23.4, -43.5],
  [-23.6, -44.6], [-24.1, -45.2], [-24.4, -46.4], [-25.0, -47.4], [-25.7, -48.0], [-26.3, -48.3], [-28.0, -48.1],
  [-29.4, -49.4], [-31.2, -50.5], [-32.3, -51.7], [-34.0, -53.0],
  // Uruguay, Argentina and Paraguay.
  [-33.9, -53.6], [-32.7, -53.6], [-32.0, -54.3], [-31.0, -55.6], [-30.5, -56.5], [-30.3, -57.7], [-29.7, -57.3],
  [-28.6, -56.15], [-27.85, -55.3], [-27.1, -53.9], [-26.2, -53.75], [-25.7, -53.9], [-25.65, -54.65], [-24.0, -54.45],
  [-24.1, -55.5], [-22.6, -55.85], [-22.25, -56.6], [-22.2, -58.0], [-20.1, -58.25],
  // Bolivia, Peru, Colombia and Venezuela.
  [-19.0, -57.95], [-17.5, -58.5], [-16.4, -58.5], [-16.4, -60.3], [-15.1, -60.4], [-13.6, -61.9], [-12.6, -64.4],
  [-11.9, -65.2], [-10.9, -65.5], [-9.65, -65.5], [-10.5, -66.8], [-11.1, -68.0], [-11.15, -69.6], [-10.3, -70.8],
  [-9.6, -72.6], [-9.2, -73.4], [-7.4, -74.1], [-6.0, -73.4], [-5.0, -73.1], [-4.2, -70.1], [-1.4, -69.55],
  [0.0, -70.1], [1.2, -70.0], [1.9, -69.5], [2.0, -67.5], [1.3, -66.8], [1.3, -66.0], [2.2, -64.2], [4.0, -64.9],
  [4.6, -62.8], [4.7, -61.2], [5.3, -60.75],
];

/** Inhabited islands far from the outline: Fernando de Noronha (south, west, north, east bounds). */
const BRAZIL_ISLANDS: ReadonlyArray<{ south: number; west: number; north: number; east: number }> = [{ south: -4.0, west: -32.6, north: -3.7, east: -32.3 }];

/** Even-odd ray casting over the outline (latitude as y, longitude as x). */
function insideOutline(point: Coordinates, outline: ReadonlyArray<readonly [number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [yi, xi] = outline[i]!;
    const [yj, xj] = outline[j]!;
    if (yi > point.latitude !== yj > point.latitude && point.longitude < ((xj - xi) * (point.latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a point lies in Brazil, as far as the coarse outline and the island boxes can tell. */
export function insideBrazil(point: Coordinates): boolean {
  if (!Number.isFinite(point.latitude) || !Number.isFinite(point.longitude)) return false;
  if (BRAZIL_ISLANDS.some((b) => point.latitude >= b.south && point.latitude <= b.north && point.longitude >= b.west && point.longitude <= b.east)) return true;
  return insideOutline(point, BRAZIL_OUTLINE);
}

/** The CEP's city and its centre (geocoded), when known. */
export interface CityCentre extends Coordinates {
  city: string;
  state: string;
}

export type PinCheck =
  | { verdict: 'ok'; distance_km: number | null }
  | { verdict: 'outside_brazil' }
  | { verdict: 'far_from_city'; distance_km: number; city: string };

/**
 * A pin is kept when it lies in Brazil and either within PIN_MAX_KM_FROM_CITY of the CEP's city centre or confirmed
 * by the person; with no known centre (the services down, a CEP without a city) only the first rule applies.
 */
export function checkPin(pin: Coordinates, centre: CityCentre | null, confirmed: boolean): PinCheck {
  if (!insideBrazil(pin)) return { verdict: 'outside_brazil' };
  if (!centre) return { verdict: 'ok', distance_km: null };
  const distance = Math.round(greatCircleDistanceKm(pin, centre) * 10) / 10;
  if (distance > PIN_MAX_KM_FROM_CITY && !confirmed) return { verdict: 'far_from_city', distance_km: distance, city: centre.city };
  return { verdict: 'ok', distance_km: distance };
}

export const PIN_OUTSIDE_BRAZIL_MESSAGE = 'O ponto está fora do Brasil. Arraste o marcador até o endereço do atendimento.';

/** "O ponto está a 42 km de Campinas. Confirmar mesmo assim?" (whole kilometres: the decimal says nothing here). */
export const pinFarMessage = (distanceKm: number, city: string) => `O ponto está a ${Math.round(distanceKm)} km de ${city}. Confirmar mesmo assim?`;

/** The refusal a use case throws: 400 outside Brazil, 409 far from the city (the client asks and sends it confirmed). */
export function assertPin(check: PinCheck): void {
  if (check.verdict === 'outside_brazil') {
    throw new DomainError('invalid', 'pin_outside_brazil', PIN_OUTSIDE_BRAZIL_MESSAGE, { fields: { latitude: 'Posição fora do Brasil' } });
  }
  if (check.verdict === 'far_from_city') {
    throw new DomainError('conflict', 'pin_far_from_city', pinFarMessage(check.distance_km, check.city), { details: { distance_km: check.distance_km, city: check.city } });
  }
}

const latitude = z.number({ error: 'Informe a latitude' }).min(-90, { error: 'Latitude deve estar entre -90 e 90' }).max(90, { error: 'Latitude deve estar entre -90 e 90' });
const longitude = z.number({ error: 'Informe a longitude' }).min(-180, { error: 'Longitude deve estar entre -180 e 180' }).max(180, { error: 'Longitude deve estar entre -180 e 180' });

/** PUT /api/me/professional/location: the pin, and whether the person confirmed a far one. */
export const pinInputSchema = z.object({
  latitude,
  longitude,
  /** Sent true after the person answered "Confirmar mesmo assim" to the distance question. */
  pin_confirmed: z.boolean().optional(),
});
export type PinInput = z.output<typeof pinInputSchema>;
