// The app's one QueryClientProvider, and the rule that the cache belongs to whoever is signed in: it
// is emptied when the user changes (sign-out, another account), so nobody sees the previous user's data.
import { QueryClientProvider, useQueryClient, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from '../lib/session';
import { createQueryClient, seedFromServer } from '../lib/query';

/**
 * `client`: the server render's own client (one per request); `initialState`: what the server rendered the page with
 * (web/ssr/state.ts), seeded into the browser's cache so hydration matches and nothing is fetched twice on load (fresh for a while:
 * web/lib/query.ts SERVER_DATA_FRESH_MS).
 */
export function QueryProvider({ children, client: given, initialState }: { children: ReactNode; client?: QueryClient; initialState?: DehydratedState | null }) {
  const [client] = useState(() => {
    if (given) return given;
    const created = createQueryClient();
    if (initialState) seedFromServer(created, initialState);
    return created;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Inside the session provider: clears the cache when the signed-in user changes. */
export function CacheOwner() {
  const client = useQueryClient();
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user.id : session.status === 'loading' ? undefined : null;
  const owner = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined) return;
    if (owner.current !== undefined && owner.current !== userId) client.clear();
    owner.current = userId;
  }, [client, userId]);
  return null;
}
