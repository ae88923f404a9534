// The address of a CEP (GET /api/cep/:cep): the server asks the postal-code service and answers
// 404 `cep_not_found` when it has nothing.
import { cepDigits } from '../../core/address/cep';
import type { CepAddress } from '../../core/ports/address-lookup';
import { api } from './api';

export type CepLookupResult = CepAddress & { latitude: number | null; longitude: number | null };

/** SPEC §5: only an exact 8-digit CEP is looked up. */
export const isCompleteCep = (value: string) => cepDigits(value).length === 8;

export function lookupCep(cep: string, signal?: AbortSignal) {
  return api.get<CepLookupResult>(`/api/cep/${cepDigits(cep)}`, { signal, redirectOnUnauthorized: false });
}
