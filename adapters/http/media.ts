// GET /media/<key>: files of the storage port (product images), safe keys only, right type, cached for a year.
import { createHash } from 'node:crypto';
import type { Next } from 'koa';
import type { FileStorage } from '../../core/ports/storage';
import { MEDIA_PREFIX, isSafeKey } from '../storage/local.storage';
import type { AppContext } from './context';

/** Stored files never run as pages of this site, even an SVG opened on its own (no scripts, no plugins, sandboxed). */
const MEDIA_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

export function mediaFiles(storage: () => FileStorage) {
  return async (ctx: AppContext, next: Next) => {
    if (!ctx.path.startsWith(`${MEDIA_PREFIX}/`)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    let key: string;
    try {
      key = decodeURIComponent(ctx.path.slice(MEDIA_PREFIX.length + 1));
    } catch {
      key = '';
    }
    const file = isSafeKey(key) ? await storage().get(key) : null;
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
  };
}
