// A refund or chargeback the provider reports after confirmation: a completed group's voucher that was not
// redeemed yet is cancelled with the purchase (docs/product/payments.md#withdrawal-cdc-art-49), and records when.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vouchers', (t) => {
    t.dropChecks(['vouchers_status_check']);
    t.timestamp('cancelled_at', { useTz: true });
  });
  await knex.schema.alterTable('vouchers', (t) => {
    t.check(`status in ('awaiting_balance','redeemable','redeemed','cancelled')`, [], 'vouchers_status_check');
    t.check(`(status = 'cancelled') = (cancelled_at is not null)`, [], 'vouchers_cancelled_at_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vouchers', (t) => {
    t.dropChecks(['vouchers_status_check', 'vouchers_cancelled_at_check']);
    t.dropColumn('cancelled_at');
  });
  await knex.schema.alterTable('vouchers', (t) => {
    t.check(`status in ('awaiting_balance','redeemable','redeemed')`, [], 'vouchers_status_check');
  });
}
