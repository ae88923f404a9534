// Database cache in front of the CEP and geocoding services (docs/integrations.md: cache per CEP and per normalised
// query): found for 30 days, not found for 1 day, failures never, so an outage is not remembered as "no such CEP".
import type { Knex } from 'knex';
import type { AddressLookup, CepAddress, Coordinates, GeocodeAddress, Geocoder, LookupResult } from '../../core/ports/address-lookup';
import type { Clock } from '../../core/shared/clock';
import { systemClock } from '../../core/shared/clock';
import type { Logger } from '../logger';

const DAY_MS = 24 * 60 * 60 * 1000;
export const ADDRESS_CACHE_FOUND_TTL_MS = 30 * DAY_MS;
export const ADDRESS_CACHE_NOT_FOUND_TTL_MS = DAY_MS;
export const ADDRESS_CACHE_TABLE = 'address_cache';

export type AddressCacheKind = 'cep' | 'geocode';

export interface AddressCacheOptions {
  clock?: Clock;
  logger?: Logger;
  foundTtlMs?: number;
  notFoundTtlMs?: number;
}

type Cached<T> = { hit: true; value: T | null } | { hit: false };

/**
 * One cache table for both kinds. `value` null is a remembered "not found". Always given the root knex handle:
 * a lookup is not part of anyone's transaction, and on PGlite's single connection it must not wait for one.
 */
class AddressCache {
  private readonly clock: Clock;
  private readonly foundTtlMs: number;
  private readonly notFoundTtlMs: number;
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly knex: Knex,
    private readonly kind: AddressCacheKind,
    private readonly options: AddressCacheOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.foundTtlMs = options.foundTtlMs ?? ADDRESS_CACHE_FOUND_TTL_MS;
    this.notFoundTtlMs = options.notFoundTtlMs ?? ADDRESS_CACHE_NOT_FOUND_TTL_MS;
  }

  /** Cached answer, or the upstream's (stored unless it failed). Concurrent misses for one key share a call. */
  async through<T>(
    key: string,
    isValue: (v: unknown) => v is T,
    fetchUpstream: () => Promise<LookupResult<T>>,
  ): Promise<LookupResult<T>> {
    const cached = await this.read(key, isValue);
    if (cached.hit) return cached.value === null ? { status: 'not_found' } : { status: 'found', value: cached.value };
    const running = this.inFlight.get(key) as Promise<LookupResult<T>> | undefined;
    if (running) return running;
    const call = (async (): Promise<LookupResult<T>> => {
      const result = await fetchUpstream();
      if (result.status === 'failed') return result;
      await this.write(key, result.status === 'found' ? result.value : null);
      return result;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  private async read<T>(key: string, isValue: (v: unknown) => v is T): Promise<Cached<T>> {
    try {
      const row = (await this.knex(ADDRESS_CACHE_TABLE)
        .select('value')
        .where({ kind: this.kind, key })
        .andWhere('expires_at', '>', this.clock.now())
        .first()) as { value: unknown } | undefined;
      if (!row) return { hit: false };
      const value = typeof row.value === 'string' ? (JSON.parse(row.value) as unknown) : row.value;
      if (value === null) return { hit: true, value: null };
      return isValue(value) ? { hit: true, value } : { hit: false };
    } catch (err) {
      // The cache is an optimisation: when the database hiccups, ask the service.
      this.options.logger?.warn({ err, kind: this.kind }, 'cache de endereços: leitura falhou');
      return { hit: false };
    }
  }

  private async write(key: string, value: unknown): Promise<void> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + (value === null ? this.notFoundTtlMs : this.foundTtlMs));
    try {
      await this.knex(ADDRESS_CACHE_TABLE)
        .insert({
          kind: this.kind,
          key,
          value: value === null ? null : JSON.stringify(value),
          expires_at: expiresAt,
          created_at: now,
          updated_at: now,
        })
        .onConflict(['kind', 'key'])
        .merge(['value', 'expires_at', 'updated_at']);
    } catch (err) {
      this.options.logger?.warn({ err, kind: this.kind }, 'cache de endereços: gravação falhou');
    }
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const isCepAddress = (v: unknown): v is CepAddress =>
  isRecord(v) && ['cep', 'street', 'district', 'city', 'state'].every((k) => typeof v[k] === 'string');

const isCoordinates = (v: unknown): v is Coordinates =>
  isRecord(v) && typeof v.latitude === 'number' && typeof v.longitude === 'number';

export class CachedAddressLookup implements AddressLookup {
  private readonly cache: AddressCache;

  constructor(
    private readonly inner: AddressLookup,
    knex: Knex,
    options: AddressCacheOptions = {},
  ) {
    this.cache = new AddressCache(knex, 'cep', options);
  }

  lookupCep(cep: string): Promise<LookupResult<CepAddress>> {
    return this.cache.through(cep, isCepAddress, () => this.inner.lookupCep(cep));
  }
}

/** The cache key of a geocoding query: case, accents and spacing do not make a different place. */
export function geocodeCacheKey(address: GeocodeAddress): string {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
  return [address.street, address.city, address.state, address.country].map(norm).join('|');
}

export class CachedGeocoder implements Geocoder {
  private readonly cache: AddressCache;

  constructor(
    private readonly inner: Geocoder,
    knex: Knex,
    options: AddressCacheOptions = {},
  ) {
    this.cache = new AddressCache(knex, 'geocode', options);
  }

  geocode(address: GeocodeAddress): Promise<LookupResult<Coordinates>> {
    return this.cache.through(geocodeCacheKey(address), isCoordinates, () => this.inner.geocode(address));
  }
}
