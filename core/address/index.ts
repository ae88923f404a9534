// Address: CEP normalisation and lookup, geocoding (SPEC.md §7 external calls) behind the AddressLookup and Geocoder ports.
export * from './address.service';
export * from './uf';
export * from './schemas';
export * from './address-fields';
