// The address-lookup and geocoding ports (docs/product/spec.md §3 "CEP address result", §7 External).
export interface CepAddress {
  cep: string;
  street: string;
  district: string;
  city: string;
  state: string;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * What an address service answered. "not_found" is the service saying there is no such thing (the person may
 * have mistyped); "failed" is the service not answering usefully (down, slow, 5xx, garbage): never the person's fault.
 */
export type LookupResult<T> = { status: 'found'; value: T } | { status: 'not_found' } | { status: 'failed'; reason: string };

export interface AddressLookup {
  /** The address for an 8-digit CEP. */
  lookupCep(cep: string): Promise<LookupResult<CepAddress>>;
}

export interface GeocodeAddress {
  street: string;
  city: string;
  state: string;
  country: string;
}

export interface Geocoder {
  /** Coordinates for an address (failure tolerated by most callers, docs/product/spec.md §7). */
  geocode(address: GeocodeAddress): Promise<LookupResult<Coordinates>>;
}
