// The request listener the JSON API fakes share: reads the whole body, parses it (null when empty or not JSON), records
// nothing itself, and hands the handler a `send` that writes JSON (a string payload goes as it is).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

export interface JsonRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export type SendJson = (status: number, payload: unknown) => void;

export function jsonRequests(handler: (request: JsonRequest, send: SendJson, req: IncomingMessage) => unknown) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      const send: SendJson = (status, payload) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      void handler({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }, send, req);
    });
  };
}
