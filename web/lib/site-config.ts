// The web app's run-time configuration from the server (GET /api/site-config): read once per page load and kept
// (the server changes it only on restart). Today: the map's tile layer (null when tiles are disabled).
import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from './api-client';
import { apiClient, call } from './api';

export type SiteConfig = ApiAnswer<'/api/site-config', 'get'>;

/** What a map falls back to when the configuration cannot be read: no tiles (never a guessed address). */
export const NO_TILES: SiteConfig = { map: { tile_url: null, attribution: '' } };

export function useSiteConfig(): { config: SiteConfig | undefined; loading: boolean } {
  const query = useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => call(apiClient.GET('/api/site-config', { signal }), { redirectOnUnauthorized: false }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { config: query.data ?? (query.isError ? NO_TILES : undefined), loading: query.isPending };
}
