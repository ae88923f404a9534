// Product uploads awaiting the cleanup job (core/marketplace/product-uploads.ts).
import type { Knex } from 'knex';
import type { ProductUploadRepository } from '../../../core/marketplace/product-uploads';

export class KnexProductUploadRepository implements ProductUploadRepository {
  constructor(private readonly db: Knex) {}

  async record(key: string, url: string) {
    await this.db('product_uploads').insert({ key, url }).onConflict('key').ignore();
  }
  async listOlderThan(before: Date, limit: number) {
    const rows = (await this.db('product_uploads as u')
      .select('u.key', 'u.url', this.db.raw(`exists (select 1 from products p where p.images @> jsonb_build_array(u.url)) as used`))
      .where('u.uploaded_at', '<', before)
      .orderBy('u.uploaded_at')
      .limit(limit)) as Array<{ key: string; url: string; used: boolean }>;
    return rows.map((r) => ({ key: r.key, url: r.url, used: Boolean(r.used) }));
  }
  async forget(key: string) {
    await this.db('product_uploads').where({ key }).delete();
  }
}
