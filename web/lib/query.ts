// Server state through TanStack Query: the app's one QueryClient (its defaults) and useApiQuery, which
// turns a query into the loading / error / ready shape the screens and resource-states.tsx show.
// A 401 is the session provider's business (it sends the user to /auth): the state stays loading.
import { hydrate, QueryClient, useQuery, useQueryClient, type DehydratedState, type Query, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError, isApiError } from './api';
import { i18n } from '../i18n';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; data: T };

/** A network failure or a 5xx is tried once more; a 4xx answer is final. */
export const retryTransient = (failures: number, error: unknown) =>
  failures < 1 && isApiError(error) && (error.isNetworkError || error.status >= 500);

/** How long the data a page was rendered with on the server counts as fresh in the browser. */
export const SERVER_DATA_FRESH_MS = 30_000;

/** Queries seeded from the server's render (seedFromServer): when, on this browser's clock, and which copy of the data
 * (a query's dataUpdateCount grows with every fetch). */
const seededFromServer = new Map<string, { at: number; updates: number }>();

/**
 * 0 (stale at once: a screen that mounts refetches) except for the server's copy of a page's data during its first
 * SERVER_DATA_FRESH_MS in the browser: the server read it a moment ago, so hydrating the page does not fetch it all
 * again (that second request also re-rendered every screen that shows a loading state). The window is counted on the
 * browser's clock from seeding, whatever the server's clock says, and ends when the visitor leaves that page
 * (forgetServerData, web/app/app.tsx).
 */
function staleTime(query: Query): number {
  const seeded = seededFromServer.get(query.queryHash);
  if (!seeded) return 0;
  if (query.state.dataUpdateCount !== seeded.updates) {
    seededFromServer.delete(query.queryHash);
    return 0;
  }
  // Stale once Date.now() passes seeded.at + SERVER_DATA_FRESH_MS (the query compares dataUpdatedAt + staleTime).
  return seeded.at + SERVER_DATA_FRESH_MS - query.state.dataUpdatedAt;
}

/** The visitor has left the page the server rendered: its data is read afresh like any other from now on. */
export function forgetServerData() {
  seededFromServer.clear();
}

/** Puts the query cache the server rendered the page with (web/ssr/state.ts) into the browser's client. */
export function seedFromServer(client: QueryClient, state: DehydratedState) {
  hydrate(client, state);
  const at = Date.now();
  for (const query of state.queries) seededFromServer.set(query.queryHash, { at, updates: query.state.dataUpdateCount });
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Screens read fresh data when they mount (the cached copy shows meanwhile), but a tab
        // regaining focus does not refetch every list on the page: screens that want it opt in.
        staleTime,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        retry: retryTransient,
      },
      mutations: { retry: false },
    },
  });
}

const asApiError = (error: unknown) => (isApiError(error) ? error : new ApiError(0, 'unexpected', i18n.t('errors.generic')));

export interface ApiQueryOptions {
  enabled?: boolean;
  /** Refetch when the tab becomes visible again (off by default: no refetch storms on focus). */
  refetchOnWindowFocus?: boolean;
  refetchInterval?: number | false;
  /** How long an unused result stays cached; 0 for data a form starts from (always read afresh). */
  gcTime?: number;
}

/**
 * One GET under a feature's query key. `retry` shows the spinner again and reloads; `reload` refetches
 * in the background keeping what is on screen (a failed silent refresh keeps it too); `mutate`
 * replaces the cached value after a mutation that answered with the new one.
 */
export function useApiQuery<T>(queryKey: QueryKey, load: (signal: AbortSignal) => Promise<T>, options: ApiQueryOptions = {}) {
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), ...options });

  let state: Resource<T>;
  if (query.data !== undefined) state = { status: 'ready', data: query.data };
  else if (query.status === 'error' && !(isApiError(query.error) && query.error.isSessionExpired)) state = { status: 'error', error: asApiError(query.error) };
  else state = { status: 'loading' };

  const key = JSON.stringify(queryKey);
  const retry = useCallback(() => {
    void client.resetQueries({ queryKey: JSON.parse(key) as QueryKey, exact: true });
  }, [client, key]);
  const { refetch } = query;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  const mutate = useCallback(
    (update: (data: T) => T) => client.setQueryData<T>(JSON.parse(key) as QueryKey, (current) => (current === undefined ? current : update(current))),
    [client, key],
  );
  return { state, retry, reload, mutate };
}
