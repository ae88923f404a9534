// Refunds of one order line: an operator gives back some units of one line of a paid order, with a reason.
// The amount is the line's unit price × the units, recomputed on the server, and comes only from the part the provider
// took (never the wallet credit the order spent); the `marketplace.line_refund` job refunds it through the payment port
// and marks it done: `refunded_at` dates the movement in the financial report.
// No column points at a person beyond the order (already in the LGPD export through the order).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_line_refunds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('marketplace_orders.id').onDelete('CASCADE');
    t.uuid('order_item_id').notNullable().references('order_items.id').onDelete('CASCADE');
    t.uuid('payment_id').notNullable().references('payments.id');
    t.uuid('product_id').notNullable();
    t.integer('quantity').notNullable();
    t.integer('amount').notNullable();
    t.boolean('stock_returned').notNullable();
    t.text('reason').notNullable();
    t.text('actor_email').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('failure_reason');
    // Set while one runner of the job refunds the payment's pending rows at the provider (another run waits); a claim
    // older than a few minutes was left by a crash and may be taken again.
    t.timestamp('claimed_at', { useTz: true });
    t.timestamp('refunded_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id']);
    t.index(['payment_id']);
    t.check('quantity > 0 and amount > 0', [], 'order_line_refunds_amounts_check');
    t.check(`status in ('pending','done')`, [], 'order_line_refunds_status_check');
    t.check(`(status = 'done') = (refunded_at is not null)`, [], 'order_line_refunds_done_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_line_refunds');
}
