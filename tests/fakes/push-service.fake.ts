// A browser's push service on 127.0.0.1: it hands out subscriptions whose keys it holds (ECDH P-256 and a 16-byte auth
// secret, as a browser makes them), checks each push's VAPID JWT (ES256, audience, expiry) and decrypts its payload
// (RFC 8291, aes128gcm) as the browser would. Faults: the next answers of a subscription can be set (404, 410, 429, 500).
import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  subscription: string;
  ttl: number;
  urgency: string | null;
  /** The decrypted payload (UTF-8). */
  payload: string;
  /** The VAPID JWT's claims and the public key it came with (`k`). */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
}

interface FakeSubscription {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  faults: number[];
}

const b64url = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: the browser's side of the decryption. */
export function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is not a P-256 public key (${idlen} bytes)`);
  if (records.length > rs) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'latin1')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'latin1')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** `vapid t=<jwt>, k=<key>`: the ES256 signature checked with k, the claims returned. */
export function verifyVapid(authorization: string | undefined, expectedAudience: string): ReceivedPush['vapid'] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), ?k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no VAPID Authorization header: ${authorization ?? '(none)'}`);
  const [header, claims, signature] = m[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const h = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (h.alg !== 'ES256') throw new Error(`VAPID alg ${h.alg}`);
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (c.aud !== expectedAudience) throw new Error(`VAPID aud ${c.aud}, expected ${expectedAudience}`);
  const now = Date.now() / 1000;
  if (!(c.exp > now && c.exp <= now + 24 * 3600)) throw new Error(`VAPID exp ${c.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(c.sub)) throw new Error(`VAPID sub ${c.sub}`);
  return { aud: c.aud, exp: c.exp, sub: c.sub, publicKey: m[2]! };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  /** Pushes refused because their encryption or VAPID did not check out, with the reason. */
  readonly rejected: Array<{ subscription: string; reason: string }> = [];
  private readonly subscriptions = new Map<string, FakeSubscription>();
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakePushService> {
    let fake: FakePushService | null = null;
    const server = createServer((req, res) => {
      void fake!.handle(req).then(
        ({ status, body }) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    fake = new FakePushService(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  /** A new browser subscription, as `PushSubscription.toJSON()` gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const sub: FakeSubscription = { id: randomUUID(), ecdh, auth: randomBytes(16), faults: [] };
    this.subscriptions.set(sub.id, sub);
    return { endpoint: `${this.url}/push/${sub.id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(sub.auth) } };
  }

  /** The next answers for this endpoint, in order (then 201 again). */
  failNext(endpoint: string, ...statuses: number[]) {
    this.subscriptions.get(endpoint.split('/').pop()!)!.faults.push(...statuses);
  }

  /** Pushes this endpoint received. */
  receivedBy(endpoint: string) {
    const id = endpoint.split('/').pop()!;
    return this.received.filter((p) => p.subscription === id);
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: string }> {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const sub = id ? this.subscriptions.get(id) : undefined;
    if (req.method !== 'POST' || !sub) return { status: 404, body: 'no such subscription' };
    const body = await readBody(req);
    const fault = sub.faults.shift();
    if (fault) return { status: fault, body: `fault ${fault}` };
    try {
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Error(`TTL ${req.headers.ttl}`);
      const vapid = verifyVapid(req.headers.authorization, this.url);
      const payload = decryptAes128gcm(body, sub.ecdh, sub.auth);
      this.received.push({ subscription: sub.id, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, payload, vapid });
      return { status: 201, body: '' };
    } catch (err) {
      this.rejected.push({ subscription: sub.id, reason: (err as Error).message });
      return { status: 400, body: (err as Error).message };
    }
  }

  close(): Promise<void> {
    return new Promise((ok) => this.server.close(() => ok()));
  }
}
