// Product images uploaded through the storage port, kept until the cleanup job decides: an upload whose
// product form was never saved (no product lists its URL) is deleted from storage 24 hours later. No personal data.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_uploads', (t) => {
    t.text('key').primary();
    t.text('url').notNullable();
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['uploaded_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('product_uploads');
}
