// The data a page was rendered with on the server (web/lib/query.ts seedFromServer): fresh in the browser for
// SERVER_DATA_FRESH_MS or until the visitor leaves the page, so hydration does not fetch it again; anything else, and
// the same data afterwards, is stale at once (screens read fresh data when they mount).
import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, forgetServerData, seedFromServer, SERVER_DATA_FRESH_MS } from '../../web/lib/query';

/** What the server's render sends: a client that read `data` under `key` (its clock may differ from the browser's). */
function serverState(key: string[], data: unknown, serverNow: number) {
  const server = new QueryClient();
  server.setQueryData(key, data, { updatedAt: serverNow });
  return dehydrate(server);
}

const isStale = (client: QueryClient, key: string[]) =>
  new QueryObserver(client, { queryKey: key, queryFn: () => Promise.resolve('again') }).getCurrentResult().isStale;

afterEach(() => {
  forgetServerData();
  vi.useRealTimers();
});

describe('seedFromServer', () => {
  it("keeps the server's copy fresh for SERVER_DATA_FRESH_MS on the browser's clock, whatever the server's clock says", () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') });
    const client = createQueryClient();
    // The server's clock runs 2 minutes ahead of the browser's.
    seedFromServer(client, serverState(['plans', 'catalogue'], [{ id: 'p1' }], Date.now() + 120_000));
    expect(client.getQueryData(['plans', 'catalogue'])).toEqual([{ id: 'p1' }]);
    expect(isStale(client, ['plans', 'catalogue'])).toBe(false);

    vi.setSystemTime(Date.now() + SERVER_DATA_FRESH_MS - 1_000);
    expect(isStale(client, ['plans', 'catalogue'])).toBe(false);
    vi.setSystemTime(Date.now() + 2_000);
    expect(isStale(client, ['plans', 'catalogue'])).toBe(true);
  });

  it('is stale at once after the visitor leaves the page, once refetched, and for data the server did not send', () => {
    const client = createQueryClient();
    seedFromServer(client, serverState(['campaigns', 'active'], null, Date.now()));
    seedFromServer(client, serverState(['products'], { items: [] }, Date.now()));
    expect(isStale(client, ['campaigns', 'active'])).toBe(false);

    // Fetched again in the browser: an ordinary query from now on.
    client.setQueryData(['products'], { items: [{ id: 'x' }] });
    expect(isStale(client, ['products'])).toBe(true);

    client.setQueryData(['cart'], { lines: [] });
    expect(isStale(client, ['cart'])).toBe(true);

    forgetServerData();
    expect(isStale(client, ['campaigns', 'active'])).toBe(true);
  });
});
