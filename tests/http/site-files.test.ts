// Real status codes and the crawler files: a path the web app has no screen for is the app with status 404
// (the route table is shared by web/app/routes.tsx and the server), /robots.txt and /sitemap.xml are served for real.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownRoute, ROUTE_PATHS } from '../../web/app/route-paths';
import { createPlan, insertProfessional } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { PRODUCTION_TEST_ENV } from '../support/production-env';

let distDir: string;
let app: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'turma-dist-'));
  for (const name of ['web', 'admin']) {
    mkdirSync(join(distDir, name), { recursive: true });
    writeFileSync(join(distDir, name, 'index.html'), `<!doctype html><title>${name}-index</title>`);
  }
  app = await createTestApp({ distDir });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the route table the server shares with the web app', () => {
  it('knows every screen, with parameters, and nothing else', () => {
    for (const path of ['/', '/auth', '/auth/callback', '/join/abc/XYZ', '/marketplace/products/123', '/profissionais/p1', '/Marketplace/Products', '/about/', '/admin/plans'])
      expect(isKnownRoute(path), path).toBe(true);
    for (const path of ['/nao-existe', '/marketplace', '/marketplace/products/1/2', '/join/abc', '/auth/callback/x', '/dev/render-error'])
      expect(isKnownRoute(path), path).toBe(false);
    expect(isKnownRoute('/dev/render-error', { dev: true })).toBe(true);
    expect(Object.values(ROUTE_PATHS)).toContain('payment-history');
  });
});

describe('status codes of the web app', () => {
  it('answers an unknown path 404 with the app (its not-found screen), a known one 200', async () => {
    const missing = await app.client().get('/pagina-que-nao-existe');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(missing.text).toContain('web-index');

    for (const path of ['/', '/marketplace/products/abc', '/profissionais/xyz', '/join/g/CODE', '/payment-history', '/admin/qualquer']) {
      const res = await app.client().get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain('text/html');
    }
    expect((await app.client().get('/marketplace/products/a/b')).status).toBe(404);
    // The API keeps its own JSON 404.
    const api = await app.client().get('/api/nao-existe');
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe('not_found');
  });

  it('the dev-only render-error screen is a known route outside production, and its probe answers', async () => {
    expect((await app.client().get('/dev/render-error')).status).toBe(200);
    const probe = await app.client().get('/api/dev/render-error');
    expect(probe.status).toBe(200);
    expect(probe.body).toEqual({ enabled: true });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is plain text naming the sitemap and keeping crawlers off private screens', async () => {
    const res = await app.client().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).not.toContain('<html');
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
    expect(res.text).toMatch(/^Disallow: \/admin$/m);
    expect(res.text).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  });

  it('sitemap.xml lists the public pages, active products and approved professionals only', async () => {
    const plan = await createPlan(app);
    const { slug: category } = await app.db.knex('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
    const approved = await insertProfessional(app, category, { latitude: -23.56, longitude: -46.65 });
    const pending = await insertProfessional(app, category, { status: 'pending', latitude: -23.56, longitude: -46.65 });
    const [product] = await app.db.knex('products').insert({ name: 'Caneca', slug: 'caneca-site', price: 4_990 }).returning(['id']);
    const [hidden] = await app.db.knex('products').insert({ name: 'Oculta', slug: 'oculta-site', price: 4_990, active: false }).returning(['id']);

    const res = await app.client().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(expect.arrayContaining(['/', '/marketplace/services', '/marketplace/products', '/terms', '/privacy']));
    expect(locs).toContain(`/marketplace/products/${product.id}`);
    expect(locs).toContain(`/profissionais/${approved}`);
    expect(locs).not.toContain(`/profissionais/${pending}`);
    expect(locs).not.toContain(`/marketplace/products/${hidden.id}`);
    expect(locs).not.toContain('/dashboard');
    // Every listed page is one the app has a screen for (served 200, not the 404 screen).
    for (const path of locs) expect(isKnownRoute(path), path).toBe(true);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { ...PRODUCTION_TEST_ENV }, distDir });
  }, 120_000);
  afterAll(async () => {
    await prod?.close();
  });

  it('links use PUBLIC_URL whatever the request address, and the dev screen is a 404', async () => {
    const robots = await prod.client().get('/robots.txt');
    expect(robots.text).toContain('Sitemap: https://turma.example/sitemap.xml');
    const sitemap = await prod.client().get('/sitemap.xml');
    expect(sitemap.text).toContain('<loc>https://turma.example/</loc>');
    expect((await prod.client().get('/dev/render-error')).status).toBe(404);
    expect((await prod.client().get('/api/dev/render-error')).status).toBe(404);
  });
});
