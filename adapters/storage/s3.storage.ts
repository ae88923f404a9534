// The FileStorage port on an S3-compatible bucket (AWS, MinIO, R2, Spaces, B2) through the official SDK v3 client;
// files are still served by this server at /media/<key> (docs/decisions/015-object-storage.md).
import type { S3Client } from '@aws-sdk/client-s3';
import { extname } from 'node:path';
import type { StoredFile } from '../../core/ports/storage';
import { DomainError } from '../../core/shared/errors';
import { ownValue } from '../../core/shared/lookup';
import { MEDIA_PREFIX, MEDIA_TYPES, isSafeKey, type FileStore } from './local.storage';

export interface S3StorageOptions {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** How long one request may take before it is abandoned (and retried by the SDK). */
  requestTimeoutMs?: number;
  /** Attempts per call, the first included (the SDK's standard retry with backoff). */
  maxAttempts?: number;
}

/** A bucket that does not answer, or answers with a fault: the caller gets a 503 it can retry, never a 500. */
export const storageUnavailable = () =>
  new DomainError('unavailable', 'storage_unavailable', 'O armazenamento de arquivos não respondeu. Tente de novo em instantes.');

/** The SDK's "no such object" (an S3 service error: it carries `$metadata`). */
const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return !!e?.$metadata && (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404);
};

type Sdk = typeof import('@aws-sdk/client-s3');

export class S3FileStorage implements FileStore {
  readonly driver = 's3' as const;
  /** The SDK and its client, loaded on the first call: the SDK is a large part of a server's start-up otherwise. */
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  private readonly bucket: string;

  constructor(private readonly options: S3StorageOptions, private readonly urlPrefix = MEDIA_PREFIX) {
    this.bucket = options.bucket;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    const options = this.options;
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        maxAttempts: options.maxAttempts ?? 3,
        // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's default trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 3_000, requestTimeout: options.requestTimeoutMs ?? 10_000, throwOnRequestTimeout: true },
      });
      return { sdk, client };
    });
    return this.connection;
  }

  describe(): string {
    return `s3://${this.bucket}`;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<StoredFile> {
    if (!isSafeKey(key)) throw new Error(`chave de arquivo inválida: ${key}`);
    const expected = ownValue(MEDIA_TYPES, extname(key))!;
    if (contentType.split(';')[0]!.trim().toLowerCase() !== expected) throw new Error(`tipo ${contentType} não corresponde à extensão de ${key} (${expected})`);
    try {
      const { sdk, client } = await this.connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: expected, ContentLength: body.byteLength, CacheControl: 'public, max-age=31536000, immutable' }),
      );
    } catch (err) {
      throw this.failure(err);
    }
    return { key, url: this.urlFor(key), size: body.byteLength, contentType: expected };
  }

  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    if (!isSafeKey(key)) return null;
    try {
      const { sdk, client } = await this.connect();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = await answer.Body!.transformToByteArray();
      // The key's extension decides the type served, whatever the bucket says (as on the local disk).
      return { body, contentType: ownValue(MEDIA_TYPES, extname(key))! };
    } catch (err) {
      if (isMissing(err)) return null;
      throw this.failure(err);
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    try {
      const { sdk, client } = await this.connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) return;
      throw this.failure(err);
    }
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    try {
      const { sdk, client } = await this.connect();
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: this.bucket })) {
        for (const item of page.Contents ?? []) {
          if (item.Key && isSafeKey(item.Key)) yield { key: item.Key, size: item.Size ?? 0 };
        }
      }
    } catch (err) {
      throw this.failure(err);
    }
  }

  urlFor(key: string): string {
    return `${this.urlPrefix}/${key}`;
  }

  close(): void {
    void this.connection?.then(({ client }) => client.destroy(), () => {});
  }

  private failure(err: unknown): Error {
    if (err instanceof DomainError) return err;
    const cause = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    const failure = storageUnavailable();
    failure.cause = cause;
    return failure;
  }
}
