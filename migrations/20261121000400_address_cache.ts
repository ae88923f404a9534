// Cache of CEP lookups and geocoding answers (docs/integrations.md#viacep–3): value null is a remembered "not found".
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('address_cache', (t) => {
    t.text('kind').notNullable();
    t.text('key').notNullable();
    t.jsonb('value');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamps(true, true);
    t.primary(['kind', 'key']);
    t.check(`kind in ('cep','geocode')`, [], 'address_cache_kind_check');
    // Lets a purge of stale rows find them without a full scan.
    t.index(['expires_at'], 'address_cache_expires_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('address_cache');
}
