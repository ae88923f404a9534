// The S3 file store through the real AWS SDK client against a local S3-compatible fake: the round trip, listing,
// a missing key, and faults (a 500 retried, a bucket that keeps failing or stalls, a wrong key) as a 503-kind error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { ConfigError, loadConfig } from '../../adapters/config';
import { createFileStore } from '../../adapters/storage/file-store';
import { S3FileStorage } from '../../adapters/storage/s3.storage';
import { isDomainError } from '../../core/shared/errors';
import { startFakeS3, type FakeS3 } from '../fakes/s3.fake';

let s3: FakeS3;
let storage: S3FileStorage;

const options = (extra: Partial<ConstructorParameters<typeof S3FileStorage>[0]> = {}) => ({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
  ...extra,
});

beforeAll(async () => {
  s3 = await startFakeS3();
  storage = new S3FileStorage(options());
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('S3 file storage', () => {
  it('puts, gets, lists and deletes a file with signed requests; the key decides the type', async () => {
    const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const stored = await storage.put('products/capa-1a2b.svg', svg, 'image/svg+xml');
    expect(stored).toEqual({ key: 'products/capa-1a2b.svg', url: '/media/products/capa-1a2b.svg', size: svg.byteLength, contentType: 'image/svg+xml' });
    const kept = s3.objects.get('products/capa-1a2b.svg')!;
    expect(kept.contentType).toBe('image/svg+xml');
    expect(createHash('sha256').update(kept.body).digest('hex')).toBe(createHash('sha256').update(svg).digest('hex'));
    expect(s3.requests.every((r) => r.signed)).toBe(true);

    const back = await storage.get('products/capa-1a2b.svg');
    expect(back?.contentType).toBe('image/svg+xml');
    expect(Buffer.from(back!.body).equals(Buffer.from(svg))).toBe(true);

    await storage.put('professionals/p1/foto-9f.webp', bytes('webp'), 'image/webp');
    const listed = [];
    for await (const item of storage.list()) listed.push(item);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'products/capa-1a2b.svg', size: svg.byteLength },
      { key: 'professionals/p1/foto-9f.webp', size: 4 },
    ]);

    await storage.delete('products/capa-1a2b.svg');
    expect(await storage.get('products/capa-1a2b.svg')).toBeNull();
    await storage.delete('products/capa-1a2b.svg'); // already gone: not an error
  });

  it('answers null for a missing key (NoSuchKey) and refuses unsafe keys and mismatched types before any request', async () => {
    expect(await storage.get('products/nunca-existiu.png')).toBeNull();
    const before = s3.requests.length;
    expect(await storage.get('../etc/passwd.png')).toBeNull();
    await expect(storage.put('../fora.png', bytes('x'), 'image/png')).rejects.toThrow(/chave de arquivo inválida/);
    await expect(storage.put('products/a.png', bytes('x'), 'text/html')).rejects.toThrow(/não corresponde/);
    expect(s3.requests.length).toBe(before);
  });

  it('retries a 500 and succeeds; a bucket that keeps failing is a retryable "unavailable" in pt-BR', async () => {
    s3.failNext(1, 500);
    await storage.put('products/retry-01.png', bytes('png'), 'image/png');
    expect(s3.objects.has('products/retry-01.png')).toBe(true);

    s3.failNext(3, 503);
    const err = await storage.get('products/retry-01.png').catch((e: unknown) => e);
    expect(isDomainError(err) && err.kind).toBe('unavailable');
    expect((err as Error).message).toBe('O armazenamento de arquivos não respondeu. Tente de novo em instantes.');
  });

  it('gives up on a stalled bucket after its timeout, and on a wrong key (403)', async () => {
    const impatient = new S3FileStorage(options({ requestTimeoutMs: 300, maxAttempts: 1 }));
    try {
      s3.stallNext(1);
      const err = await impatient.get('products/retry-01.png').catch((e: unknown) => e);
      expect(isDomainError(err) && err.code).toBe('storage_unavailable');
    } finally {
      impatient.close();
    }
    const stranger = new S3FileStorage(options({ accessKeyId: 'OUTRA', maxAttempts: 1 }));
    try {
      const err = await stranger.put('products/x-1.png', bytes('x'), 'image/png').catch((e: unknown) => e);
      expect(isDomainError(err) && err.code).toBe('storage_unavailable');
      expect(String((err as Error).cause)).toContain('AccessDenied');
      expect(s3.objects.has('products/x-1.png')).toBe(false);
    } finally {
      stranger.close();
    }
  });
});

describe('storage configuration', () => {
  it('is the local disk by default and the bucket with STORAGE_DRIVER=s3', () => {
    expect(createFileStore(loadConfig({})).driver).toBe('local');
    const config = loadConfig(s3.env());
    expect(config.storage).toMatchObject({ driver: 's3', bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true });
    const store = createFileStore(config);
    expect(store.describe()).toBe(`s3://${s3.bucket}`);
    store.close();
  });

  it('lists every missing S3 setting at once, and refuses a plain-http endpoint in production', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_BUCKET: obrigatória quando STORAGE_DRIVER=s3',
      'S3_ACCESS_KEY_ID: obrigatória quando STORAGE_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY: obrigatória quando STORAGE_DRIVER=s3',
    ]);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'k7Qp2Zr9Lw4Xv8Bn3Tj6Hy1Md5Fc0Gs-testonly', PUBLIC_URL: 'https://turma.example', TURMA_STAGING: 'true' };
    expect(problems({ ...production, ...s3.env(), S3_ENDPOINT: 'http://minio.interno:9000' })).toEqual([
      'S3_ENDPOINT: em produção deve começar com https:// (http só num endereço local, como 127.0.0.1)',
    ]);
    expect(problems({ ...production, ...s3.env() })).toEqual([]);
    expect(problems({ ...production, ...s3.env(), S3_PUBLIC_URL: 'http://cdn.exemplo.com.br' })).toEqual([
      'S3_PUBLIC_URL: em produção deve começar com https:// (as páginas https não carregam imagens http)',
    ]);
    expect(problems({ S3_PUBLIC_URL: 'https://cdn.exemplo.com.br' })).toEqual(['S3_PUBLIC_URL: só vale com STORAGE_DRIVER=s3']);
    expect(loadConfig({ ...s3.env(), S3_PUBLIC_URL: 'https://cdn.exemplo.com.br/turma/' }).storage).toMatchObject({ publicBaseUrl: 'https://cdn.exemplo.com.br/turma' });
  });
});
