// Security headers decided by helmet, computed once per profile at start-up and written with one loop per request.
// Helmet's output does not depend on the request (no nonces here), so running its middleware for every response
// only repeated the same work: 12 small middlewares, a promise and the koa-helmet adapter on every hit.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Next } from 'koa';
import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';
import { THEME_INIT_SCRIPT } from '../../../web/theme-init-script';
import type { AppContext } from '../context';

/** The hash that allows the one inline script of the site, the theme set before first paint (web/theme-init-script.ts). */
export const THEME_INIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT, 'utf8').digest('base64')}'`;

/** docs/product/spec.md §7: no framing; scripts only from the site itself (its files, and its own theme script by hash); connections only to the site. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", THEME_INIT_SCRIPT_HASH],
  connectSrc: ["'self'"],
  // MUI (react-admin) and React inject style attributes/tags.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * The site's CSP with the map's tile origin (MAP_TILE_URL) allowed in img-src, and nothing else added; without tiles
 * (MAP_TILE_URL empty) it is exactly CONTENT_SECURITY_POLICY.
 */
export function siteContentSecurityPolicy(mapTileOrigin: string | null | undefined, mediaOrigin?: string | null) {
  const extra = [mapTileOrigin, mediaOrigin].filter((o): o is string => !!o);
  return extra.length ? { ...CONTENT_SECURITY_POLICY, imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...extra] } : CONTENT_SECURITY_POLICY;
}

const isDocsPath = (path: string) => path === '/api/docs' || path.startsWith('/api/docs/');

export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** Runs helmet once against a recording response and returns the headers it set. */
export function helmetHeaders(options: Readonly<HelmetOptions>): HeaderList {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
    getHeader: (name: string) => headers.get(name),
  };
  let finished = false;
  helmet(options)({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  // Helmet calls next synchronously; anything else would mean headers that depend on timing, which we don't support.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

/**
 * Two profiles: documents (the SPA, the back office, static files) get the site's CSP; JSON API responses get the
 * OWASP REST set (nothing may be loaded or framed from them, no sniffing, no referrer, same-origin only).
 */
export function securityHeaders(options: { https: boolean; mapTileOrigin?: string | null; mediaOrigin?: string | null }) {
  const common = {
    frameguard: { action: 'deny' as const },
    strictTransportSecurity: options.https,
    xPoweredBy: false, // Koa never sets it
  } satisfies HelmetOptions;
  const documents = helmetHeaders({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: siteContentSecurityPolicy(options.mapTileOrigin, options.mediaOrigin) },
    crossOriginEmbedderPolicy: false,
  });
  const api = helmetHeaders({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // Meaningful for documents only.
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return async function securityHeadersMiddleware(ctx: AppContext, next: Next) {
    // The API reference page (/api/docs and its assets) is a document: it gets the site's CSP, not the API's.
    const list = ctx.path.startsWith('/api/') && !isDocsPath(ctx.path) ? api : documents;
    const res = ctx.res;
    for (let i = 0; i < list.length; i++) res.setHeader(list[i]![0], list[i]![1]);
    await next();
  };
}
