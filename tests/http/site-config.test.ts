// Map tiles are configuration: MAP_TILE_URL is the tile template the web app reads from
// GET /api/site-config, and the site's CSP allows exactly its origin in img-src; empty disables tiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, osmTileTemplate, loadConfig, mapTileOrigin } from '../../adapters/config';
import { createTestApp, type TestApp } from '../support/test-app';
import { THEME_INIT_SCRIPT_HASH } from '../../adapters/http/middleware/security-headers';

const imgSrc = (csp: string) => csp.split(';').find((d) => d.trim().startsWith('img-src'))?.trim();

describe('MAP_TILE_URL', () => {
  it('defaults to OpenStreetMap, accepts an empty value (tiles off) and refuses what is not a tile template', () => {
    expect(osmTileTemplate).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(loadConfig({}).mapTiles).toEqual({ url: osmTileTemplate, origin: 'https://tile.openstreetmap.org' });
    expect(loadConfig({ MAP_TILE_URL: '' }).mapTiles).toBeNull();
    expect(loadConfig({ MAP_TILE_URL: '  ' }).mapTiles).toBeNull();
    expect(mapTileOrigin('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(mapTileOrigin('http://127.0.0.1:4999/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:4999');
    for (const bad of ['tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.example.com/tiles.png', 'javascript:{z}{x}{y}', 'https://a.{s}.example.com/{z}/{x}/{y}.png']) {
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('with a local tile server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { MAP_TILE_URL: 'http://127.0.0.1:4999/tiles/{z}/{x}/{y}.png' } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("the site's CSP allows exactly that origin in img-src and nothing else changes", async () => {
    const page = await app.client().get('/');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(imgSrc(csp)).toBe("img-src 'self' data: blob: http://127.0.0.1:4999");
    // Scripts and connections still only the site itself.
    expect(csp).toContain(`script-src 'self' ${THEME_INIT_SCRIPT_HASH};`);
    expect(csp).toContain("connect-src 'self';");
    expect(csp.match(/127\.0\.0\.1:4999/g)).toHaveLength(1);
    // JSON answers keep the API's deny-all policy.
    const json = await app.client().get('/api/site-config');
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('GET /api/site-config tells the web app the tile template and the attribution', async () => {
    const res = await app.client().get('/api/site-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ map: { tile_url: 'http://127.0.0.1:4999/tiles/{z}/{x}/{y}.png', attribution: expect.stringContaining('OpenStreetMap') } });
  });
});

describe('with tiles disabled (MAP_TILE_URL empty)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { MAP_TILE_URL: '' } });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('the CSP allows no tile origin and the web app is told there are no tiles', async () => {
    const page = await app.client().get('/');
    expect(imgSrc(page.headers.get('content-security-policy') ?? '')).toBe("img-src 'self' data: blob:");
    const res = await app.client().get('/api/site-config');
    expect(res.status).toBe(200);
    expect(res.body.map.tile_url).toBeNull();
  });
});
