// The configured file store: the local disk under STORAGE_DIR, or the S3-compatible bucket of STORAGE_DRIVER=s3.
import type { Config } from '../config';
import { LocalFileStorage, type FileStore } from './local.storage';
import { S3FileStorage } from './s3.storage';

export function createFileStore(config: Pick<Config, 'storage' | 'storageDir'>): FileStore {
  const s = config.storage;
  if (s.driver === 's3') return new S3FileStorage(s);
  return new LocalFileStorage(config.storageDir);
}
