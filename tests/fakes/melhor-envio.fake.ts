// A local Melhor Envio on 127.0.0.1: POST /api/v2/me/shipment/calculate with a bearer token, answering like the real
// API — a JSON list of services, each with a price in reais as a string and a delivery time in days, or an `error`
// for a service that does not serve the route. Behaviours are programmable (status, hang) and requests recorded.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MelhorEnvioRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export type MelhorEnvioBehaviour =
  | { kind: 'quote' }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' };

export interface MelhorEnvioFake {
  url: string;
  token: string;
  requests: MelhorEnvioRequest[];
  /** Behaviours served in turn, the last repeating; default: quote. */
  set(...behaviours: MelhorEnvioBehaviour[]): void;
  close(): Promise<void>;
}

/**
 * The fake's prices: PAC 15.00 + 4.00 per kg (real weight × quantity, started kg), SEDEX twice that; 6 and 2 days; a
 * third service (Jadlog .Package) answers with `error`, as the real API does for routes a carrier does not serve.
 */
export function fakeMelhorEnvioPrices(body: any) {
  const kg = Math.max(1, Math.ceil((body.products as any[]).reduce((s, p) => s + Number(p.weight) * Number(p.quantity), 0)));
  const pac = 15 + 4 * kg;
  return [
    { id: 1, name: 'PAC', price: pac.toFixed(2), custom_price: pac.toFixed(2), discount: '0.00', currency: 'R$', delivery_time: 6, custom_delivery_time: 6, delivery_range: { min: 5, max: 6 }, company: { id: 1, name: 'Correios', picture: 'https://example/correios.png' } },
    { id: 2, name: 'SEDEX', price: (pac * 2).toFixed(2), custom_price: (pac * 2).toFixed(2), discount: '0.00', currency: 'R$', delivery_time: 2, custom_delivery_time: 2, delivery_range: { min: 1, max: 2 }, company: { id: 1, name: 'Correios', picture: 'https://example/correios.png' } },
    { id: 3, name: '.Package', error: 'Transportadora não atende este trecho.', company: { id: 2, name: 'Jadlog', picture: 'https://example/jadlog.png' } },
  ];
}

export async function startMelhorEnvioFake(token = 'fake-melhor-envio-token'): Promise<MelhorEnvioFake> {
  const requests: MelhorEnvioRequest[] = [];
  let queue: MelhorEnvioBehaviour[] = [{ kind: 'quote' }];
  const next = () => (queue.length > 1 ? queue.shift()! : queue[0]!);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: any = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const send = (status: number, payload: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload);
      };
      if (req.method !== 'POST' || req.url !== '/api/v2/me/shipment/calculate') return send(404, JSON.stringify({ message: 'Not Found' }));
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, JSON.stringify({ message: 'Unauthenticated.' }));
      const behaviour = next();
      if (behaviour.kind === 'hang') return; // never answers
      if (behaviour.kind === 'status') return send(behaviour.status, behaviour.body ?? JSON.stringify({ message: 'Server Error' }));
      if (!body?.from?.postal_code || !body?.to?.postal_code || !Array.isArray(body.products)) {
        return send(422, JSON.stringify({ message: 'The given data was invalid.', errors: { to: ['O campo to é obrigatório.'] } }));
      }
      send(200, JSON.stringify(fakeMelhorEnvioPrices(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    set: (...behaviours) => {
      queue = behaviours.length ? behaviours : [{ kind: 'quote' }];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
