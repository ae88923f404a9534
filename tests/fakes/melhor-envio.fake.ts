// A local Melhor Envio on 127.0.0.1 (bearer token): the quote (services priced in reais, or an `error`), the label flow
// cart → checkout → generate → print, and /shipment/tracking; programmable faults, requests recorded, and `emit`
// moving an order's status and posting the signed webhook as Melhor Envio does.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonRequests } from './json-requests';

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

/** The label flow's faults, one-shot per step: an expired token, a validation refusal, no balance, a crash, no answer. */
export type MelhorEnvioLabelFault = 'expired_token' | 'invalid' | 'insufficient_balance' | 'server_error' | 'hang';
export type MelhorEnvioLabelStep = 'cart' | 'checkout' | 'generate' | 'print' | 'tracking';

export interface FakeMelhorEnvioOrder {
  id: string;
  protocol: string;
  status: string;
  tracking: string | null;
  body: any;
  posted_at: string | null;
  delivered_at: string | null;
  updated_at: string;
}

export interface MelhorEnvioFake {
  url: string;
  token: string;
  requests: MelhorEnvioRequest[];
  /** Behaviours served in turn, the last repeating; default: quote. */
  set(...behaviours: MelhorEnvioBehaviour[]): void;
  /** The next call of `step` fails this way (once). */
  fault(step: MelhorEnvioLabelStep, fault: MelhorEnvioLabelFault): void;
  /** Orders in the cart and bought, by id. */
  orders: Map<string, FakeMelhorEnvioOrder>;
  /** Moves an order to a status (`posted`, `in_transit`, `out_for_delivery`, `delivered`, `undelivered`) at `at`; with `webhook`, posts it signed. */
  emit(orderId: string, status: string, at?: Date, webhook?: { url: string; secret: string }): Promise<Response | null>;
  close(): Promise<void>;
}

const LABEL_PATHS: Record<string, MelhorEnvioLabelStep> = {
  '/api/v2/me/cart': 'cart',
  '/api/v2/me/shipment/checkout': 'checkout',
  '/api/v2/me/shipment/generate': 'generate',
  '/api/v2/me/shipment/print': 'print',
  '/api/v2/me/shipment/tracking': 'tracking',
};

/** "2026-11-28 14:05:00" in São Paulo time, as Melhor Envio writes its dates. */
export function meDate(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The webhook body Melhor Envio posts for an order's status, and its signature header. */
export function melhorEnvioWebhook(order: FakeMelhorEnvioOrder, secret: string) {
  const body = JSON.stringify({ event: `order.${order.status}`, data: { id: order.id, protocol: order.protocol, status: order.status, tracking: order.tracking, posted_at: order.posted_at, delivered_at: order.delivered_at, updated_at: order.updated_at } });
  return { body, signature: createHmac('sha256', secret).update(body).digest('base64') };
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
  const faults = new Map<MelhorEnvioLabelStep, MelhorEnvioLabelFault>();
  const orders = new Map<string, FakeMelhorEnvioOrder>();
  let seq = 0;
  const labelStep = (step: MelhorEnvioLabelStep, body: any, send: (status: number, payload: string) => void) => {
    const fault = faults.get(step);
    faults.delete(step);
    if (fault === 'hang') return;
    if (fault === 'expired_token') return send(401, JSON.stringify({ message: 'Unauthenticated.' }));
    if (fault === 'server_error') return send(500, JSON.stringify({ message: 'Server Error' }));
    if (fault === 'invalid') return send(422, JSON.stringify({ message: 'The given data was invalid.', errors: { 'to.postal_code': ['O CEP de destino é inválido.'] } }));
    if (fault === 'insufficient_balance') return send(422, JSON.stringify({ error: 'Saldo insuficiente para realizar a compra.' }));
    const ids: string[] = Array.isArray(body?.orders) ? body.orders.map(String) : [];
    const missing = ids.find((id) => !orders.has(id));
    if (step !== 'cart' && (ids.length === 0 || missing)) return send(422, JSON.stringify({ message: 'The given data was invalid.', errors: { orders: [`Pedido ${missing ?? ''} não encontrado.`] } }));
    const now = meDate(new Date());
    if (step === 'cart') {
      if (!body?.from?.postal_code || !body?.to?.postal_code || !Array.isArray(body?.volumes) || !body?.service) {
        return send(422, JSON.stringify({ message: 'The given data was invalid.', errors: { service: ['O campo service é obrigatório.'] } }));
      }
      seq++;
      const id = `9a${String(seq).padStart(6, '0')}-me-fake`;
      orders.set(id, { id, protocol: `ORD-2026${String(seq).padStart(8, '0')}`, status: 'pending', tracking: null, body, posted_at: null, delivered_at: null, updated_at: now });
      return send(201, JSON.stringify({ id, protocol: orders.get(id)!.protocol, service_id: body.service, price: 23.5, status: 'pending' }));
    }
    if (step === 'checkout') {
      for (const id of ids) Object.assign(orders.get(id)!, { status: 'released', updated_at: now });
      return send(200, JSON.stringify({ purchase: { id: `purchase-${seq}`, protocol: `PUR-${seq}`, total: 23.5, status: 'paid', orders: ids.map((id) => ({ id })) } }));
    }
    if (step === 'generate') {
      for (const id of ids) Object.assign(orders.get(id)!, { status: 'generated', tracking: `BR${id.slice(2, 8)}${'TR'}`.toUpperCase(), updated_at: now });
      return send(200, JSON.stringify(Object.fromEntries(ids.map((id) => [id, { status: true, message: 'Envio gerado com sucesso' }]))));
    }
    if (step === 'print') return send(200, JSON.stringify({ url: `https://melhorenvio.example/imprimir/${ids.join(',')}` }));
    return send(200, JSON.stringify(Object.fromEntries(ids.map((id) => {
      const o = orders.get(id)!;
      return [id, { id: o.id, protocol: o.protocol, status: o.status, tracking: o.tracking, melhorenvio_tracking: `ME${o.protocol.slice(-8)}`, created_at: now, posted_at: o.posted_at, delivered_at: o.delivered_at, updated_at: o.updated_at }];
    }))));
  };
  const server = createServer(
    jsonRequests((request, send, req) => {
      const body = request.body;
      requests.push(request);
      const step = req.method === 'POST' ? LABEL_PATHS[req.url ?? ''] : undefined;
      if (step) {
        if (req.headers.authorization !== `Bearer ${token}`) return send(401, JSON.stringify({ message: 'Unauthenticated.' }));
        return labelStep(step, body, send);
      }
      if (req.method !== 'POST' || req.url !== '/api/v2/me/shipment/calculate') return send(404, JSON.stringify({ message: 'Not Found' }));
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, JSON.stringify({ message: 'Unauthenticated.' }));
      const behaviour = next();
      if (behaviour.kind === 'hang') return; // never answers
      if (behaviour.kind === 'status') return send(behaviour.status, behaviour.body ?? JSON.stringify({ message: 'Server Error' }));
      if (!body?.from?.postal_code || !body?.to?.postal_code || !Array.isArray(body.products)) {
        return send(422, JSON.stringify({ message: 'The given data was invalid.', errors: { to: ['O campo to é obrigatório.'] } }));
      }
      send(200, JSON.stringify(fakeMelhorEnvioPrices(body)));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    set: (...behaviours) => {
      queue = behaviours.length ? behaviours : [{ kind: 'quote' }];
    },
    fault: (step, fault) => void faults.set(step, fault),
    orders,
    emit: async (orderId, status, at = new Date(), webhook) => {
      const o = orders.get(orderId);
      if (!o) throw new Error(`pedido ${orderId} não existe no fake`);
      Object.assign(o, { status, updated_at: meDate(at), ...(status === 'posted' ? { posted_at: meDate(at) } : {}), ...(status === 'delivered' ? { delivered_at: meDate(at) } : {}) });
      if (!webhook) return null;
      const { body, signature } = melhorEnvioWebhook(o, webhook.secret);
      return fetch(webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-me-signature': signature }, body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
