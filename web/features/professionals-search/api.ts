// The professionals search's calls: nearby search (GET /api/professionals/nearby), the public profile
// (GET /api/professionals/:id), the service categories and plans, and the signed-in user's profile coordinates.
import { api, type ListResponse } from '../../lib/api';
import type { paths } from '../../lib/api-client';
import { geocodeCity, lookupCep } from '../../lib/cep';

export type NearbyAnswer = paths['/api/professionals/nearby']['get']['responses'][200]['content']['application/json'];
export type NearbyProfessional = NearbyAnswer['items'][number];
export type PublicProfessional = paths['/api/professionals/{id}']['get']['responses'][200]['content']['application/json'];
export type PublicReview = PublicProfessional['reviews'][number];

export interface ServiceCategory {
  id: string;
  name: string;
  slug: string;
  kind: string;
}

export interface ServicePlan {
  id: string;
  name: string;
  description: string | null;
  kind: string;
  category: { id: string; name: string; slug: string } | null;
  price: number;
  full_price: number;
  entry_price: number;
  group_size: number;
}

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
    api.get<NearbyAnswer>('/api/professionals/nearby', {
      ...open,
      signal,
      query: { lat: s.latitude, lng: s.longitude, radius_km: s.radiusKm, category: s.category || undefined, page: s.page, per_page: NEARBY_PER_PAGE },
    }),
  profile: (id: string, signal?: AbortSignal) => api.get<PublicProfessional>(`/api/professionals/${encodeURIComponent(id)}`, { ...open, signal }),
  categories: async (signal?: AbortSignal) =>
    (await api.get<ListResponse<ServiceCategory>>('/api/plan-categories', { ...open, signal })).items.filter((c) => c.kind === 'service'),
  servicePlans: async (signal?: AbortSignal) =>
    (await api.get<ListResponse<ServicePlan>>('/api/plans', { ...open, signal, query: { kind: 'service', per_page: 100 } })).items,
  /** A CEP's address and coordinates (GET /api/cep/:cep); throws 404 for no such CEP, 503 when the service is down. */
  cepLocation: (cep: string) => lookupCep(cep),
  /** A city's centre (GET /api/geocode): the origin when the CEP has no position or its service is down. */
  cityLocation: (city: string, state: string) => geocodeCity(city, state),
};
