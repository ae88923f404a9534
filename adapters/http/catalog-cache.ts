// A short in-process cache of public catalogue pages (serialised JSON, plain and gzipped), dropped whenever what the
// catalogue shows changes. One instance for products (and stock), one for plans.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { CatalogChanges } from '../../core/ports/catalog-changes';

export interface CachedPage {
  /** The JSON, ready to write. */
  body: Buffer;
  etag: string;
  at: number;
  /** Made on first demand (browsers ask for it; load generators usually don't). */
  gzip(): Buffer;
}

/**
 * The product and plan lists are the busiest public reads; their pages are kept for at most `ttlMs` and dropped at once
 * when this process changes the catalogue (products, stock through orders, expiry and imports; plans through the back
 * office), so a write is never hidden by it. Writes by
 * another process (the CLI, a second instance) are seen after at most `ttlMs`. A load that started before a change
 * is answered but not kept (generation check), and concurrent misses of one key share a single load.
 */
export class CatalogCache implements CatalogChanges {
  private generation = 0;
  private readonly entries = new Map<string, CachedPage>();
  private readonly loading = new Map<string, Promise<CachedPage>>();

  constructor(
    private readonly ttlMs = 1_000,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  changed(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  async get(key: string, load: () => Promise<unknown>): Promise<CachedPage> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit;
    const flight = this.loading.get(key);
    if (flight) return flight;
    const generation = this.generation;
    const promise = (async () => {
      const body = Buffer.from(JSON.stringify(await load()));
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
