// Orphaned product uploads: an image sent from a product form is stored at once and recorded; if no product lists its
// URL, the scheduled job `cleanup_product_uploads` deletes the file once it is older than 24 hours. An upload a product
// uses is only forgotten (the file stays).
import type { Clock } from '../shared/clock';
import type { FileStorage } from '../ports/storage';

export const ORPHAN_UPLOAD_HOURS = 24;

export interface ProductUploadRepository {
  record(key: string, url: string): Promise<void>;
  /** Uploads recorded before `before`, oldest first, each with whether a product lists its URL now. */
  listOlderThan(before: Date, limit: number): Promise<Array<{ key: string; url: string; used: boolean }>>;
  forget(key: string): Promise<void>;
}

export class ProductUploadCleanup {
  constructor(
    private readonly uploads: ProductUploadRepository,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {}

  async run(limit = 500): Promise<{ deleted: number; kept: number }> {
    const before = new Date(this.clock.now().getTime() - ORPHAN_UPLOAD_HOURS * 3_600_000);
    let deleted = 0;
    let kept = 0;
    for (const u of await this.uploads.listOlderThan(before, limit)) {
      if (u.used) {
        kept++;
      } else {
        // The file first: a failure leaves the row for the next run.
        await this.storage.delete(u.key);
        deleted++;
      }
      await this.uploads.forget(u.key);
    }
    return { deleted, kept };
  }
}
