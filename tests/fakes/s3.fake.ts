// A small S3-compatible server on 127.0.0.1 for tests: path-style PutObject, GetObject, HeadObject, DeleteObject and
// ListObjectsV2 on one bucket, SigV4 headers required, and faults on demand (5xx, a stalled answer, a missing key).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface FakeS3Request {
  method: string;
  key: string | null;
  query: string;
  signed: boolean;
}

export interface FakeS3 {
  /** http://127.0.0.1:<port> (the S3_ENDPOINT, with path-style addressing). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, FakeS3Object>;
  requests: FakeS3Request[];
  /** The next `count` requests answer `status` with an S3 error body. */
  failNext(count: number, status?: number): void;
  /** The next `count` requests are held without an answer (the client's timeout decides). */
  stallNext(count: number): void;
  /** The env a Turma process needs to use this bucket. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sendError(res: ServerResponse, status: number, code: string, message: string, head = false) {
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fake' });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

/** A body sent with `aws-chunked` encoding (STREAMING-* payloads): the chunks' data without their signatures. */
function decodeChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = Number.parseInt(raw.subarray(at, eol).toString('latin1').split(';')[0]!, 16);
    if (!size) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `publicRead`: unsigned GET/HEAD of objects are answered too (a public bucket behind S3_PUBLIC_URL). */
export async function startFakeS3(options: { bucket?: string; port?: number; publicRead?: boolean } = {}): Promise<FakeS3> {
  const bucket = options.bucket ?? 'turma-test';
  const accessKeyId = 'FAKEACCESSKEY';
  const secretAccessKey = 'fake-secret-key-for-tests-only';
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];
  let failures: Array<number> = [];
  let stalls = 0;
  const held = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const [, bucketName, ...rest] = path.split('/');
    const key = rest.length ? rest.join('/') : null;
    const auth = req.headers.authorization ?? '';
    // SigV4: the signed-request headers must be there, with this fake's access key in the credential scope.
    const signed =
      auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) && auth.includes('SignedHeaders=') && auth.includes('Signature=') &&
      typeof req.headers['x-amz-date'] === 'string' && typeof req.headers['x-amz-content-sha256'] === 'string';
    requests.push({ method: req.method ?? '', key, query: url.search, signed });
    const body = await readBody(req);
    const head = req.method === 'HEAD';
    if (stalls > 0) {
      stalls--;
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    const failure = failures.shift();
    if (failure) return sendError(res, failure, failure === 503 ? 'SlowDown' : 'InternalError', 'falha simulada', head);
    const publicRead = options.publicRead === true && (req.method === 'GET' || req.method === 'HEAD') && !!key && !auth;
    if (!signed && !publicRead) return sendError(res, 403, 'AccessDenied', 'missing or foreign SigV4 signature', head);
    if (bucketName !== bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head);

    if (key === null || key === '') {
      if (req.method !== 'GET' || url.searchParams.get('list-type') !== '2') return sendError(res, 501, 'NotImplemented', 'only ListObjectsV2');
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Math.min(1000, Number(url.searchParams.get('max-keys') ?? 1000));
      const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, max);
      const truncated = keys.length > page.length;
      const contents = page
        .map((k) => {
          const o = objects.get(k)!;
          return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${o.etag}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
          `<KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}` +
          (truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1]!)}</NextContinuationToken>` : '') +
          '</ListBucketResult>',
      );
      return;
    }

    switch (req.method) {
      case 'PUT': {
        const streaming = String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
        const data = streaming ? decodeChunked(body) : body;
        const etag = `"${createHash('md5').update(data).digest('hex')}"`;
        objects.set(key, { body: data, contentType: String(req.headers['content-type'] ?? 'application/octet-stream'), etag, lastModified: new Date() });
        res.writeHead(200, { etag });
        res.end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        const o = objects.get(key);
        if (!o) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', head);
        res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length, etag: o.etag, 'last-modified': o.lastModified.toUTCString() });
        res.end(head ? undefined : o.body);
        return;
      }
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204);
        res.end();
        return;
      default:
        return sendError(res, 405, 'MethodNotAllowed', 'not supported here');
    }
  });
  await new Promise<void>((ok) => server.listen(options.port ?? 0, '127.0.0.1', ok));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext(count, status = 500) {
      failures = [...failures, ...Array.from({ length: count }, () => status)];
    },
    stallNext(count) {
      stalls += count;
    },
    env: () => ({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    close: () =>
      new Promise<void>((ok) => {
        for (const res of held) res.destroy();
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
