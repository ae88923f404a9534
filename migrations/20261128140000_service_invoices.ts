// Service invoices (NFS-e) for the platform's fee on each completed purchase, issued through the payment provider
// (docs/product/payments.md#service-invoices-nfs-e): one per purchase, its provider status, links and error; and the
// embedded sandbox provider's own invoices.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('service_invoices', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('source').notNullable();
    // The voucher of the completed purchase.
    t.uuid('source_id').notNullable();
    t.uuid('payment_id').notNullable().references('payments.id');
    t.integer('amount').notNullable();
    t.text('description').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('status').notNullable().defaultTo('scheduled');
    t.text('provider').notNullable();
    t.text('provider_invoice_id');
    t.text('provider_payment_id');
    t.text('provider_customer_id');
    t.text('provider_status');
    t.text('number');
    t.text('validation_code');
    t.text('pdf_url');
    t.text('xml_url');
    t.text('error_message');
    t.timestamp('cancel_requested_at', { useTz: true });
    t.text('cancel_reason');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('authorised_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['source', 'source_id']);
    t.index(['payment_id']);
    t.index(['occurred_at']);
    t.check(`source in ('group_purchase')`, [], 'service_invoices_source_check');
    t.check(`status in ('scheduled','synchronised','authorised','cancelled','error')`, [], 'service_invoices_status_check');
    t.check('amount > 0', [], 'service_invoices_amount_check');
  });
  await knex.raw('create unique index service_invoices_provider_invoice_id_idx on service_invoices (provider, provider_invoice_id) where provider_invoice_id is not null');
  // The reconcile job's sweep: what is not settled yet.
  await knex.raw(`create index service_invoices_open_idx on service_invoices (created_at) where status in ('scheduled','synchronised') or (status = 'authorised' and cancel_requested_at is not null)`);

  await knex.schema.createTable('sandbox_invoices', (t) => {
    t.text('id').primary(); // inv_sbx_…, as Asaas names invoices inv_…
    // Our invoice id: a schedule is idempotent by it.
    t.text('external_reference').notNullable().unique();
    t.text('payment');
    t.text('customer');
    t.integer('value').notNullable();
    t.text('service_description').notNullable();
    t.text('municipal_service_code');
    t.text('municipal_service_name');
    t.decimal('iss', 5, 2).notNullable().defaultTo(0);
    t.text('effective_date').notNullable();
    t.text('status').notNullable();
    t.text('number');
    t.text('validation_code');
    t.timestamps(true, true);
    t.check(`status in ('SCHEDULED','SYNCHRONIZED','AUTHORIZED','PROCESSING_CANCELLATION','CANCELED','CANCELLATION_DENIED','ERROR')`, [], 'sandbox_invoices_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sandbox_invoices');
  await knex.schema.dropTableIfExists('service_invoices');
}
