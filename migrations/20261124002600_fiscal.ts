// Fiscal: which of the platform's taxable events (its fee on a redeemed voucher, a marketplace sale) already
// has a service invoice (NFS-e), with the invoice number and who marked it. An event is invoiced once.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fiscal_invoices', (t) => {
    // `fee:<receivable id>` or `order:<marketplace order id>` (core/reports/fiscal.ts).
    t.text('event_id').primary();
    t.text('invoice_number').notNullable();
    t.timestamp('invoiced_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('invoiced_by').references('users.id');
    t.index(['invoice_number']);
    t.check(`event_id ~ '^(fee|order):[0-9a-f-]{36}$'`, [], 'fiscal_invoices_event_id_check');
    t.check(`length(invoice_number) between 1 and 60`, [], 'fiscal_invoices_number_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('fiscal_invoices');
}
