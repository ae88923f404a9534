// The customer web app itself, imported by web/main.tsx once the browser has painted the page: React, the router, the
// translations and the app's code are fetched and run only after the server's HTML is on screen.
import { startTransition } from 'react';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found in index.html');

// The app's pieces are fetched together and each runs when it arrives, in a task of its own: the translations and the
// server's state, React's DOM renderer, then the app (router, query cache, shell). Run as one module graph they made one
// long task; apart, a phone can answer a tap in between.
const pieces = Promise.all([import('./ssr/state'), import('react-dom/client'), import('./app/app'), import('./app/routes')]);

async function start(root: HTMLElement) {
  const [{ readServerState, renderedAsOnServer }, { createRoot, hydrateRoot }, { App }, { preloadRoute }] = await pieces;
  // Pages arrive rendered by the server (web/entry-server.tsx) in pt-BR for an empty cart — public ones signed out,
  // the main signed-in ones for their person — with the data they were drawn from; that data seeds the query cache.
  // Such a visitor's first render is the server's HTML, so React hydrates it (the nodes on screen are kept, no second
  // paint); anyone else (signed in on a public page, en-US, a cart) would render something else, so the app renders
  // over the server's HTML instead (it stays on screen until then).
  const initialState = readServerState(document);
  // The app marks itself ready (web/app/app-ready.tsx) once the screen is hydrated or drawn.
  const app = <App initialState={initialState} />;
  // The page's screen is loaded first, so the whole page hydrates in one pass (a screen still loading when the
  // layout's first effects run would be drawn again); if its chunk fails to load, the app renders as usual (and
  // retries it). Hydration runs as a transition: React works in slices of a few milliseconds and lets the phone answer
  // a tap in between, instead of one long task (the page is already on screen, so nothing waits for it to finish).
  // Drawn again instead (createRoot over the server's HTML: another locale, a cart), the screen is loaded first too:
  // its first render is then the page itself, not 'Carregando...' in its place.
  if (initialState) {
    const loaded = await preloadRoute(window.location.pathname).then(
      () => true,
      () => false,
    );
    if (loaded && renderedAsOnServer(initialState)) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  } else createRoot(root).render(app);
}

void start(container);
