// A local ViaCEP (docs/integrations.md#viacep) on 127.0.0.1: GET /ws/{cep}/json/ with programmable answers per CEP.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Milliseconds since the epoch, sub-millisecond precision. */
  at: number;
}

export interface ViaCepAddressFields {
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
  complemento?: string;
  ibge?: string;
  ddd?: string;
}

export type ViaCepBehaviour =
  | { kind: 'found'; fields: ViaCepAddressFields }
  | { kind: 'erro'; value: boolean | string }
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  | { kind: 'hang' };

/** Behaviour builders, named after what the real ViaCEP does. */
export const viaCep = {
  found: (fields: ViaCepAddressFields): ViaCepBehaviour => ({ kind: 'found', fields }),
  /** 200 with `erro` and nothing else: "true" since 2022, `true` before. */
  erro: (value: boolean | string = 'true'): ViaCepBehaviour => ({ kind: 'erro', value }),
  status: (status: number, body = '', contentType = 'text/html; charset=utf-8'): ViaCepBehaviour => ({
    kind: 'status',
    status,
    body,
    contentType,
  }),
  /** 200 with a JSON content type and a cut-off body (a proxy or a half-written answer). */
  invalidJson: (): ViaCepBehaviour => ({ kind: 'status', status: 200, body: '{"cep": "01310-100", "logradouro": ', contentType: 'application/json; charset=utf-8' }),
  /** Accepts the connection and never answers. */
  hang: (): ViaCepBehaviour => ({ kind: 'hang' }),
  /** A city-wide CEP with no street and (in the worst case) no city either. */
  emptyStreetAndCity: (): ViaCepBehaviour => ({ kind: 'found', fields: { logradouro: '', bairro: '', localidade: '', uf: 'SP' } }),
};

export interface ViaCepFake {
  url: string;
  requests: RecordedRequest[];
  /** Answers for one CEP (8 digits); several behaviours are served in turn, the last one repeating. */
  set(cep: string, ...behaviours: ViaCepBehaviour[]): void;
  /** Requests for this CEP seen so far. */
  requestsFor(cep: string): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

const formatCep = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body, null, 2));
}

// ViaCEP answers a malformed CEP with an HTML "Bad Request" page.
const BAD_REQUEST_HTML = '<!DOCTYPE html><html><body><h3>Http 400</h3><p>Verifique a sua URL (Bad Request)</p></body></html>';

export async function startViaCepFake(): Promise<ViaCepFake> {
  const behaviours = new Map<string, ViaCepBehaviour[]>();
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      at: performance.timeOrigin + performance.now(),
    });
    const match = /^\/ws\/([^/]*)\/json\/?$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
      return;
    }
    const cep = decodeURIComponent(match[1] ?? '');
    if (!/^\d{8}$/.test(cep)) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(BAD_REQUEST_HTML);
      return;
    }
    const queue = behaviours.get(cep);
    const behaviour = queue && queue.length > 1 ? queue.shift()! : (queue?.[0] ?? viaCep.erro());
    switch (behaviour.kind) {
      case 'found': {
        const f = behaviour.fields;
        json(res, 200, {
          cep: formatCep(cep),
          logradouro: f.logradouro,
          complemento: f.complemento ?? '',
          unidade: '',
          bairro: f.bairro,
          localidade: f.localidade,
          uf: f.uf,
          estado: '',
          regiao: '',
          ibge: f.ibge ?? '3550308',
          gia: '1004',
          ddd: f.ddd ?? '11',
          siafi: '7107',
        });
        return;
      }
      case 'erro':
        json(res, 200, { erro: behaviour.value });
        return;
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': behaviour.contentType ?? 'text/html' });
        res.end(behaviour.body ?? '');
        return;
      case 'hang':
        return; // never answers; close() cuts the socket
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(cep, ...list) {
      behaviours.set(cep, list.length ? list : [viaCep.erro()]);
    },
    requestsFor(cep) {
      return requests.filter((r) => r.path.startsWith(`/ws/${cep}/`));
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
