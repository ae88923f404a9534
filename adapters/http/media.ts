// GET /media/<key>: files of the storage port (product images), safe keys only, right type, cached for a year.
import { createHash } from 'node:crypto';
import type { Next } from 'koa';
import type { ImageProcessor } from '../../core/ports/image';
import type { FileStorage } from '../../core/ports/storage';
import { MEDIA_PREFIX, isSafeKey } from '../storage/local.storage';
import type { AppContext } from './context';

/** Stored files never run as pages of this site, even an SVG opened on its own (no scripts, no plugins, sandboxed). */
const MEDIA_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * `publicBase` (S3_PUBLIC_URL): the bucket's public address; a safe key is then redirected there (an hour's cache on the
 * redirect, not a year's: the address may change) and the bytes never pass through this server.
 */
export function mediaFiles(storage: () => FileStorage, publicBase: string | null = null) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.path.startsWith(`${MEDIA_PREFIX}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const key = keyIn(ctx.path, MEDIA_PREFIX);
    if (publicBase && isSafeKey(key)) {
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.status = 302;
      ctx.redirect(`${publicBase}/${key.split('/').map(encodeURIComponent).join('/')}`);
      return;
    }
    const file = isSafeKey(key) ? await storage().get(key) : null;
    sendStored(ctx, file);
  };
}

/** The storage key in `/<prefix>/<key><suffix>`, decoded; '' when it does not decode (never a safe key). */
function keyIn(path: string, prefix: string, suffix = ''): string {
  try {
    return decodeURIComponent(path.slice(prefix.length + 1, path.length - suffix.length));
  } catch {
    return '';
  }
}

/**
 * A stored file (or its card) as the answer: its type, never run as a page, cached for a year (keys carry their
 * content's hash), 304 when the client has it; a plain-text 404 when there is none.
 */
function sendStored(ctx: AppContext, file: { body: Uint8Array; contentType: string } | null) {
  if (!file) {
    ctx.status = 404;
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = 'Não encontrado';
    return;
  }
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('Content-Security-Policy', MEDIA_CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = file.contentType;
  ctx.etag = `"${createHash('sha1').update(file.body).digest('base64url')}"`;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength);
}

/** Where the link-preview picture of a stored image is served: `/og/<key>.jpg` (web/ssr/meta.ts previewImagePath points og:image there). */
const PREVIEW_PREFIX = '/og';
const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
/** The site's dark background (web/lib/theme.ts), around the picture. */
const PREVIEW_BACKGROUND = '#15110e';
const PREVIEW_CACHE_ENTRIES = 64;

/**
 * GET /og/<key>.jpg: the stored image `<key>` as a 1200 × 630 JPEG card (ImageProcessor.previewCard), for crawlers and
 * link previews, which do not show SVG (the seeded product covers) and prefer that shape. Rendered on the first request
 * and kept in memory (the newest 64; keys carry their content's hash, so a kept card is never stale).
 */
export function mediaPreviews(storage: () => FileStorage, images: () => ImageProcessor) {
  const cache = new Map<string, Uint8Array>();
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.path.startsWith(`${PREVIEW_PREFIX}/`) || !ctx.path.endsWith('.jpg')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const key = keyIn(ctx.path, PREVIEW_PREFIX, '.jpg');
    let body = cache.get(key) ?? null;
    if (!body && isSafeKey(key)) {
      const file = await storage().get(key);
      const card = file && (await images().previewCard(file.body, { ...PREVIEW_SIZE, background: PREVIEW_BACKGROUND }));
      if (card) {
        body = card.body;
        if (cache.size >= PREVIEW_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, body);
      }
    }
    sendStored(ctx, body && { body, contentType: 'image/jpeg' });
  };
}
