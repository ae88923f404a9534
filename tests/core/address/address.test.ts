// CEP rules and the lookup use case with in-memory ports (docs/product/spec.md §3 "CEP address result", §5, §7 External, §8, §9).
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_COUNTRY,
  AddressService,
  CEP_LENGTH,
  CEP_LOOKUP_UNAVAILABLE_MESSAGE,
  CEP_NOT_FOUND_MESSAGE,
  cepLookupUnavailable,
  cepNotFound,
  geocoderUnavailable,
  placeNotFound,
  cepSchema,
  formatCep,
  normalizeCep,
} from '../../../core/address/address.service';
import type { AddressLookup, CepAddress, Coordinates, GeocodeAddress, Geocoder, LookupResult } from '../../../core/ports/address-lookup';

type GeocodeInput = GeocodeAddress;

/** A table of CEPs; `down` makes every lookup fail the way an outage does. */
class MemoryLookup implements AddressLookup {
  calls: string[] = [];
  down = false;
  constructor(private readonly table: Record<string, Omit<CepAddress, 'cep'>> = {}) {}
  async lookupCep(cep: string): Promise<LookupResult<CepAddress>> {
    this.calls.push(cep);
    if (this.down) return { status: 'failed', reason: 'fora do ar' };
    const found = this.table[cep];
    return found ? { status: 'found', value: { cep, ...found } } : { status: 'not_found' };
  }
}

/** Answers coordinates, null (no match) or a failure. */
class MemoryGeocoder implements Geocoder {
  calls: GeocodeInput[] = [];
  constructor(private readonly answer: (q: GeocodeInput) => Coordinates | null | 'failed' | Promise<Coordinates | null>) {}
  async geocode(q: GeocodeInput): Promise<LookupResult<Coordinates>> {
    this.calls.push(q);
    const found = await this.answer(q);
    if (found === 'failed') return { status: 'failed', reason: 'fora do ar' };
    return found ? { status: 'found', value: found } : { status: 'not_found' };
  }
}

const SE = { street: 'Praça da Sé', district: 'Sé', city: 'São Paulo', state: 'SP' };
const SE_COORDS = { latitude: -23.5503, longitude: -46.6339 };

describe('SPEC §9: a CEP has 8 digits', () => {
  it('CEP_LENGTH is 8', () => expect(CEP_LENGTH).toBe(8));
});

describe('SPEC §5: CEP holds at most 8 digits, non-digits stripped (normalizeCep)', () => {
  it.each([
    ['01001-000', '01001000'],
    ['01001000', '01001000'],
    [' 01.001-000 ', '01001000'],
    ['0100', '0100'],
    ['010010001234', '01001000'],
    ['abc', ''],
    ['', ''],
  ])('%j → %j', (raw, expected) => expect(normalizeCep(raw)).toBe(expected));
});

describe('formatCep', () => {
  it.each([
    ['01001000', '01001-000'],
    ['01001-000', '01001-000'],
    ['0100', '0100'],
    ['123456789', '123456789'],
  ])('%j → %j', (raw, expected) => expect(formatCep(raw)).toBe(expected));
});

describe('SPEC §9: cepSchema accepts exactly 8 digits (mask allowed)', () => {
  it.each([
    ['01001-000', '01001000'],
    ['01001000', '01001000'],
  ])('accepts %j as %j', (raw, expected) => expect(cepSchema.parse(raw)).toBe(expected));

  it.each(['0100100', '010010001', '', 'abcdefgh'])('refuses %j with a pt-BR message', (raw) => {
    const result = cepSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('O CEP deve ter 8 dígitos');
  });
});

describe('SPEC §8: CEP lookup returns nothing on …', () => {
  const cases: Array<{ name: string; raw: string; table?: Record<string, Omit<CepAddress, 'cep'>>; lookedUp: boolean }> = [
    { name: 'invalid length: 7 digits', raw: '0100100', lookedUp: false },
    { name: 'invalid length: 9 digits (not cut to 8)', raw: '010010001', lookedUp: false },
    { name: 'invalid length: empty', raw: '', lookedUp: false },
    { name: 'a not-found result', raw: '99999999', lookedUp: true },
    {
      name: 'both street and city empty',
      raw: '01001000',
      table: { '01001000': { street: '', district: 'Centro', city: '', state: 'SP' } },
      lookedUp: true,
    },
    {
      name: 'both street and city blank (whitespace only)',
      raw: '01001000',
      table: { '01001000': { street: '  ', district: '', city: ' ', state: 'SP' } },
      lookedUp: true,
    },
  ];

  it.each(cases)('$name → null, no geocoding', async ({ raw, table, lookedUp }) => {
    const lookup = new MemoryLookup(table);
    const geocoder = new MemoryGeocoder(() => SE_COORDS);
    const service = new AddressService(lookup, geocoder);
    expect(await service.lookup(raw)).toBeNull();
    expect(lookup.calls.length).toBe(lookedUp ? 1 : 0);
    expect(geocoder.calls).toEqual([]);
  });

  it('the not-found answer is a 404-kind domain error with a pt-BR message pointing to manual entry', () => {
    const err = cepNotFound();
    expect(err.kind).toBe('not_found');
    expect(err.code).toBe('cep_not_found');
    expect(err.message).toBe(CEP_NOT_FOUND_MESSAGE);
    expect(err.message).toMatch(/manualmente/);
  });
});

describe('an outage is not a not-found: find() says which "nothing" it is', () => {
  it('the service failing → null for §8, "unavailable" for find(), and no geocoding', async () => {
    const lookup = new MemoryLookup({ '01310100': { street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    lookup.down = true;
    const geocoder = new MemoryGeocoder(() => SE_COORDS);
    const service = new AddressService(lookup, geocoder);
    expect(await service.lookup('01310-100')).toBeNull();
    expect(await service.find('01310-100')).toEqual({ status: 'unavailable' });
    expect(geocoder.calls).toEqual([]);
  });

  it('the port throwing is an outage too', async () => {
    const throwing = { lookupCep: () => Promise.reject(new Error('socket hang up')) };
    expect(await new AddressService(throwing, new MemoryGeocoder(() => null)).find('01310100')).toEqual({ status: 'unavailable' });
  });

  it.each([
    ['a CEP the service does not know', '99999999'],
    ['a wrong length', '0131010'],
    ['street and city both empty', '01001000'],
  ])('%s → "not_found"', async (_name, raw) => {
    const lookup = new MemoryLookup({ '01001000': { street: '', district: 'Centro', city: '', state: 'SP' } });
    expect(await new AddressService(lookup, new MemoryGeocoder(() => null)).find(raw)).toEqual({ status: 'not_found' });
  });

  it('a found CEP → "found" with the address', async () => {
    const service = new AddressService(new MemoryLookup({ '01001000': SE }), new MemoryGeocoder(() => SE_COORDS));
    expect(await service.find('01001000')).toEqual({ status: 'found', address: { cep: '01001000', ...SE, ...SE_COORDS } });
  });

  it('the outage error is a 503-kind error that tells the person to type the address, without blaming the number', () => {
    const err = cepLookupUnavailable();
    expect(err.kind).toBe('unavailable');
    expect(err.code).toBe('cep_lookup_unavailable');
    expect(err.message).toBe(CEP_LOOKUP_UNAVAILABLE_MESSAGE);
    expect(err.message).toMatch(/fora do ar/);
    expect(err.message).toMatch(/manualmente/);
    expect(err.message).not.toMatch(/Confira|não encontrado/);
  });

  it('locate(): coordinates, "not_found" for no match or no city, "failed" for an outage or nonsense coordinates', async () => {
    const answers: Record<string, Coordinates | null | 'failed'> = { 'São Paulo': SE_COORDS, Atlântida: null, Caída: 'failed', Torta: { latitude: 95, longitude: 0 } };
    const service = new AddressService(new MemoryLookup(), new MemoryGeocoder((q) => answers[q.city] ?? null));
    const at = (city: string) => service.locate({ street: '', city, state: 'SP' });
    expect(await at('São Paulo')).toEqual({ status: 'found', value: SE_COORDS });
    expect(await at('Atlântida')).toEqual({ status: 'not_found' });
    expect(await at(' ')).toEqual({ status: 'not_found' });
    expect((await at('Caída')).status).toBe('failed');
    expect((await at('Torta')).status).toBe('failed');
    expect(placeNotFound()).toMatchObject({ kind: 'not_found', code: 'place_not_found' });
    expect(geocoderUnavailable()).toMatchObject({ kind: 'unavailable', code: 'geocoder_unavailable' });
    expect(geocoderUnavailable().message).toMatch(/fora do ar/);
  });
});

describe('SPEC §3 "CEP address result" and §7 External (geocoding by street, city, state and country)', () => {
  it('looks up the 8 digits of a masked CEP and geocodes the address in Brasil', async () => {
    const lookup = new MemoryLookup({ '01001000': SE });
    const geocoder = new MemoryGeocoder(() => SE_COORDS);
    const result = await new AddressService(lookup, geocoder).lookup('01001-000');
    expect(result).toEqual({ cep: '01001000', ...SE, ...SE_COORDS });
    expect(lookup.calls).toEqual(['01001000']);
    expect(geocoder.calls).toEqual([{ street: 'Praça da Sé', city: 'São Paulo', state: 'SP', country: ADDRESS_COUNTRY }]);
    expect(ADDRESS_COUNTRY).toBe('Brasil');
  });

  it('trims the fields and upper-cases the state', async () => {
    const lookup = new MemoryLookup({ '01001000': { street: ' Praça da Sé ', district: ' Sé', city: 'São Paulo ', state: 'sp' } });
    const result = await new AddressService(lookup, new MemoryGeocoder(() => null)).lookup('01001000');
    expect(result).toMatchObject({ street: 'Praça da Sé', district: 'Sé', city: 'São Paulo', state: 'SP' });
  });

  it('a "CEP geral" city (no street) is a result, geocoded by city alone', async () => {
    const lookup = new MemoryLookup({ '78175000': { street: '', district: '', city: 'Poconé', state: 'MT' } });
    const geocoder = new MemoryGeocoder(() => ({ latitude: -16.2566, longitude: -56.6228 }));
    const result = await new AddressService(lookup, geocoder).lookup('78175-000');
    expect(result).toEqual({ cep: '78175000', street: '', district: '', city: 'Poconé', state: 'MT', latitude: -16.2566, longitude: -56.6228 });
    expect(geocoder.calls).toEqual([{ street: '', city: 'Poconé', state: 'MT', country: 'Brasil' }]);
  });

  it('a street without a city is a result but is not geocoded (a bare street matches anywhere)', async () => {
    const lookup = new MemoryLookup({ '01001000': { street: 'Rua Sem Cidade', district: '', city: '', state: '' } });
    const geocoder = new MemoryGeocoder(() => SE_COORDS);
    const result = await new AddressService(lookup, geocoder).lookup('01001000');
    expect(result).toMatchObject({ street: 'Rua Sem Cidade', latitude: null, longitude: null });
    expect(geocoder.calls).toEqual([]);
  });

  const failures: Array<[string, () => Coordinates | null | Promise<Coordinates | null>]> = [
    ['no match (null)', () => null],
    ['the geocoder throws', () => Promise.reject(new Error('boom'))],
    ['latitude out of range', () => ({ latitude: 123, longitude: -46 })],
    ['longitude out of range', () => ({ latitude: -23, longitude: -200 })],
    ['not a number', () => ({ latitude: Number.NaN, longitude: -46 })],
  ];
  it.each(failures)('geocoding failure tolerated: %s → the address with null coordinates', async (_name, answer) => {
    const service = new AddressService(new MemoryLookup({ '01001000': SE }), new MemoryGeocoder(answer));
    expect(await service.lookup('01001000')).toEqual({ cep: '01001000', ...SE, latitude: null, longitude: null });
  });

  it('geocode() on its own needs a city', async () => {
    const geocoder = new MemoryGeocoder(() => SE_COORDS);
    const service = new AddressService(new MemoryLookup(), geocoder);
    expect(await service.geocode({ street: 'Praça da Sé', city: '  ', state: 'SP' })).toBeNull();
    expect(await service.geocode({ street: 'Praça da Sé', city: 'São Paulo', state: 'SP' })).toEqual(SE_COORDS);
    expect(geocoder.calls).toHaveLength(1);
  });
});

import { maskCep, profileAddressForm } from '../../../core/address/address.service';

describe('maskCep (the CEP field while typing)', () => {
  it.each([['', ''], ['010', '010'], ['01001', '01001'], ['010010', '01001-0'], ['01001000', '01001-000'], ['01001-0009', '01001-000'], ['ab01001x000', '01001-000']])(
    '%j → %j',
    (raw, masked) => expect(maskCep(raw)).toBe(masked),
  );
});

describe('profileAddressForm', () => {
  it('fills the form from a profile, masking the CEP and blanking what is missing', () => {
    expect(profileAddressForm({ cep: '01001000', address_street: 'Praça da Sé', address_number: null, address_city: 'São Paulo', address_state: 'SP' })).toEqual({
      cep: '01001-000',
      address_street: 'Praça da Sé',
      address_number: '',
      address_complement: '',
      address_district: '',
      address_city: 'São Paulo',
      address_state: 'SP',
    });
  });
  it('starts empty without a profile', () => {
    expect(Object.values(profileAddressForm(null)).every((v) => v === '')).toBe(true);
  });
});
