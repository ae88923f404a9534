// The server render (built into dist/server/, loaded by adapters/http/static.ts): public pages and the main signed-in
// screens as real HTML with the page's data read from the site's own API and inlined as JSON; every other page gets
// the app's skeleton (renderShell). See docs/server-rendering.md.
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { routes } from './app/routes';
import { AppProviders } from './app/providers';
import { RootLayout } from './app/root-layout';
import { PageSpinner } from './components/spinner';
import { createQueryClient } from './lib/query';
import { ServerSessionHint } from './lib/session';
import { ServerOrigin } from './lib/server-origin';
import { RENDERED_AT_KEY } from './lib/use-now';
import { clientScreen, planPage, planSignedInPage, type FetchJson } from './ssr/pages';
import { chunkTags, fillShell, fillTemplate, previewImagePath, type ClientManifest } from './ssr/meta';
import { stateScript } from './ssr/state';

export type { FetchJson };
export type { ClientManifest };

export interface RenderOptions {
  /** The built index.html (dist/web/index.html): the page is poured into it. */
  template: string;
  /** The site's public origin, for canonical and og:url / og:image. */
  origin: string;
  fetchJson: FetchJson;
  dev?: boolean;
  /** Gives up on a render that takes longer (the SPA shell is sent instead). */
  timeoutMs?: number;
  /** The client build's manifest: the page's screen chunk is sent with it (web/ssr/meta.ts chunkTags). */
  manifest?: ClientManifest | null;
  /** The request carried a session cookie: the top bar waits for the session instead of offering 'Entrar'. */
  session?: boolean;
  /** GETs carrying the request's session cookie (only when it has one): the signed-in pages' data, never the
   * public pages' (those are drawn the same for everyone). */
  fetchSignedIn?: FetchJson;
}

export interface RenderResult {
  status: number;
  html: string;
  /** 'page': the page itself, hydrated by the browser; 'shell': the app's skeleton, the browser renders the screen. */
  kind: 'page' | 'shell';
}

const handler = createStaticHandler(routes);

// The skeleton of a client-rendered page: the app's own layout (top bar, footer) with its loading screen where the
// screen goes, the very markup of the browser's first render (the layout with the screen's Suspense fallback), so
// nothing moves when the app takes over; the app renders over it (no hydration: a signed-in top bar differs).
const shellHandler = createStaticHandler([{ element: <RootLayout />, children: [{ path: '*', element: <PageSpinner /> }] }] satisfies RouteObject[]);

/** Renders the whole tree (lazy screens included: it waits for all of it) to a string. */
async function renderToHtml(element: React.ReactElement, timeoutMs: number): Promise<string> {
  let failed: unknown = null;
  const stream = await renderToReadableStream(element, {
    // Every boundary inline, in document order: large ones would otherwise be outlined and revealed by inline
    // scripts, which the CSP forbids. We wait for everything anyway (allReady).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: AbortSignal.timeout(timeoutMs),
    onError(error) {
      failed ??= error;
    },
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  // A part that failed on the server would be left to the browser: send the shell instead.
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return html;
}

/** The app's skeleton for a client-rendered page, with its screen's chunks (fetched with the app), answered with `status`. */
export async function renderShell(url: string, options: Pick<RenderOptions, 'template' | 'origin' | 'manifest' | 'timeoutMs' | 'session'>, status = 200): Promise<RenderResult | null> {
  const parsed = new URL(url, options.origin);
  const context = await shellHandler.query(new Request(parsed.toString()));
  if (context instanceof Response) return null;
  const router = createStaticRouter(shellHandler.dataRoutes, context);
  const html = await renderToHtml(
    <AppProviders queryClient={createQueryClient()}>
      <ServerSessionHint.Provider value={options.session ?? false}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ServerSessionHint.Provider>
    </AppProviders>,
    options.timeoutMs ?? 5_000,
  );
  return { status, kind: 'shell', html: fillShell(options.template, { html, chunks: chunkTags(options.manifest, clientScreen(parsed.pathname), { css: 'preload' }) }) };
}

/** The page as HTML: rendered with its data, or the app's skeleton (renderShell) when the browser renders it. */
export async function render(url: string, options: RenderOptions): Promise<RenderResult | null> {
  const parsed = new URL(url, options.origin);
  // A page drawn for the signed-in person first (the cart is also a visitor's page); planSignedInPage asks nothing of a
  // path that is not one of its screens.
  const plan =
    (options.fetchSignedIn ? await planSignedInPage(parsed.pathname, options.fetchSignedIn) : null) ??
    (await planPage(parsed.pathname, parsed.searchParams, options.fetchJson, { dev: options.dev }));
  if (!plan) return renderShell(url, options);
  if (plan.shellOnly) return renderShell(url, options, plan.status);

  const queryClient = createQueryClient();
  for (const [key, data] of plan.seed) queryClient.setQueryData(key, data);
  // The page's clocks read this instant, and the browser's hydrating render reads it back (web/lib/use-now.ts).
  const renderedAt = Date.now();
  queryClient.setQueryData(RENDERED_AT_KEY, renderedAt);

  const context = await handler.query(new Request(parsed.toString()));
  if (context instanceof Response) return renderShell(url, options); // redirects: none today, the browser would do it
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = await renderToHtml(
    <AppProviders queryClient={queryClient} renderedAt={renderedAt}>
      <ServerSessionHint.Provider value={options.session ?? false}>
        <ServerOrigin.Provider value={options.origin}>
          {/* hydrate={false}: the router's hydration data would be an inline script (the CSP forbids it); no loaders here. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ServerOrigin.Provider>
      </ServerSessionHint.Provider>
    </AppProviders>,
    options.timeoutMs ?? 5_000,
  );

  const absolute = (path: string) => new URL(path, options.origin).toString();
  const state = stateScript(dehydrate(queryClient));
  queryClient.clear();
  return {
    status: plan.status,
    kind: 'page',
    html: fillTemplate(options.template, {
      html,
      state,
      chunks: chunkTags(options.manifest, [plan.screen, ...(plan.parts ?? [])]),
      meta: {
        ...plan.meta,
        url: absolute(plan.canonical ?? parsed.pathname + parsed.search),
        image: absolute(previewImagePath(plan.meta.image ?? '/icons/icon-512.png')),
        siteName: 'Turma',
        locale: 'pt-BR',
      },
    }),
  };
}
