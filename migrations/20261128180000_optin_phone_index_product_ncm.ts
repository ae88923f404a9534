// The inbound WhatsApp webhook finds the person by the number that wrote ("PARAR"): an index on the opt-in's phone.
// A product may carry its own NCM for its goods invoice (NF-e); without one, NFE_NCM applies as before.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_optins', (t) => {
    t.index(['phone', 'updated_at'], 'whatsapp_optins_phone_index');
  });
  await knex.schema.alterTable('products', (t) => {
    t.text('ncm');
  });
  await knex.raw(`alter table products add constraint products_ncm_check check (ncm is null or ncm ~ '^[0-9]{8}$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table products drop constraint if exists products_ncm_check');
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('ncm');
  });
  await knex.schema.alterTable('whatsapp_optins', (t) => {
    t.dropIndex(['phone', 'updated_at'], 'whatsapp_optins_phone_index');
  });
}
