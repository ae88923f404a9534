// A local Nominatim (docs/integrations.md#nominatim) on 127.0.0.1: GET /search structured queries, programmable per street/city.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest } from './viacep.fake';

export type { RecordedRequest };

export type NominatimBehaviour =
  | { kind: 'found'; lat: string; lon: string; displayName?: string }
  | { kind: 'empty' }
  | { kind: 'status'; status: number; body?: unknown }
  | { kind: 'hang' };

export const nominatim = {
  /** lat/lon are strings, as the real service sends them. */
  found: (lat: string, lon: string, displayName?: string): NominatimBehaviour => ({
    kind: 'found',
    lat,
    lon,
    ...(displayName ? { displayName } : {}),
  }),
  /** 200 `[]`: no match. */
  empty: (): NominatimBehaviour => ({ kind: 'empty' }),
  status: (status: number, body?: unknown): NominatimBehaviour => ({ kind: 'status', status, body }),
  hang: (): NominatimBehaviour => ({ kind: 'hang' }),
};

export interface NominatimQuery {
  city: string;
  /** Omitted: any street (or none) in that city. */
  street?: string;
}

export interface NominatimFake {
  url: string;
  requests: RecordedRequest[];
  /** Answers for a query; several behaviours are served in turn, the last one repeating. Unknown queries get `[]`. */
  set(query: NominatimQuery, ...behaviours: NominatimBehaviour[]): void;
  /** Search requests seen so far (other paths excluded). */
  searches(): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

const STRUCTURED = ['amenity', 'street', 'city', 'county', 'state', 'country', 'postalcode'];
// The usage policy refuses stock library User-Agents (node's fetch sends "node").
const STOCK_AGENT = /^(node|undici|axios|got|python-requests|curl|wget|java)\b/i;

const keyOf = (city: string, street = '') => `${street.trim().toLowerCase()}|${city.trim().toLowerCase()}`;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

const error = (res: ServerResponse, status: number, message: string) => json(res, status, { error: { code: status, message } });

export async function startNominatimFake(): Promise<NominatimFake> {
  const behaviours = new Map<string, NominatimBehaviour[]>();
  const requests: RecordedRequest[] = [];
  let placeId = 100_000;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      headers: req.headers,
      at: performance.timeOrigin + performance.now(),
    });
    if (req.method !== 'GET' || url.pathname !== '/search') {
      error(res, 404, 'Not found');
      return;
    }
    const agent = req.headers['user-agent'] ?? '';
    if (!agent || STOCK_AGENT.test(agent)) {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end('<h1>Access blocked</h1><p>See the usage policy: identify your application.</p>');
      return;
    }
    if (!query.format) {
      // Without format the public server serves its HTML user interface.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><title>Nominatim Demo</title></html>');
      return;
    }
    if (query.q !== undefined && STRUCTURED.some((p) => query[p] !== undefined)) {
      error(res, 400, "Structured query parameters(amenity, street, city, county, state, postalcode, country) cannot be used together with 'q' parameter.");
      return;
    }
    const city = query.city ?? '';
    const queue = behaviours.get(keyOf(city, query.street)) ?? behaviours.get(keyOf(city));
    const behaviour = queue && queue.length > 1 ? queue.shift()! : (queue?.[0] ?? nominatim.empty());
    switch (behaviour.kind) {
      case 'found': {
        const lat = Number(behaviour.lat);
        const lon = Number(behaviour.lon);
        json(res, 200, [
          {
            place_id: placeId++,
            licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
            osm_type: 'way',
            osm_id: 4_275_209,
            lat: behaviour.lat,
            lon: behaviour.lon,
            category: 'highway',
            type: 'residential',
            place_rank: 26,
            importance: 0.1,
            addresstype: 'road',
            name: query.street ?? city,
            display_name: behaviour.displayName ?? [query.street, city, query.state, 'Brasil'].filter(Boolean).join(', '),
            boundingbox: [String(lat - 0.001), String(lat + 0.001), String(lon - 0.001), String(lon + 0.001)],
          },
        ]);
        return;
      }
      case 'empty':
        json(res, 200, []);
        return;
      case 'status':
        if (behaviour.body === undefined) error(res, behaviour.status, 'Internal Server Error');
        else json(res, behaviour.status, behaviour.body);
        return;
      case 'hang':
        return;
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(query, ...list) {
      behaviours.set(keyOf(query.city, query.street), list.length ? list : [nominatim.empty()]);
    },
    searches() {
      return requests.filter((r) => r.path === '/search');
    },
    reset() {
      behaviours.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
