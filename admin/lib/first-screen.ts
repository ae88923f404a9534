// The first screen in one render: the session and a list's first page, answered while the app loaded (lib/early.ts),
// go into react-admin's query cache before it renders, instead of a spinner, then the layout, then the rows.
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { localStorageStore } from 'react-admin';
import { fetchMe, getSecondFactorStep, identityOf } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { i18nProvider } from '../providers/i18nProvider';
import { LIST_DEFAULTS, earlyListResource } from '../providers/early';

/** How long an answer put here counts as fresh: the first screen's hooks take it instead of asking again on mount. */
const FRESH_MS = 10_000;

/** The answers put here, by query, with the time each was put: a later fetch of the same query replaces the time. */
const filledAt = new Map<string, number>();

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: (query) => (filledAt.get(query.queryHash) === query.state.dataUpdatedAt ? FRESH_MS : 0) } },
});

function fill(queryKey: QueryKey, data: unknown) {
  queryClient.setQueryData(queryKey, data);
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query) filledAt.set(query.queryHash, query.state.dataUpdatedAt);
}

/** react-admin's own store (localStorage): the admin's language, each list's sort and filters, the sidebar. */
export const store = localStorageStore();

/** Fills react-admin's cache with what the first screen needs, when an admin is signed in; never throws. */
export async function fillFirstScreen(): Promise<void> {
  // With no language stored, react-admin's i18n context renders nothing on its first render and everything on a second,
  // blocking one: the default language, stored, lets the first render draw the screen.
  if (store.getItem('locale') === undefined) store.setItem('locale', i18nProvider.getLocale());
  const user = await fetchMe().catch(() => null);
  if (user?.role !== 'admin' || getSecondFactorStep()) return;
  // The keys react-admin's own hooks use (ra-core useAuthState, useGetIdentity, usePermissions, useGetList).
  fill(['auth', 'checkAuth', {}], true);
  fill(['auth', 'getIdentity'], identityOf(user));
  fill(['auth', 'getPermissions', {}], user.role);
  const resource = earlyListResource();
  if (!resource) return;
  const { sort, perPage } = LIST_DEFAULTS[resource];
  const params = { pagination: { page: 1, perPage }, sort, filter: {} };
  try {
    const { data, total, pageInfo, meta } = await dataProvider.getList(resource, params);
    fill([resource, 'getList', params], { data, total, pageInfo, meta });
  } catch {
    // The list asks again when it mounts, and shows its own error.
  }
}
