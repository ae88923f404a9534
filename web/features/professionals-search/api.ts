// The professionals search's calls: nearby search (GET /api/professionals/nearby), the public profile
// (GET /api/professionals/:id), the service categories and plans, and the signed-in user's profile coordinates.
import { apiClient, call } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-client';
import { geocodeCity, lookupCep } from '../../lib/cep';

export type NearbyAnswer = ApiAnswer<'/api/professionals/nearby', 'get'>;
export type NearbyProfessional = NearbyAnswer['items'][number];
export type PublicProfessional = ApiAnswer<'/api/professionals/{id}', 'get'>;
export type PublicReview = PublicProfessional['reviews'][number];

export type ServiceCategory = ApiAnswer<'/api/plan-categories', 'get'>['items'][number];
export type ServicePlan = ApiAnswer<'/api/plans', 'get'>['items'][number];

export interface NearbySearch {
  latitude: number;
  longitude: number;
  radiusKm: number;
  category: string;
  page: number;
}

export const NEARBY_PER_PAGE = 20;

/** docs/product/spec.md §9: the default search radius. */
export const DEFAULT_RADIUS_KM = 50;

const open = { redirectOnUnauthorized: false } as const;

export const professionalsSearchKeys = {
  nearby: (s: NearbySearch) => ['professionals-search', 'nearby', s.latitude, s.longitude, s.radiusKm, s.category, s.page] as const,
  categories: () => ['professionals-search', 'categories'] as const,
  servicePlans: () => ['professionals-search', 'service-plans'] as const,
  profile: (id: string) => ['professionals-search', 'profile', id] as const,
};

export const professionalPath = (id: string) => `/profissionais/${id}`;

export const professionalsSearchApi = {
  nearby: (s: NearbySearch, signal?: AbortSignal) =>
    call(
      apiClient.GET('/api/professionals/nearby', {
        params: {
          query: { lat: s.latitude, lng: s.longitude, radius_km: s.radiusKm, category: s.category || undefined, page: s.page, per_page: NEARBY_PER_PAGE },
        },
        signal,
      }),
      open,
    ),
  profile: (id: string, signal?: AbortSignal) => call(apiClient.GET('/api/professionals/{id}', { params: { path: { id } }, signal }), open),
  categories: async (signal?: AbortSignal) =>
    (await call(apiClient.GET('/api/plan-categories', { signal }), open)).items.filter((c) => c.kind === 'service'),
  servicePlans: async (signal?: AbortSignal) =>
    (await call(apiClient.GET('/api/plans', { params: { query: { kind: 'service', per_page: 100 } }, signal }), open)).items,
  /** A CEP's address and coordinates (GET /api/cep/:cep); throws 404 for no such CEP, 503 when the service is down. */
  cepLocation: (cep: string) => lookupCep(cep),
  /** A city's centre (GET /api/geocode): the origin when the CEP has no position or its service is down. */
  cityLocation: (city: string, state: string) => geocodeCity(city, state),
};
