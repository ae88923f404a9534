// Shipping: products get weight and dimensions for the freight quote (existing rows take a small box's
// defaults), and an order keeps the option the customer chose — its price (part of total_amount), id, name and estimate.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.integer('weight_grams').notNullable().defaultTo(500);
    t.integer('height_cm').notNullable().defaultTo(10);
    t.integer('width_cm').notNullable().defaultTo(15);
    t.integer('length_cm').notNullable().defaultTo(20);
  });
  await knex.schema.alterTable('products', (t) => {
    t.check('weight_grams > 0 and height_cm > 0 and width_cm > 0 and length_cm > 0', [], 'products_shipping_dimensions_check');
  });
  await knex.schema.alterTable('marketplace_orders', (t) => {
    // Orders made before freight existed (and plan orders) carry 0 and no option.
    t.integer('shipping_amount').notNullable().defaultTo(0);
    t.text('shipping_option_id');
    t.text('shipping_option_name');
    t.integer('shipping_days');
  });
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.check('shipping_amount >= 0', [], 'marketplace_orders_shipping_amount_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.dropChecks(['marketplace_orders_shipping_amount_check']);
    t.dropColumns('shipping_amount', 'shipping_option_id', 'shipping_option_name', 'shipping_days');
  });
  await knex.schema.alterTable('products', (t) => {
    t.dropChecks(['products_shipping_dimensions_check']);
    t.dropColumns('weight_grams', 'height_cm', 'width_cm', 'length_cm');
  });
}
