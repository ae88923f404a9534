// Providers and the router (in the browser; the server renders the same tree with a static router: web/entry-server.tsx).
import type { DehydratedState } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './routes';
import { forgetServerData } from '../lib/query';
import { RENDERED_AT_KEY } from '../lib/use-now';

const renderedAtOf = (state: DehydratedState | null | undefined): number | null => {
  const data = state?.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(RENDERED_AT_KEY))?.state.data;
  return typeof data === 'number' ? data : null;
};

// `hydrationData` (the routes have no loaders, so it is empty): the page the browser opened is where the visitor already
// is, so the router does not scroll it to the top when the app starts. A server-rendered page can be read and scrolled
// before the app has hydrated it (web/main.tsx starts the app after the first paint). A reload still returns to the
// saved position (<ScrollRestoration>), and every navigation inside the app starts at the top as before.
const router = createBrowserRouter(routes, { hydrationData: {} });
// The data the server rendered the first page with counts as fresh only on that page (web/lib/query.ts).
const firstLocation = router.state.location;
const stopWatching = router.subscribe((state) => {
  if (state.location === firstLocation) return;
  forgetServerData();
  stopWatching();
});

/** `initialState`: the query cache the server rendered the page with (absent on client-only pages). */
export function App({ initialState }: { initialState?: DehydratedState | null } = {}) {
  // The server's instant holds until the screen has hydrated (its boundary hydrates after the layout); screens mounted
  // later use the clock.
  const [renderedAt, setRenderedAt] = useState(() => renderedAtOf(initialState));
  const hydrated = useCallback(() => setRenderedAt(null), []);
  return (
    <AppProviders initialState={initialState} renderedAt={renderedAt} onHydrated={hydrated}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
