// Providers and the router (in the browser; the server renders the same tree with a static router: web/entry-server.tsx).
import type { DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

/** `initialState`: the query cache the server rendered the page with (absent on client-only pages). */
export function App({ initialState }: { initialState?: DehydratedState | null } = {}) {
  return (
    <AppProviders initialState={initialState}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
