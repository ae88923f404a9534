// Order returns (CDC art. 49): the customer's request on the order itself (one per order), and the back
// office's decision. No column points at a user (the order's user_id is already in the LGPD export).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.text('return_status');
    t.text('return_reason');
    t.timestamp('return_requested_at', { useTz: true });
    t.timestamp('return_decided_at', { useTz: true });
    t.text('return_reject_reason');
  });
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.check(`return_status is null or return_status in ('requested','accepted','rejected')`, [], 'marketplace_orders_return_status_check');
    t.check(`(return_status is null) = (return_requested_at is null)`, [], 'marketplace_orders_return_requested_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('marketplace_orders', (t) => {
    t.dropChecks(['marketplace_orders_return_status_check', 'marketplace_orders_return_requested_check']);
    t.dropColumns('return_status', 'return_reason', 'return_requested_at', 'return_decided_at', 'return_reject_reason');
  });
}
