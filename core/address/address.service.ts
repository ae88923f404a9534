// CEP rules and the CEP → address (+ coordinates) use case (docs/product/spec.md §3 "CEP address result", §5, §7 External, §8).
import { z } from 'zod';
import { DomainError, notFound } from '../shared/errors';
import type { AddressLookup, Coordinates, Geocoder, LookupResult } from '../ports/address-lookup';
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

/** The lookup found nothing for these 8 digits: the person may have mistyped, so the number is worth checking. */
export const cepNotFound = () => notFound('cep_not_found', CEP_NOT_FOUND_MESSAGE);

export const CEP_LOOKUP_UNAVAILABLE_MESSAGE =
  'O serviço de consulta de CEP está fora do ar agora. Preencha o endereço manualmente ou tente de novo em instantes.';

/** The CEP service did not answer usefully: an outage, so nothing about the number is wrong (503, never 404). */
export const cepLookupUnavailable = () => new DomainError('unavailable', 'cep_lookup_unavailable', CEP_LOOKUP_UNAVAILABLE_MESSAGE);

export const PLACE_NOT_FOUND_MESSAGE = 'Não encontramos esta cidade. Confira o nome e a UF.';
export const placeNotFound = () => notFound('place_not_found', PLACE_NOT_FOUND_MESSAGE);

export const GEOCODER_UNAVAILABLE_MESSAGE = 'O serviço de mapas está fora do ar agora. Use sua localização ou tente de novo em instantes.';
export const geocoderUnavailable = () => new DomainError('unavailable', 'geocoder_unavailable', GEOCODER_UNAVAILABLE_MESSAGE);

/** A CEP lookup's three answers: the address, "no such CEP", or "the service is down" (only the words differ on screen). */
export type CepLookup = { status: 'found'; address: CepAddressResult } | { status: 'not_found' } | { status: 'unavailable' };

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
    const found = await this.find(raw);
    return found.status === 'found' ? found.address : null;
  }

  /**
   * The same lookup, saying why it has nothing: "not_found" for a wrong length, a CEP the service does not
   * know, or one with neither street nor city; "unavailable" when the service failed (or threw).
   */
  async find(raw: string): Promise<CepLookup> {
    const cep = digitsOf(raw);
    if (cep.length !== CEP_LENGTH) return { status: 'not_found' };
    let found: LookupResult<{ street: string; district: string; city: string; state: string }>;
    try {
      found = await this.addresses.lookupCep(cep);
    } catch {
      found = { status: 'failed', reason: 'exceção na consulta' };
    }
    if (found.status === 'failed') return { status: 'unavailable' };
    if (found.status === 'not_found') return { status: 'not_found' };
    const address = {
      street: found.value.street.trim(),
      district: found.value.district.trim(),
      city: found.value.city.trim(),
      state: found.value.state.trim().toUpperCase(),
    };
    if (!address.street && !address.city) return { status: 'not_found' };
    const coordinates = await this.geocode(address);
    return {
      status: 'found',
      address: {
        cep,
        ...address,
        latitude: coordinates?.latitude ?? null,
        longitude: coordinates?.longitude ?? null,
      },
    };
  }

  /**
   * docs/product/spec.md §7: coordinates by street, city, state and country; failure tolerated (null). Needs a city: a
   * "CEP geral" city has no street, and a street alone would match anywhere in the country.
   */
  async geocode(address: GeocodeQuery): Promise<Coordinates | null> {
    const located = await this.locate(address);
    return located.status === 'found' ? located.value : null;
  }

  /** The same geocoding, saying why it has nothing (a screen that reports it tells "no such place" from an outage). */
  async locate(address: GeocodeQuery): Promise<LookupResult<Coordinates>> {
    const city = address.city.trim();
    if (!city) return { status: 'not_found' };
    try {
      const found = await this.geocoder.geocode({
        street: address.street.trim(),
        city,
        state: address.state.trim(),
        country: ADDRESS_COUNTRY,
      });
      if (found.status !== 'found') return found;
      return isCoordinate(found.value)
        ? { status: 'found', value: { latitude: found.value.latitude, longitude: found.value.longitude } }
        : { status: 'failed', reason: 'coordenadas inválidas' };
    } catch {
      return { status: 'failed', reason: 'exceção no geocodificador' };
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
