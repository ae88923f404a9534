// The address of a CEP (GET /api/cep/:cep): the server asks the postal-code service and answers 404 `cep_not_found`
// when there is no such CEP, 503 `cep_lookup_unavailable` when the service is down. Screens word the two differently.
import { cepDigits } from '../../core/address/cep';
import { apiClient, call, isApiError } from './api';
import type { ApiAnswer } from './api-client';

export type CepLookupResult = ApiAnswer<'/api/cep/{cep}', 'get'>;

/** docs/product/spec.md §5: only an exact 8-digit CEP is looked up. */
export const isCompleteCep = (value: string) => cepDigits(value).length === 8;

export function lookupCep(cep: string, signal?: AbortSignal) {
  return call(apiClient.GET('/api/cep/{cep}', { params: { path: { cep: cepDigits(cep) } }, signal }), { redirectOnUnauthorized: false });
}

/**
 * Why a lookup (CEP or city) gave nothing: the service knows no such thing (the person may check what they typed),
 * the service is down (nothing to check: go on by hand), this device is offline, or this address asked too often
 * (429 past ADDRESS_LOOKUP_LIMIT: wait a moment, or go on by hand).
 */
export type LookupProblem = 'not_found' | 'unavailable' | 'offline' | 'rate_limited';

export function lookupProblemOf(error: unknown): LookupProblem {
  if (!isApiError(error)) return 'unavailable';
  if (error.status === 404 || error.status === 400) return 'not_found';
  if (error.isNetworkError) return 'offline';
  if (error.status === 429) return 'rate_limited';
  return 'unavailable';
}

/** A city's coordinates (GET /api/geocode): the nearby search's origin when a CEP cannot give one. */
export function geocodeCity(city: string, state: string, signal?: AbortSignal) {
  return call(apiClient.GET('/api/geocode', { params: { query: { city, state } }, signal }), { redirectOnUnauthorized: false });
}
