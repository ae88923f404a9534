// A short in-process cache of public catalogue pages (serialised JSON, plain and gzipped), dropped whenever what the
// catalogue shows changes. One instance for products (and stock), one for plans.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { CatalogChanges } from '../../core/ports/catalog-changes';
import type { Database } from '../db/database';
import type { Logger } from '../logger';

export interface CachedPage {
  /** The JSON, ready to write. */
  body: Buffer;
  etag: string;
  at: number;
  /** Made on first demand (browsers ask for it; load generators usually don't). */
  gzip(): Buffer;
}

/** A loader's answer already written as JSON text (kept as it is, not stringified again). */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The public JSON of single products, each under the row version it was made from (read by the page's own query): a
 * page that misses the page cache reads only its products' ids and versions, and reads in full and serialises only the
 * products whose version is new here. A product's own writes change its version, so they never need to drop anything;
 * its category's do not, so the whole cache is dropped with the page cache (`CatalogCache.changed`, NOTIFY included),
 * and an entry lives at most `ttlMs` in case such an event was missed. At most `maxEntries` (about 0.5 KB each).
 */
export class ProductJsonCache {
  private generation = 0;
  private readonly entries = new Map<string, { version: string; json: string; at: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Taken before reading products: `set` keeps nothing read before a change. */
  get currentGeneration(): number {
    return this.generation;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get(id: string, version: string): string | undefined {
    const entry = this.entries.get(id);
    return entry && entry.version === version && this.now() - entry.at < this.ttlMs ? entry.json : undefined;
  }

  set(id: string, version: string, json: string, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { version, json, at: this.now() });
  }
}

/**
 * The product and plan lists are the busiest public reads; their pages are kept for at most `ttlMs` and dropped at once
 * when this process changes the catalogue (products, stock through orders, expiry and imports; plans through the back
 * office), so a write is never hidden by it. Writes by another process (the CLI, a second instance) drop them at their
 * commit through the database's NOTIFY (`followCatalogChanges`); `ttlMs` bounds what a missed event can hide. A load
 * that started before a change is answered but not kept (generation check), and concurrent misses of one key share a
 * single load.
 */
export class CatalogCache implements CatalogChanges {
  private generation = 0;
  private readonly entries = new Map<string, CachedPage>();
  private readonly loading = new Map<string, Promise<CachedPage>>();
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly ttlMs = 1_000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  changed(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
    for (const listener of this.listeners) listener();
  }

  /** Runs `listener` on every change (what is built from the same rows drops with the pages). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedPage> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit;
    const flight = this.loading.get(key);
    if (flight) return flight;
    const generation = this.generation;
    const promise = (async () => {
      const loaded = await load();
      const body = Buffer.from(loaded instanceof JsonText ? loaded.text : JSON.stringify(loaded));
      let gzipped: Buffer | null = null;
      const entry: CachedPage = {
        body,
        etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
        at: this.now(),
        gzip: () => (gzipped ??= gzipSync(body, { level: 6 })),
      };
      if (generation === this.generation) {
        this.entries.delete(key);
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, entry);
      }
      return entry;
    })();
    this.loading.set(key, promise);
    try {
      return await promise;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }
}

/** The channel migration 20261124003800 NOTIFYs with 'products' or 'plans' after a statement changes that list. */
export const CATALOG_CHANNEL = 'turma_catalog';

/**
 * Drops this process's cached pages whenever any process commits a change to the catalogue (a plan changed
 * through one instance shows on the others at once, not after the TTL). Listens in the background: if the database is
 * unreachable at start it tries again every few seconds (the TTL covers the gap), and after a reconnection both caches
 * are dropped (events may have been missed). Returns the stop.
 */
export function followCatalogChanges(
  database: Database,
  caches: { products: CatalogChanges; plans: CatalogChanges },
  logger: Logger,
  retryMs = 5_000,
): () => Promise<void> {
  let stopped = false;
  let unlisten: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | null = null;
  const dropAll = () => {
    caches.products.changed();
    caches.plans.changed();
  };
  const start = () => {
    database
      .listen(
        CATALOG_CHANNEL,
        (payload) => {
          if (payload === 'products') caches.products.changed();
          else if (payload === 'plans') caches.plans.changed();
          else dropAll();
        },
        dropAll,
      )
      .then(
        async (stop) => {
          if (stopped) await stop();
          else {
            unlisten = stop;
            dropAll(); // what was cached while not listening may be stale
          }
        },
        (err: unknown) => {
          if (stopped) return;
          logger.warn({ err }, 'catálogo: não foi possível ouvir as mudanças; tentando de novo');
          timer = setTimeout(start, retryMs);
          timer.unref();
        },
      );
  };
  start();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const stop = unlisten;
    unlisten = null;
    if (stop) await stop();
  };
}
