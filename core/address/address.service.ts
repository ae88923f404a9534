// CEP rules and the CEP → address (+ coordinates) use case (docs/product/spec.md §3 "CEP address result", §5, §7 External, §8).
import { z } from 'zod';
import { notFound } from '../shared/errors';
import type { AddressLookup, Coordinates, Geocoder } from '../ports/address-lookup';
import type { AddressFields } from './address-fields';
import { ADDRESS_COUNTRY, CEP_LENGTH, maskCep } from './cep';

const digitsOf = (raw: string) => raw.replace(/\D/g, '');

export { ADDRESS_COUNTRY, CEP_LENGTH, cepDigits, formatCep, maskCep, normalizeCep } from './cep';

/**
 * A submitted CEP: the mask is accepted, the value is its 8 digits. Unlike the form field this does not cut
 * extra digits off: a 9-digit value is a typo, not a CEP.
 */
export const cepSchema = z
  .string({ error: 'Informe o CEP' })
  .transform(digitsOf)
  .pipe(z.string().regex(/^\d{8}$/, { error: 'O CEP deve ter 8 dígitos' }));
export type Cep = z.output<typeof cepSchema>;

/** docs/product/spec.md §3 "CEP address result" (the number is the user's to type, so it is not part of a lookup). */
export interface CepAddressResult {
  cep: string;
  street: string;
  district: string;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
}

export interface GeocodeQuery {
  street: string;
  city: string;
  state: string;
}

export const CEP_NOT_FOUND_MESSAGE = 'CEP não encontrado. Confira o número ou preencha o endereço manualmente.';

/** The one "returns nothing" answer of docs/product/spec.md §8, whatever the reason (the form falls back to manual entry). */
export const cepNotFound = () => notFound('cep_not_found', CEP_NOT_FOUND_MESSAGE);

const isCoordinate = (c: Coordinates | null | undefined): c is Coordinates =>
  !!c &&
  Number.isFinite(c.latitude) &&
  Number.isFinite(c.longitude) &&
  Math.abs(c.latitude) <= 90 &&
  Math.abs(c.longitude) <= 180;

export class AddressService {
  constructor(
    private readonly addresses: AddressLookup,
    private readonly geocoder: Geocoder,
  ) {}

  /**
   * docs/product/spec.md §5/§8: runs only for exactly 8 digits (the mask is accepted); null on any other length, when the
   * lookup finds nothing or failed, or when both street and city are empty. Coordinates are best effort.
   */
  async lookup(raw: string): Promise<CepAddressResult | null> {
    const cep = digitsOf(raw);
    if (cep.length !== CEP_LENGTH) return null;
    const found = await this.addresses.lookupCep(cep);
    if (!found) return null;
    const address = {
      street: found.street.trim(),
      district: found.district.trim(),
      city: found.city.trim(),
      state: found.state.trim().toUpperCase(),
    };
    if (!address.street && !address.city) return null;
    const coordinates = await this.geocode(address);
    return {
      cep,
      ...address,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
    };
  }

  /**
   * docs/product/spec.md §7: coordinates by street, city, state and country; failure tolerated (null). Needs a city: a
   * "CEP geral" city has no street, and a street alone would match anywhere in the country.
   */
  async geocode(address: GeocodeQuery): Promise<Coordinates | null> {
    const city = address.city.trim();
    if (!city) return null;
    try {
      const found = await this.geocoder.geocode({
        street: address.street.trim(),
        city,
        state: address.state.trim(),
        country: ADDRESS_COUNTRY,
      });
      return isCoordinate(found) ? { latitude: found.latitude, longitude: found.longitude } : null;
    } catch {
      return null;
    }
  }
}

/** The address fields a profile keeps (docs/product/spec.md §3 Profile), every one optional there. */
export type ProfileAddress = AddressFields;
export type ProfileAddressForm = { [K in keyof ProfileAddress]: string };

/** A profile's saved address as the address form starts: empty strings for what is missing, the CEP masked. */
export function profileAddressForm(profile: Partial<ProfileAddress> | null | undefined): ProfileAddressForm {
  return {
    cep: maskCep(profile?.cep ?? ''),
    address_street: profile?.address_street ?? '',
    address_number: profile?.address_number ?? '',
    address_complement: profile?.address_complement ?? '',
    address_district: profile?.address_district ?? '',
    address_city: profile?.address_city ?? '',
    address_state: profile?.address_state ?? '',
  };
}
