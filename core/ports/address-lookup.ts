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

export interface AddressLookup {
  /** The address for an 8-digit CEP, or null when it does not exist or the service failed. */
  lookupCep(cep: string): Promise<CepAddress | null>;
}

export interface Geocoder {
  /** Coordinates for an address, or null when unknown or the service failed (tolerated, docs/product/spec.md §7). */
  geocode(address: { street: string; city: string; state: string; country: string }): Promise<Coordinates | null>;
}
