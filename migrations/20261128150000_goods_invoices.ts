// Goods apart from services: a product says whether it is goods (NF-e) or a service (NFS-e), and a marketplace order
// of goods gets one goods invoice (NF-e) issued through the GoodsInvoice port, its status followed by polling.
import type { Knex } from 'knex';

const STATUSES = `'pending','processing','authorised','error','cancelled','return_required'`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    // Every product sold so far is goods; a service sold in the catalogue stays a service for the fiscal report.
    t.text('fiscal_kind').notNullable().defaultTo('goods');
  });
  await knex.schema.alterTable('products', (t) => {
    t.check(`fiscal_kind in ('goods','service')`, [], 'products_fiscal_kind_check');
  });
  await knex.schema.createTable('goods_invoices', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // One NF-e per order; a rejected one is sent again under a new reference (attempt + 1), never a second row.
    t.uuid('order_id').notNullable().unique().references('marketplace_orders.id');
    t.text('status').notNullable().defaultTo('pending');
    t.text('provider').notNullable();
    t.integer('attempt').notNullable().defaultTo(1);
    t.text('reference').notNullable().unique();
    t.integer('goods_amount').notNullable();
    t.integer('freight_amount').notNullable();
    t.integer('total_amount').notNullable();
    t.text('access_key');
    t.text('number');
    t.text('series');
    t.text('danfe_url');
    t.text('xml_url');
    // The provider's (or SEFAZ's) own words on the last answer: shown to the operator as they came.
    t.text('provider_status');
    t.text('error_message');
    t.integer('polls').notNullable().defaultTo(0);
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('authorised_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.timestamp('return_required_at', { useTz: true });
    t.timestamps(true, true);
    t.check(`status in (${STATUSES})`, [], 'goods_invoices_status_check');
    t.check(`access_key is null or access_key ~ '^[0-9]{44}$'`, [], 'goods_invoices_access_key_check');
    t.check(`status <> 'authorised' or access_key is not null`, [], 'goods_invoices_authorised_key_check');
    t.check('goods_amount > 0 and freight_amount >= 0 and total_amount = goods_amount + freight_amount', [], 'goods_invoices_amounts_check');
  });
  await knex.raw(`create index goods_invoices_open on goods_invoices (status, updated_at) where status in ('pending','processing','error','return_required')`);
  await knex.raw('create unique index goods_invoices_access_key on goods_invoices (access_key) where access_key is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('goods_invoices');
  await knex.schema.alterTable('products', (t) => {
    t.dropChecks(['products_fiscal_kind_check']);
    t.dropColumns('fiscal_kind');
  });
}
