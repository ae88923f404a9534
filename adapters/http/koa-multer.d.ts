// The part of @koa/multer (4.x, no published types) the upload routes use: memory storage and one file per field.
declare module '@koa/multer' {
  import type { Middleware } from 'koa';

  export interface MulterFile {
    fieldname: string;
    originalname: string;
    mimetype: string;
    size: number;
    buffer: Buffer;
  }

  export interface MulterOptions {
    storage?: unknown;
    limits?: { fileSize?: number; files?: number; fields?: number; fieldSize?: number; parts?: number; headerPairs?: number };
  }

  export interface MulterInstance {
    single(field: string): Middleware;
  }

  interface MulterFactory {
    (options?: MulterOptions): MulterInstance;
    memoryStorage(): unknown;
  }

  const multer: MulterFactory;
  export default multer;
}
