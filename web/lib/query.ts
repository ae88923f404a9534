// Server state through TanStack Query: the app's one QueryClient (its defaults) and useApiQuery, which
// turns a query into the loading / error / ready shape the screens and resource-states.tsx show.
// A 401 is the session provider's business (it sends the user to /auth): the state stays loading.
import { QueryClient, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
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

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Screens read fresh data when they mount (the cached copy shows meanwhile), but a tab
        // regaining focus does not refetch every list on the page: screens that want it opt in.
        staleTime: 0,
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
