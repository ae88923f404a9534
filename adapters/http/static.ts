// Serves the built web app and back office, with the SPA fallback: /admin/* → admin, everything else → web.
// A path the web app has no screen for (its route table, web/app/route-paths.ts) gets the app with status 404:
// the app renders its not-found screen, and crawlers and monitors see a real 404.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Next } from 'koa';
import send from 'koa-send';
import { isKnownRoute } from '../../web/app/route-paths';
import type { AppContext } from './context';

export const DIST_DIR = resolve(import.meta.dirname, '../../dist');

export function staticApps(distDir = DIST_DIR, options: { dev?: boolean } = {}) {
  const webRoot = join(distDir, 'web');
  const adminRoot = join(distDir, 'admin');

  const sendIndex = async (ctx: AppContext, root: string, status = 200) => {
    if (!existsSync(join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = 'O aplicativo ainda não foi compilado. Rode "npm start" (ou "npm run build").';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = status;
    await send(ctx, 'index.html', { root });
  };

  return async (ctx: AppContext, next: Next) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();

    const isAdmin = ctx.path === '/admin' || ctx.path.startsWith('/admin/');
    if (ctx.path === '/admin') return ctx.redirect('/admin/');
    const root = isAdmin ? adminRoot : webRoot;
    const relative = isAdmin ? ctx.path.slice('/admin'.length) : ctx.path;

    if (relative !== '/' && relative.includes('.')) {
      const immutable = relative.startsWith('/assets/');
      try {
        const served = await send(ctx, relative, {
          root,
          immutable,
          maxage: immutable ? 365 * 24 * 3600 * 1000 : 3600 * 1000,
          gzip: false,
          brotli: false,
        });
        if (served) return;
      } catch (err) {
        const status = (err as { status?: number }).status;
        if (status !== 404 && status !== 400) throw err;
        // A missing asset is a real 404, not the SPA (a stale index would otherwise load HTML as JS).
        if (relative.startsWith('/assets/')) {
          ctx.status = 404;
          ctx.body = 'Não encontrado';
          return;
        }
      }
    }
    await sendIndex(ctx, root, isAdmin || isKnownRoute(relative, { dev: options.dev }) ? 200 : 404);
  };
}
