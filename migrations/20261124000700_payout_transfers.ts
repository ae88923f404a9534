// Payouts as PIX transfers (docs/product/professionals.md): what a payout was sent to and what came back (the PIX key used,
// the provider's status, when it was paid, the receipt), the claim that keeps one transfer per payout, a receivable
// tied to a payout exactly while it is in it or paid by it, and the sandbox provider's own book of transfers.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    // The key the transfer went to, kept as it was then (the professional may change it later).
    t.text('pix_key_type');
    t.text('pix_key');
    t.text('provider_status');
    t.text('receipt_url');
    // Set by the one transfer job that calls the provider; a stale claim (crash) may be taken again.
    t.timestamp('transfer_requested_at', { useTz: true });
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('failed_at', { useTz: true });
    t.check(`(status = 'done') = (paid_at is not null)`, [], 'payouts_paid_at_check');
  });

  await knex.schema.alterTable('receivables', (t) => {
    t.index(['payout_id']);
    // In a payout exactly while in_payout or paid: a failed transfer gives them back with payout_id cleared.
    t.check(`(payout_id is not null) = (status in ('in_payout','paid'))`, [], 'receivables_payout_check');
  });

  await knex.schema.createTable('sandbox_transfers', (t) => {
    t.text('id').primary(); // a UUID, as Asaas gives transfers
    // Our payout id: a create is idempotent by it.
    t.text('external_reference').notNullable().unique();
    t.integer('value').notNullable();
    t.text('pix_key_type').notNullable();
    t.text('pix_key').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('status').notNullable();
    t.text('fail_reason');
    t.timestamps(true, true);
    t.check(`status in ('PENDING','BANK_PROCESSING','DONE','FAILED','CANCELLED')`, [], 'sandbox_transfers_status_check');
    t.check('value > 0', [], 'sandbox_transfers_value_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sandbox_transfers');
  await knex.schema.alterTable('receivables', (t) => {
    t.dropChecks(['receivables_payout_check']);
    t.dropIndex(['payout_id']);
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.dropChecks(['payouts_paid_at_check']);
    for (const c of ['pix_key_type', 'pix_key', 'provider_status', 'receipt_url', 'transfer_requested_at', 'paid_at', 'failed_at']) t.dropColumn(c);
  });
}
