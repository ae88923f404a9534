// The embedded sandbox payment provider's own books (docs/product/payments.md): its customers and charges, as Asaas would keep them.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sandbox_customers', (t) => {
    t.text('id').primary(); // cus_sbx_…, provider-style ids
    t.text('cpf').notNullable().unique();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('sandbox_charges', (t) => {
    t.text('id').primary(); // pay_sbx_…
    t.text('customer_id').notNullable().references('sandbox_customers.id');
    // Our payment id: a create is idempotent by it.
    t.text('external_reference').notNullable().unique();
    t.text('method').notNullable();
    t.integer('amount').notNullable();
    t.integer('installments').notNullable().defaultTo(1);
    t.text('status').notNullable().defaultTo('pending');
    t.integer('refunded_amount').notNullable().defaultTo(0);
    t.text('description').notNullable().defaultTo('');
    t.date('due_date').notNullable();
    t.text('pix_payload');
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamps(true, true);
    t.check(`method in ('PIX','BOLETO','CREDIT_CARD')`, [], 'sandbox_charges_method_check');
    t.check(
      `status in ('pending','confirmed','overdue','refunding','refunded','chargeback','cancelled')`,
      [],
      'sandbox_charges_status_check',
    );
    t.check('amount > 0', [], 'sandbox_charges_amount_check');
    t.check('refunded_amount between 0 and amount', [], 'sandbox_charges_refunded_check');
    t.index(['customer_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sandbox_charges');
  await knex.schema.dropTableIfExists('sandbox_customers');
}
