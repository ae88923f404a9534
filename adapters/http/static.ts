// Serves the built web app and back office with the SPA fallback (/admin/* → admin, else web); an unknown path gets the
// app with status 404. Public pages and the main signed-in screens are rendered by the web app's server entry with
// their data (docs/server-rendering.md); anything else, or a failed render, gets the app's shell.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Next } from 'koa';
import send from 'koa-send';
import { findSsrEntry } from '../build';
import { isKnownRoute } from '../../web/app/route-paths';
import { SESSION_COOKIE, type AppContext } from './context';
import type { ClientManifest, FetchJson, render as renderPage, renderShell as renderShellPage } from '../../web/entry-server';
import type { Logger } from '../logger';

interface ServerRenderer {
  render: typeof renderPage;
  renderShell: typeof renderShellPage;
  template: string;
  manifest: ClientManifest | null;
}

function readManifest(file: string): ClientManifest | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as ClientManifest;
  } catch {
    return null;
  }
}

/** The built server entry and template, reloaded when a new build lands (a new entry file name, or a new index.html). */
function serverRenderer(distDir: string, onLoadError: (err: unknown, entry: string) => void) {
  const index = join(distDir, 'web', 'index.html');
  let loaded: { key: string; renderer: Promise<ServerRenderer | null> } | null = null;
  return (): Promise<ServerRenderer | null> => {
    const entry = findSsrEntry(join(distDir, 'server'));
    if (!entry || !existsSync(index)) return Promise.resolve(null);
    const key = `${entry}:${statSync(index).mtimeMs}`;
    if (loaded?.key !== key) {
      // Imported by its own name: its chunks import it by that name too, so there is one copy of it.
      const renderer = import(pathToFileURL(entry).href).then(
        (mod: { render: typeof renderPage; renderShell: typeof renderShellPage }) => ({ render: mod.render, renderShell: mod.renderShell, template: readFileSync(index, 'utf8'), manifest: readManifest(join(distDir, 'web', '.vite', 'manifest.json')) }),
        (err: unknown) => {
          // Every public page would go out as the bare shell: loud, never silent.
          onLoadError(err, entry);
          return null;
        },
      );
      loaded = { key, renderer };
    }
    return loaded.renderer;
  };
}

/**
 * GETs on this very server (the request's own socket address), for the data of a page being rendered; `session`: as
 * the person whose session cookie the request carries (only that cookie is passed on).
 */
function loopbackFetch(ctx: AppContext, session?: string): FetchJson {
  const socket = ctx.req.socket;
  const address = socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? (address === '::' || address === '::1' || address.startsWith('::ffff:') ? '127.0.0.1' : `[${address}]`) : address === '0.0.0.0' ? '127.0.0.1' : address;
  const base = `http://${host}:${socket.localPort}`;
  return async (path) => {
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'pt-BR' };
    if (session) headers.cookie = `${SESSION_COOKIE}=${session}`;
    const res = await fetch(base + path, { headers, signal: AbortSignal.timeout(4_000) });
    return { status: res.status, body: res.ok && res.status !== 204 ? await res.json() : null };
  };
}

export const DIST_DIR = resolve(import.meta.dirname, '../../dist');

export function staticApps(distDir = DIST_DIR, options: { dev?: boolean; publicUrl?: string; logger?: Logger } = {}) {
  const webRoot = join(distDir, 'web');
  const adminRoot = join(distDir, 'admin');
  const renderer = serverRenderer(distDir, (err, entry) =>
    options.logger?.error({ err, entry }, 'a renderização no servidor não carregou: as páginas públicas saem sem conteúdo (rode `npm run build`)'),
  );
  // Loaded at start, so a broken entry is in the start-up log rather than found by a visitor.
  void renderer();

  /** The page (or the app's skeleton) rendered on the server; false when the render failed: send the bare shell. */
  const serverRender = async (ctx: AppContext): Promise<boolean> => {
    const ssr = await renderer();
    if (!ssr) return false;
    // Links in the head follow PUBLIC_URL in production; in development the address the request came in on.
    const origin = !options.dev && options.publicUrl ? options.publicUrl.replace(/\/$/, '') : `${ctx.protocol}://${ctx.host}`;
    // A session cookie: the top bar is drawn waiting for the session, not signed out (the browser then checks it).
    const sessionCookie = ctx.cookies.get(SESSION_COOKIE);
    const session = Boolean(sessionCookie);
    let page: Awaited<ReturnType<ServerRenderer['render']>>;
    try {
      page = await ssr.render(ctx.url, {
        template: ssr.template,
        manifest: ssr.manifest,
        origin,
        fetchJson: loopbackFetch(ctx),
        fetchSignedIn: sessionCookie ? loopbackFetch(ctx, sessionCookie) : undefined,
        dev: options.dev,
        session,
      });
    } catch (error) {
      ctx.state.log.warn({ err: error, path: ctx.path }, 'server render failed: the skeleton sent');
      // The page's data or render failed: the browser renders it, over the skeleton.
      page = await ssr.renderShell(ctx.url, { template: ssr.template, manifest: ssr.manifest, origin, session }).catch(() => null);
    }
    if (!page) return false;
    // Drawn for a session (a signed-in page carries the person's own data): kept by no cache, shared or not.
    ctx.set('Cache-Control', session ? 'private, no-store' : 'no-cache');
    ctx.vary('Cookie');
    ctx.status = page.status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page.html; // Koa sends no body for HEAD
    return true;
  };

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
      // The push service worker: browsers check it for updates, so a new one reaches them with the next visit.
      if (!isAdmin && relative === '/sw.js') ctx.set('Cache-Control', 'no-cache');
      try {
        // Hashed assets come with their .br and .gz made at build time (adapters/build.ts): sent as they are to a
        // browser that accepts them, so nothing is compressed per request.
        if (immutable) ctx.vary('Accept-Encoding');
        const served = await send(ctx, relative, {
          root,
          immutable,
          maxage: immutable ? 365 * 24 * 3600 * 1000 : 3600 * 1000,
          gzip: immutable,
          brotli: immutable,
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
    if (!isAdmin && (await serverRender(ctx))) return;
    await sendIndex(ctx, root, isAdmin || isKnownRoute(relative, { dev: options.dev }) ? 200 : 404);
  };
}
