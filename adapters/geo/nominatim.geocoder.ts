// The Geocoder port over Nominatim structured search (docs/integrations.md#nominatim), at most 1 request per second per process.
import type { Coordinates, GeocodeAddress, Geocoder } from '../../core/ports/address-lookup';
import type { Logger } from '../logger';
import { describeFailure, getJson, logFailure, type UpstreamResult } from './upstream';
import { ownValue } from '../../core/shared/lookup';

export type { GeocodeAddress };

export class QueueWaitExceeded extends Error {
  constructor() {
    super('a fila de requisições demorou demais');
    this.name = 'QueueWaitExceeded';
  }
}

/** The spacer's sense of time: the real clock and timers, or a test's manual one (no test waits real seconds). */
export interface SpacerTimer {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Calls `fn` after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

export const realTimer: SpacerTimer = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/**
 * Runs tasks one at a time with at least `intervalMs` between starts (a promise chain, no polling). A caller
 * that cannot wait gives up with `maxWaitMs`: its place is skipped without spending a slot, and the callers
 * behind it are not held up by it.
 */
export class RequestSpacer {
  private tail: Promise<void> = Promise.resolve();
  private lastStart = Number.NEGATIVE_INFINITY;

  constructor(
    readonly intervalMs: number,
    private readonly timer: SpacerTimer = realTimer,
  ) {}

  schedule<T>(task: () => Promise<T>, options: { maxWaitMs?: number } = {}): Promise<T> {
    let state: 'waiting' | 'started' | 'abandoned' = 'waiting';
    // A function, not an inline comparison: `state` changes from the timer while this task awaits.
    const abandoned = () => state === 'abandoned';
    const turn = this.tail.then(async () => {
      if (abandoned()) throw new QueueWaitExceeded();
      const wait = this.lastStart + this.intervalMs - this.timer.now();
      if (wait > 0) await new Promise<void>((resolve) => this.timer.after(Math.ceil(wait), resolve));
      if (abandoned()) throw new QueueWaitExceeded();
      state = 'started';
      this.lastStart = this.timer.now();
      return task();
    });
    this.tail = turn.then(
      () => undefined,
      () => undefined,
    );
    const maxWaitMs = options.maxWaitMs;
    if (maxWaitMs === undefined) return turn;
    return new Promise<T>((resolve, reject) => {
      // A task already handed its slot is never abandoned: only the wait for the slot is bounded.
      const cancel = this.timer.after(maxWaitMs, () => {
        if (state !== 'waiting') return;
        state = 'abandoned';
        reject(new QueueWaitExceeded());
      });
      turn.then(
        (value) => {
          cancel();
          resolve(value);
        },
        (err: unknown) => {
          cancel();
          reject(err);
        },
      );
    });
  }
}

/** The usage policy's 1 request per second is for the whole application, so one spacer serves every instance. */
export const nominatimSpacer = new RequestSpacer(1_000);

export const NOMINATIM_TIMEOUT_MS = 5_000;
export const NOMINATIM_MAX_QUEUE_MS = 2_000;

export interface NominatimOptions {
  /** NOMINATIM_URL, without the trailing slash. */
  baseUrl: string;
  userAgent: string;
  /** Per request (docs/integrations.md: 5–10 s). */
  timeoutMs?: number;
  /** Longest wait for a slot before giving up (coordinates are optional; the user is waiting). */
  maxQueueMs?: number;
  /** Defaults to the process-wide `nominatimSpacer`. */
  spacer?: RequestSpacer;
  logger?: Logger;
  fetch?: typeof fetch;
}

// `country` is fuzzy in Nominatim and empties the result when it contradicts countrycodes (docs/integrations.md),
// so a known country becomes the hard countrycodes filter instead.
const COUNTRY_CODES: Record<string, string> = { brasil: 'br', brazil: 'br', br: 'br' };

export class NominatimGeocoder implements Geocoder {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxQueueMs: number;
  private readonly spacer: RequestSpacer;

  constructor(private readonly options: NominatimOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? NOMINATIM_TIMEOUT_MS;
    this.maxQueueMs = options.maxQueueMs ?? NOMINATIM_MAX_QUEUE_MS;
    this.spacer = options.spacer ?? nominatimSpacer;
  }

  /** The structured-search URL (never `q`; always `format`). */
  searchUrl(address: GeocodeAddress): string {
    const params = new URLSearchParams();
    if (address.street.trim()) params.set('street', address.street.trim());
    if (address.city.trim()) params.set('city', address.city.trim());
    if (address.state.trim()) params.set('state', address.state.trim());
    const country = address.country.trim();
    const code = ownValue(COUNTRY_CODES, country.toLowerCase());
    if (code) params.set('countrycodes', code);
    else if (country) params.set('country', country);
    params.set('format', 'jsonv2');
    params.set('limit', '1');
    params.set('accept-language', 'pt-BR');
    return `${this.baseUrl}/search?${params.toString()}`;
  }

  /** "not_found" is an empty list; a refusal, timeout, full queue or garbage is "failed". */
  async geocode(address: GeocodeAddress): Promise<UpstreamResult<Coordinates>> {
    if (!address.street.trim() && !address.city.trim()) return { status: 'not_found' };
    const url = this.searchUrl(address);
    const failed = (reason: string): UpstreamResult<Coordinates> => {
      logFailure(this.options.logger, 'nominatim', reason);
      return { status: 'failed', reason };
    };
    let outcome;
    try {
      // No retry: every attempt spends a slot of the shared 1 request/second, and coordinates are optional.
      outcome = await this.spacer.schedule(
        () =>
          getJson(url, {
            userAgent: this.options.userAgent,
            timeoutMs: this.timeoutMs,
            ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          }),
        { maxWaitMs: this.maxQueueMs },
      );
    } catch (err) {
      if (err instanceof QueueWaitExceeded) return failed('fila do limite de 1 req/s cheia');
      throw err;
    }
    if (outcome.kind !== 'response' || outcome.status !== 200) return failed(describeFailure(outcome));
    if (!Array.isArray(outcome.body)) return failed('resposta não é uma lista JSON');
    const first = outcome.body[0] as { lat?: unknown; lon?: unknown } | undefined;
    if (!first) return { status: 'not_found' };
    // lat/lon are strings in Nominatim's JSON.
    const latitude = typeof first.lat === 'string' || typeof first.lat === 'number' ? Number(first.lat) : Number.NaN;
    const longitude = typeof first.lon === 'string' || typeof first.lon === 'number' ? Number(first.lon) : Number.NaN;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      return failed('coordenadas inválidas na resposta');
    }
    return { status: 'found', value: { latitude, longitude } };
  }
}
