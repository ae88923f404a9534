// Address: CEP normalisation and lookup, geocoding (docs/product/spec.md §7 external calls) behind the AddressLookup and Geocoder ports.
export * from './address.service';
export * from './uf';
export * from './schemas';
export * from './address-fields';
