// The product marketplace (docs/product/marketplace.md): categories, products (trigram search over an app-maintained search_text),
// server-side cart lines, orders with their items and status timeline, and the link from a payment to its order.
import type { Knex } from 'knex';

const STATUSES = `'pending','paid','preparing','shipped','delivered','cancelled','refunded'`;

export async function up(knex: Knex): Promise<void> {
  // PGlite is created with pg_trgm loaded; PostgreSQL needs the extension in each database.
  await knex.raw('create extension if not exists pg_trgm');

  await knex.schema.createTable('product_categories', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('description');
    t.integer('sort_order').notNullable().defaultTo(0);
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('products', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('category_id').references('product_categories.id').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.text('slug').notNullable().unique();
    t.text('description').notNullable().defaultTo('');
    t.integer('price').notNullable();
    // null = unlimited; never negative (the conditional decrement keeps it so, the check proves it).
    t.integer('stock_quantity');
    // Public URLs (the storage port's), first one is the cover.
    t.jsonb('images').notNullable().defaultTo('[]');
    t.boolean('active').notNullable().defaultTo(true);
    // normalizeSearch(name + description), written by the application (core/marketplace/search.ts).
    t.text('search_text').notNullable().defaultTo('');
    t.timestamps(true, true);
    t.check('price > 0', [], 'products_price_check');
    t.check('stock_quantity is null or stock_quantity >= 0', [], 'products_stock_check');
    t.check(`jsonb_typeof(images) = 'array'`, [], 'products_images_check');
  });
  await knex.raw('create index products_search_trgm on products using gin (search_text gin_trgm_ops)');
  // The catalogue's orders: newest, cheapest, dearest — per category or over all active products.
  await knex.raw('create index products_active_created on products (active, created_at desc, id desc)');
  await knex.raw('create index products_active_price on products (active, price, id)');
  await knex.raw('create index products_category_created on products (category_id, active, created_at desc, id desc)');
  await knex.raw('create index products_category_price on products (category_id, active, price, id)');

  await knex.schema.createTable('cart_lines', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('item_type').notNullable();
    t.uuid('product_id').references('products.id').onDelete('CASCADE');
    t.uuid('plan_id').references('plans.id').onDelete('CASCADE');
    t.integer('quantity').notNullable();
    t.timestamps(true, true);
    t.check(`(item_type = 'product' and product_id is not null and plan_id is null) or (item_type = 'plan' and plan_id is not null and product_id is null)`, [], 'cart_lines_item_check');
    t.check('quantity > 0', [], 'cart_lines_quantity_check');
    t.index(['user_id', 'created_at']);
  });
  // One line per product and one per plan in a user's cart: what the upserts' ON CONFLICT targets.
  await knex.raw('create unique index cart_lines_user_product on cart_lines (user_id, product_id) where product_id is not null');
  await knex.raw('create unique index cart_lines_user_plan on cart_lines (user_id, plan_id) where plan_id is not null');

  await knex.schema.createTable('marketplace_orders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.text('status').notNullable().defaultTo('pending');
    t.uuid('payment_id').references('payments.id');
    t.integer('subtotal').notNullable();
    t.integer('total_amount').notNullable();
    t.integer('items_count').notNullable();
    t.jsonb('address').notNullable();
    t.text('tracking_code');
    t.text('cancel_reason');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('preparing_at', { useTz: true });
    t.timestamp('shipped_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('refunded_at', { useTz: true });
    t.timestamps(true, true);
    t.check(`status in (${STATUSES})`, [], 'marketplace_orders_status_check');
    t.check('subtotal > 0 and total_amount > 0 and items_count > 0', [], 'marketplace_orders_amounts_check');
    t.check(`status <> 'shipped' or tracking_code is not null`, [], 'marketplace_orders_tracking_check');
  });
  await knex.raw('create index marketplace_orders_user_created on marketplace_orders (user_id, created_at desc, id desc)');
  // docs/product/spec.md §7 polling: the user's pending orders with a payment, newest first.
  await knex.raw(`create index marketplace_orders_pending_payment on marketplace_orders (user_id, created_at desc) where status = 'pending' and payment_id is not null`);
  await knex.raw(`create index marketplace_orders_expiry on marketplace_orders (expires_at) where status = 'pending'`);
  await knex.raw('create index marketplace_orders_status_created on marketplace_orders (status, created_at desc)');

  await knex.schema.createTable('order_items', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('marketplace_orders.id').onDelete('CASCADE');
    t.uuid('product_id').notNullable().references('products.id');
    // Snapshots: the order keeps what was bought at that price, whatever the catalogue says later.
    t.text('product_name').notNullable();
    t.text('image_url');
    t.integer('unit_price').notNullable();
    t.integer('quantity').notNullable();
    t.integer('subtotal').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
    t.index(['product_id']);
    t.check('unit_price > 0 and quantity > 0 and subtotal = unit_price * quantity', [], 'order_items_amounts_check');
  });

  await knex.schema.createTable('order_status_history', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Insertion order: two changes in the same instant (a card confirmed at creation) still read in sequence.
    t.specificType('seq', 'bigint generated always as identity');
    t.uuid('order_id').notNullable().references('marketplace_orders.id').onDelete('CASCADE');
    t.text('from_status');
    t.text('to_status').notNullable();
    t.text('actor').notNullable();
    t.text('note');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id', 'seq']);
    t.check(`to_status in (${STATUSES}) and (from_status is null or from_status in (${STATUSES}))`, [], 'order_status_history_status_check');
  });

  // marketplace_orders.payment_id is the latest payment created for the order (docs/product/spec.md §7 polls it). Payments are
  // created by the shared PaymentService, which knows nothing of orders; the link is kept here, in the same
  // transaction as the payment's insert.
  await knex.raw(`
    create or replace function marketplace_link_order_payment() returns trigger language plpgsql as $$
    begin
      update marketplace_orders set payment_id = new.id, updated_at = now() where id = new.ref_id and status = 'pending';
      return new;
    end
    $$`);
  await knex.raw(`
    create trigger payments_link_marketplace_order after insert on payments
    for each row when (new.purpose = 'order') execute function marketplace_link_order_payment()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists payments_link_marketplace_order on payments');
  await knex.raw('drop function if exists marketplace_link_order_payment()');
  for (const table of ['order_status_history', 'order_items', 'marketplace_orders', 'cart_lines', 'products', 'product_categories']) {
    await knex.schema.dropTableIfExists(table);
  }
}
