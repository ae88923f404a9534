// "two instances": every instance keeps the public catalogue lists in a read cache (adapters/http/catalog-cache.ts).
// A statement that changes what they show NOTIFYs `turma_catalog` with which list ('products' or 'plans'), so every
// instance drops its pages at the writer's commit, whoever the writer is (another instance, the CLI, an import, a
// stock change through an order). Statement-level: an import of 500 rows is one event, and identical payloads in one
// transaction arrive once.
import type { Knex } from 'knex';

const WATCHED = [
  ['products', 'products'],
  ['product_categories', 'products'],
  ['plans', 'plans'],
  ['plan_categories', 'plans'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function turma_notify_catalog() returns trigger language plpgsql as $$
    begin
      perform pg_notify('turma_catalog', tg_argv[0]);
      return null;
    end $$;
  `);
  for (const [table, list] of WATCHED) {
    await knex.raw(`
      create trigger ${table}_announce_catalog after insert or update or delete or truncate on ${table}
      for each statement execute function turma_notify_catalog('${list}');
    `);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table] of WATCHED) await knex.raw(`drop trigger if exists ${table}_announce_catalog on ${table}`);
  await knex.raw('drop function if exists turma_notify_catalog()');
}
