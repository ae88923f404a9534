// The plan catalogue (docs/product/group-purchase.md): categories and plans; entry_price is 10% of price, checked by the database too.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plan_categories', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('kind').notNullable();
    t.text('description');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.check(`kind in ('service','product')`, [], 'plan_categories_kind_check');
  });

  await knex.schema.createTable('plans', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('category_id').references('plan_categories.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.text('kind').notNullable();
    t.integer('price').notNullable();
    t.integer('full_price').notNullable();
    t.integer('entry_price').notNullable();
    t.integer('group_size').notNullable().defaultTo(5);
    t.integer('window_days').notNullable().defaultTo(30);
    t.text('image_url');
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['active', 'kind']);
    t.check(`kind in ('service','product')`, [], 'plans_kind_check');
    t.check(`price > 0 and full_price >= price`, [], 'plans_price_check');
    // 10% rounded half-up to the centavo, the same rule as core/pricing (docs/product/spec.md §3).
    t.check(`entry_price = (price + 5) / 10`, [], 'plans_entry_price_check');
    t.check(`group_size between 2 and 50`, [], 'plans_group_size_check');
    t.check(`window_days between 1 and 365`, [], 'plans_window_days_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('plans');
  await knex.schema.dropTableIfExists('plan_categories');
}
