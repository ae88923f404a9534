// A search of the whole catalogue walks the index of its order and tests each entry's search_text: with the text in
// the index (INCLUDE), that walk reads only the index, never the table (docs/decisions/035-catalogue-deep-pages-and-search-walks.md).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists products_active_created');
  await knex.raw('create index products_active_created on products (active, created_at desc, id desc) include (search_text)');
  await knex.raw('drop index if exists products_active_price');
  await knex.raw('create index products_active_price on products (active, price, id) include (search_text)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists products_active_created');
  await knex.raw('create index products_active_created on products (active, created_at desc, id desc)');
  await knex.raw('drop index if exists products_active_price');
  await knex.raw('create index products_active_price on products (active, price, id)');
}
