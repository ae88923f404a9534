// The catalogue's read cache: short-lived, dropped on every change, never keeps a page read before a change.
import { describe, expect, it } from 'vitest';
import { CatalogCache, JsonText, ProductJsonCache } from '../../adapters/http/catalog-cache';

describe('CatalogCache', () => {
  it('serves a page from memory until the TTL ends', async () => {
    let now = 0;
    let loads = 0;
    const cache = new CatalogCache(1_000, 10, () => now);
    const load = async () => ({ n: ++loads });
    expect((await cache.get('k', load)).body.toString()).toBe('{"n":1}');
    now = 999;
    expect((await cache.get('k', load)).body.toString()).toBe('{"n":1}');
    now = 1_000;
    expect((await cache.get('k', load)).body.toString()).toBe('{"n":2}');
  });

  it('drops everything on a change', async () => {
    let loads = 0;
    const cache = new CatalogCache(60_000);
    await cache.get('k', async () => ++loads);
    cache.changed();
    expect((await cache.get('k', async () => ++loads)).body.toString()).toBe('2');
  });

  it('does not keep a page whose load started before a change (it may hold the old stock)', async () => {
    const cache = new CatalogCache(60_000);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((resolve) => (release = () => resolve('old'))));
    cache.changed();
    release();
    expect((await slow).body.toString()).toBe('"old"');
    expect((await cache.get('k', async () => 'new')).body.toString()).toBe('"new"');
  });

  it('concurrent misses of one key share a single load; a failed load is not kept', async () => {
    const cache = new CatalogCache(60_000);
    let loads = 0;
    const load = () => new Promise((resolve) => setTimeout(() => resolve(++loads), 5));
    const pages = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(pages.map((p) => p.etag)).size).toBe(1);
    await expect(cache.get('bad', async () => Promise.reject(new Error('400')))).rejects.toThrow('400');
    expect((await cache.get('bad', async () => 'ok')).body.toString()).toBe('"ok"');
  });

  it('gzips a page once, on demand', async () => {
    const { gunzipSync } = await import('node:zlib');
    const cache = new CatalogCache(60_000);
    const page = await cache.get('k', async () => ({ items: 'x'.repeat(5_000) }));
    expect(page.gzip()).toBe(page.gzip());
    expect(gunzipSync(page.gzip()).toString()).toBe(page.body.toString());
  });

  it('holds at most maxEntries pages', async () => {
    const cache = new CatalogCache(60_000, 2);
    let loads = 0;
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(4);
  });

  it('keeps a loader\'s JSON text as it is, and calls its change listeners', async () => {
    const cache = new CatalogCache(60_000);
    expect((await cache.get('k', async () => new JsonText('{"items":[]}'))).body.toString()).toBe('{"items":[]}');
    let calls = 0;
    cache.onChange(() => calls++);
    cache.changed();
    expect(calls).toBe(1);
  });
});

describe('ProductJsonCache', () => {
  it('gives a product\'s JSON only for the version it was made from, and for at most the TTL', () => {
    let now = 0;
    const json = new ProductJsonCache(60_000, 10, () => now);
    json.set('p1', '7:(0,1)', '{"id":"p1"}', json.currentGeneration);
    expect(json.get('p1', '7:(0,1)')).toBe('{"id":"p1"}');
    expect(json.get('p1', '8:(0,2)')).toBeUndefined();
    expect(json.get('p2', '7:(0,1)')).toBeUndefined();
    now = 60_000;
    expect(json.get('p1', '7:(0,1)')).toBeUndefined();
  });

  it('drops everything on clear, and keeps nothing read before it', () => {
    const json = new ProductJsonCache();
    const before = json.currentGeneration;
    json.set('p1', 'v', 'a', before);
    json.clear();
    expect(json.get('p1', 'v')).toBeUndefined();
    json.set('p1', 'v', 'a', before);
    expect(json.get('p1', 'v')).toBeUndefined();
    json.set('p1', 'v', 'b', json.currentGeneration);
    expect(json.get('p1', 'v')).toBe('b');
  });

  it('holds at most maxEntries products, the oldest first out', () => {
    const json = new ProductJsonCache(60_000, 2);
    for (const id of ['a', 'b', 'c']) json.set(id, 'v', id, json.currentGeneration);
    expect([json.get('a', 'v'), json.get('b', 'v'), json.get('c', 'v')]).toEqual([undefined, 'b', 'c']);
  });
});
