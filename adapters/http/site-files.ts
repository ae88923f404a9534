// The site's files for crawlers, served for real (never the app's HTML): GET /robots.txt and GET /sitemap.xml
// (the public pages of the route table, the products, and the approved professionals' /profissionais/:id pages;
// plans have no page of their own: they are listed on the landing and on /marketplace/services).
import type { Next } from 'koa';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { TOKENS } from '../tokens';
import type { AppContext } from './context';

/** The public, indexable pages (signed-in screens, checkout, the cart and /auth are left out). */
export const SITEMAP_STATIC_PATHS = ['/', '/marketplace/services', '/marketplace/products', '/about', '/contact', '/terms', '/privacy', '/professional-signup', '/influencer-signup'] as const;

/**
 * What crawlers must not index: signed-in screens, checkout, the back office, the API. Invite pages (/join/…) may be
 * read: they exist to be shared (WhatsApp, Instagram) and show only the inviter's first name, the plan and the places
 * left; they are in no sitemap, an open one carries `noarchive` and a closed one `noindex` (web/ssr/pages.ts).
 */
export const ROBOTS_DISALLOW = ['/api/', '/admin', '/dev/', '/auth', '/dashboard', '/checkout/', '/marketplace/cart', '/marketplace/checkout', '/marketplace/orders', '/my-groups', '/payment', '/payment-history', '/notifications', '/profile'] as const;

const SITEMAP_LIMIT = 50_000; // the sitemap protocol's limit per file

/**
 * The origin links are built with: PUBLIC_URL in production (the only truth there); in development the address the
 * request came in on (the app may be opened at 127.0.0.1 while PUBLIC_URL says localhost).
 */
export function siteOrigin(ctx: Pick<AppContext, 'protocol' | 'host'>, config: Pick<Config, 'isProduction' | 'publicUrl'>): string {
  if (config.isProduction || !ctx.host) return config.publicUrl.replace(/\/$/, '');
  return `${ctx.protocol}://${ctx.host}`;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(origin: string, entries: ReadonlyArray<{ path: string; lastmod?: Date | null }>): string {
  const urls = entries.map(({ path, lastmod }) => {
    const mod = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
    return `  <url><loc>${xmlEscape(origin + path)}</loc>${mod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

async function sitemapEntries(db: Database): Promise<Array<{ path: string; lastmod?: Date | null }>> {
  const { knex } = db;
  const [products, professionals] = await Promise.all([
    knex('products').where('active', true).orderBy('name').limit(SITEMAP_LIMIT / 2).select<Array<{ id: string; updated_at: Date | null }>>('id', 'updated_at'),
    knex('professionals').where('status', 'approved').orderBy('created_at').limit(SITEMAP_LIMIT / 2).select<Array<{ id: string; updated_at: Date | null }>>('id', 'updated_at'),
  ]);
  const date = (v: Date | string | null) => (v ? new Date(v) : null);
  return [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path })),
    ...products.map((p) => ({ path: `/marketplace/products/${p.id}`, lastmod: date(p.updated_at) })),
    ...professionals.map((p) => ({ path: `/profissionais/${p.id}`, lastmod: date(p.updated_at) })),
  ];
}

/** GET/HEAD /robots.txt and /sitemap.xml; everything else goes on. */
export function siteFiles(config: Config) {
  return async (ctx: AppContext, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/robots.txt') {
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = robotsTxt(siteOrigin(ctx, config));
      return;
    }
    if (ctx.path === '/sitemap.xml') {
      const entries = await sitemapEntries(ctx.container.get<Database>(TOKENS.Database));
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.type = 'application/xml; charset=utf-8';
      ctx.body = sitemapXml(siteOrigin(ctx, config), entries);
      return;
    }
    return next();
  };
}
