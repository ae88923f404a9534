// The FileStorage port on the local disk under STORAGE_DIR; files are served back by Koa at /media/<key>.
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import type { FileStorage, StoredFile } from '../../core/ports/storage';
import { ownValue } from '../../core/shared/lookup';

/** The only types stored and served; the key's extension decides the Content-Type on the way out. */
export const MEDIA_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
};

export const MEDIA_PREFIX = '/media';

/**
 * A key is a relative path of lower-case segments (`products/serum-facial-1a2b3c4d.svg`): no `..`, no hidden
 * segments, no backslashes, a known extension. Anything else is refused before the disk is touched.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 200) return false;
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/.test(key)) return false;
  if (key.split('/').some((segment) => segment.includes('..'))) return false;
  return Object.hasOwn(MEDIA_TYPES, extname(key));
}

/** What operations (copy, backup) need beyond the port: which driver, where, and every stored key. */
export interface FileStore extends FileStorage {
  readonly driver: 'local' | 's3';
  describe(): string;
  /** Every stored file with a safe key, in no promised order. */
  list(): AsyncIterable<{ key: string; size: number }>;
  close(): void;
}

export class LocalFileStorage implements FileStore {
  readonly driver = 'local' as const;
  private readonly root: string;

  constructor(
    root: string,
    private readonly urlPrefix = MEDIA_PREFIX,
  ) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string | null {
    if (!isSafeKey(key)) return null;
    const full = resolve(this.root, key);
    return full.startsWith(this.root + sep) ? full : null;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<StoredFile> {
    const path = this.pathOf(key);
    if (!path) throw new Error(`chave de arquivo inválida: ${key}`);
    const expected = ownValue(MEDIA_TYPES, extname(key));
    if (contentType.split(';')[0]!.trim().toLowerCase() !== expected) throw new Error(`tipo ${contentType} não corresponde à extensão de ${key} (${expected})`);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, body);
    await rename(temp, path);
    return { key, url: this.urlFor(key), size: body.byteLength, contentType: expected };
  }

  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    const path = this.pathOf(key);
    if (!path) return null;
    try {
      return { body: await readFile(path), contentType: ownValue(MEDIA_TYPES, extname(key))! };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (path) await rm(path, { force: true });
  }

  urlFor(key: string): string {
    return `${this.urlPrefix}/${key}`;
  }

  describe(): string {
    return this.root;
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = join(entry.parentPath, entry.name);
      // Half-written temporaries and anything not put here by put() (unsafe names) are not stored files.
      const key = relative(this.root, full).split(sep).join('/');
      if (isSafeKey(key)) yield { key, size: (await stat(full)).size };
    }
  }

  close(): void {}
}
