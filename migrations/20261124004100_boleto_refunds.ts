// Boleto refunds: a boleto cannot be refunded through the provider, so the member chooses where the money
// goes — a PIX key (sent as one transfer through the payment port, its id kept) or wallet credit. No column points at
// a user (the payment's user_id is already in the LGPD export).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.text('refund_destination');
    t.text('refund_pix_key_type');
    t.text('refund_pix_key');
    t.text('refund_transfer_id');
  });
  await knex.schema.alterTable('payments', (t) => {
    t.check(`refund_destination is null or refund_destination in ('pix','wallet')`, [], 'payments_refund_destination_check');
    t.check(`(refund_destination = 'pix') = (refund_pix_key is not null)`, [], 'payments_refund_pix_key_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_refund_destination_check', 'payments_refund_pix_key_check']);
    t.dropColumns('refund_destination', 'refund_pix_key_type', 'refund_pix_key', 'refund_transfer_id');
  });
}
