// How many active products each category has, kept by the database as products are written, so a catalogue page
// without search words reads its total instead of counting index entries (docs/decisions/039-catalogue-counts-kept-by-triggers.md).
// Products without a category count under the zero uuid. The triggers take the table's lock first and the backfill runs
// under it, so no write slips between the two.
import type { Knex } from 'knex';

const NO_CATEGORY = '00000000-0000-0000-0000-000000000000';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table product_list_counts (
      category_id uuid primary key,
      active_products integer not null default 0
    )
  `);
  // One shape for every change: add a (possibly negative) number per category, categories in order, so two
  // transactions lock the same counters in the same order.
  await knex.raw(`
    create function turma_count_products_statement() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into product_list_counts as c (category_id, active_products)
          select coalesce(category_id, '${NO_CATEGORY}'::uuid), count(*) from counted_rows where active group by 1 order by 1
          on conflict (category_id) do update set active_products = c.active_products + excluded.active_products;
      else
        insert into product_list_counts as c (category_id, active_products)
          select coalesce(category_id, '${NO_CATEGORY}'::uuid), -count(*) from counted_rows where active group by 1 order by 1
          on conflict (category_id) do update set active_products = c.active_products + excluded.active_products;
      end if;
      return null;
    end $$
  `);
  await knex.raw(`
    create function turma_count_products_row() returns trigger language plpgsql as $$
    declare
      was uuid := coalesce(old.category_id, '${NO_CATEGORY}'::uuid);
      now_in uuid := coalesce(new.category_id, '${NO_CATEGORY}'::uuid);
      moves record;
    begin
      for moves in
        select k, sum(n) as n from (values (was, case when old.active then -1 else 0 end), (now_in, case when new.active then 1 else 0 end)) v(k, n)
        group by k having sum(n) <> 0 order by k
      loop
        insert into product_list_counts as c (category_id, active_products) values (moves.k, moves.n)
          on conflict (category_id) do update set active_products = c.active_products + excluded.active_products;
      end loop;
      return null;
    end $$
  `);
  await knex.raw(`
    create function turma_count_products_truncated() returns trigger language plpgsql as $$
    begin
      delete from product_list_counts;
      return null;
    end $$
  `);
  await knex.raw(`
    create trigger products_count_inserted after insert on products referencing new table as counted_rows
    for each statement execute function turma_count_products_statement()
  `);
  await knex.raw(`
    create trigger products_count_deleted after delete on products referencing old table as counted_rows
    for each statement execute function turma_count_products_statement()
  `);
  // Row by row, and only when a product is switched on or off or changes category: a stock or price change (every
  // order) never calls it nor locks a counter.
  await knex.raw(`
    create trigger products_count_updated after update of active, category_id on products for each row
    when (old.active is distinct from new.active or old.category_id is distinct from new.category_id)
    execute function turma_count_products_row()
  `);
  await knex.raw(`
    create trigger products_count_truncated after truncate on products
    for each statement execute function turma_count_products_truncated()
  `);
  await knex.raw(`
    insert into product_list_counts (category_id, active_products)
    select coalesce(category_id, '${NO_CATEGORY}'::uuid), count(*) from products where active group by 1
  `);
}

export async function down(knex: Knex): Promise<void> {
  for (const trigger of ['products_count_inserted', 'products_count_deleted', 'products_count_updated', 'products_count_truncated']) {
    await knex.raw(`drop trigger if exists ${trigger} on products`);
  }
  for (const fn of ['turma_count_products_statement', 'turma_count_products_row', 'turma_count_products_truncated']) {
    await knex.raw(`drop function if exists ${fn}()`);
  }
  await knex.raw('drop table if exists product_list_counts');
}
