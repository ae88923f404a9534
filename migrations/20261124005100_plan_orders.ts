// Product plans become orders (docs/product/group-purchase.md): a member of a `product` plan who paid the balance confirms
// the delivery address and the purchase becomes one marketplace order, already paid (the money was the entry and the
// balance), whose one item points at the plan. `source` tells a cart order from a plan order; `voucher_id` is the
// purchase it ships, unique so that two confirmations at once still make exactly one order. An item names exactly one
// of a product or a plan. No column points at a person beyond the order (already in the LGPD export).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.text('source').notNullable().defaultTo('cart');
    t.uuid('voucher_id').references('vouchers.id');
  });
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.check(`source in ('cart','plan') and ((source = 'plan') = (voucher_id is not null))`, [], 'marketplace_orders_source_check');
  });
  await knex.raw('create unique index marketplace_orders_voucher_unique on marketplace_orders (voucher_id) where voucher_id is not null');

  await knex.schema.alterTable('order_items', (t) => {
    t.uuid('product_id').nullable().alter();
    t.uuid('plan_id').references('plans.id');
  });
  await knex.schema.alterTable('order_items', (t) => {
    t.check('(product_id is null) <> (plan_id is null)', [], 'order_items_product_or_plan_check');
    t.index(['plan_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('marketplace_orders').where({ source: 'plan' }).del();
  await knex.schema.alterTable('order_items', (t) => {
    t.dropChecks(['order_items_product_or_plan_check']);
    t.dropIndex(['plan_id']);
    t.dropColumn('plan_id');
  });
  await knex.raw('alter table order_items alter column product_id set not null');
  await knex.raw('drop index if exists marketplace_orders_voucher_unique');
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.dropChecks(['marketplace_orders_source_check']);
    t.dropColumns('source', 'voucher_id');
  });
}
