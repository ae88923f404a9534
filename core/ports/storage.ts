// The file-storage port: images and documents by key, served back under a public URL.
export interface StoredFile {
  key: string;
  url: string;
  size: number;
  contentType: string;
}

export interface FileStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<StoredFile>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | null>;
  delete(key: string): Promise<void>;
  urlFor(key: string): string;
}
