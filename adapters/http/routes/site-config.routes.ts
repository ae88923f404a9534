// GET /api/site-config: what the web app learns from the server's configuration at run time (no inline script, so
// the CSP stays script-src 'self'): today the map's tile layer (MAP_TILE_URL; null when tiles are disabled).
import { z } from 'zod';
import type { Config } from '../../config';
import { ContractRouter, reply } from '../contract';

/** OpenStreetMap's data licence asks for this credit on every map drawn from it. */
export const MAP_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export const siteConfigSchema = z.object({
  map: z.object({
    /** Leaflet's tile URL template ({z}/{x}/{y}, maybe {s}); null: no tiles, the map shows its markers only. */
    tile_url: z.string().nullable(),
    attribution: z.string(),
  }),
});

export function siteConfigRoutes(config: Config) {
  const answer = { map: { tile_url: config.mapTiles?.url ?? null, attribution: MAP_ATTRIBUTION } };
  return new ContractRouter({ tag: 'system' }).route({
    method: 'get',
    path: '/api/site-config',
    summary: 'Public run-time configuration of the web app (map tiles)',
    guard: 'public',
    answers: { 200: { description: 'The map tile layer (null when disabled).', schema: siteConfigSchema } },
    handler: async (ctx) => {
      // Revalidated each load: the CSP follows a restart at once, so must the tile URL the page uses.
      ctx.set('Cache-Control', 'no-cache');
      return reply(200, answer);
    },
  });
}
