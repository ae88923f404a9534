// Pages of the whole catalogue without search words skip `offset` entries of their order's index (decision 035). The
// order indexes carry search_text for searches, which makes each entry ~5 times wider; these narrow twins hold only
// the active products' keys, so a deep page walks a quarter of the pages (docs/decisions/041-catalogue-narrow-order-indexes.md).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists products_listed_created on products (created_at desc, id desc) where active');
  await knex.raw('create index if not exists products_listed_price on products (price, id) where active');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists products_listed_created');
  await knex.raw('drop index if exists products_listed_price');
}
