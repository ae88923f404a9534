// A boleto refund's PIX transfer is found by its provider id when its TRANSFER_* webhook (or the reconcile job) says
// how it ended: a partial index, only the refunds sent by transfer have one.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index payments_refund_transfer_id_idx on payments (refund_transfer_id) where refund_transfer_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists payments_refund_transfer_id_idx');
}
