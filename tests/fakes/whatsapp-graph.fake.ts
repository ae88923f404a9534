// A local WhatsApp Cloud API on 127.0.0.1: POST /{version}/{phone-number-id}/messages with a bearer token, answering
// like Meta's Graph API ({messages:[{id:"wamid…"}]}, or {error:{code,message}}). Faults are programmable (rate limit,
// template missing, 500, a hang) and every request is recorded; `signedPost` plays Meta's side of the webhook.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonRequests } from './json-requests';

export interface GraphRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export type GraphBehaviour =
  | { kind: 'ok' }
  /** HTTP 429 with code 130429 (throughput) or another rate-limit code. */
  | { kind: 'rate_limited'; code?: number }
  /** 404 with code 132001: the template name does not exist in the language. */
  | { kind: 'template_missing' }
  | { kind: 'error'; status: number; code?: number; message?: string }
  | { kind: 'hang' };

export interface GraphFake {
  /** The base URL (no version): http://127.0.0.1:port */
  url: string;
  token: string;
  phoneNumberId: string;
  version: string;
  requests: GraphRequest[];
  /** The template messages the fake accepted (one per wamid it answered). */
  accepted: Array<{ id: string; to: string; template: string; language: string; parameters: string[] }>;
  /** Behaviours served in turn, the last repeating; default: ok. */
  set(...behaviours: GraphBehaviour[]): void;
  close(): Promise<void>;
}

const graphError = (code: number, message: string, type = 'OAuthException') => JSON.stringify({ error: { message, type, code, error_data: { details: message }, fbtrace_id: 'Afake' } });

export async function startGraphFake(options: { token?: string; phoneNumberId?: string; version?: string } = {}): Promise<GraphFake> {
  const token = options.token ?? 'fake-whatsapp-token';
  const phoneNumberId = options.phoneNumberId ?? '109876543210';
  const version = options.version ?? 'v21.0';
  const requests: GraphRequest[] = [];
  const accepted: GraphFake['accepted'] = [];
  let queue: GraphBehaviour[] = [{ kind: 'ok' }];
  let seq = 0;
  const next = () => (queue.length > 1 ? queue.shift()! : queue[0]!);
  const server = createServer(
    jsonRequests((request, send, req) => {
      const body = request.body;
      requests.push(request);
      if (req.method !== 'POST' || req.url !== `/${version}/${phoneNumberId}/messages`) return send(404, graphError(803, 'Some of the aliases you requested do not exist'));
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, graphError(190, 'Invalid OAuth access token.'));
      const behaviour = next();
      if (behaviour.kind === 'hang') return; // never answers
      if (behaviour.kind === 'rate_limited') return send(429, graphError(behaviour.code ?? 130429, 'Rate limit hit'));
      if (behaviour.kind === 'template_missing') return send(404, graphError(132001, 'Template name does not exist in the translation'));
      if (behaviour.kind === 'error') return send(behaviour.status, graphError(behaviour.code ?? 1, behaviour.message ?? 'An unknown error occurred'));
      if (body?.messaging_product !== 'whatsapp' || body?.type !== 'template' || !/^\d{8,15}$/.test(String(body?.to ?? '')) || !body?.template?.name) {
        return send(400, graphError(100, 'Invalid parameter'));
      }
      const id = `wamid.FAKE${String(++seq).padStart(6, '0')}`;
      const params = ((body.template.components ?? []) as any[]).find((c) => c.type === 'body')?.parameters ?? [];
      accepted.push({ id, to: body.to, template: body.template.name, language: body.template.language?.code, parameters: params.map((p: any) => p.text) });
      send(200, JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    phoneNumberId,
    version,
    requests,
    accepted,
    set: (...behaviours) => {
      queue = behaviours.length ? behaviours : [{ kind: 'ok' }];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Meta's webhook envelope around one change value. */
export function webhookEnvelope(value: Record<string, unknown>, phoneNumberId = '109876543210') {
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA_ID', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551140040000', phone_number_id: phoneNumberId }, ...value } }] }],
  };
}

/** A status update (sent, delivered, read, failed) for a message we sent. */
export const statusEvent = (id: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string, errors?: Array<{ code: number; title: string }>) =>
  webhookEnvelope({ statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: recipient, ...(errors ? { errors } : {}) }] });

/** An incoming text from a person. */
export const incomingText = (from: string, text: string) =>
  webhookEnvelope({ contacts: [{ profile: { name: 'Pessoa' }, wa_id: from }], messages: [{ from, id: `wamid.IN${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] });

/** The raw body and the headers Meta sends, signed with the app secret (or forged with another). */
export function signedPost(payload: unknown, appSecret: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
  return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } };
}
