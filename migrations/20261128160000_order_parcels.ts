// Parcels tracked (docs/product/marketplace.md#parcel-tracking): one shipment per shipped order (the provider, its order
// id, the tracking code, the label link, the carrier's latest step and the polling job's schedule) and the carrier's
// steps, one row per order and status, so the webhook and the polling job telling the same step store it once.
import type { Knex } from 'knex';

const PARCEL = `'created','posted','in_transit','out_for_delivery','delivered','returned'`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_shipments', (t) => {
    t.uuid('order_id').primary().references('marketplace_orders.id').onDelete('cascade');
    t.text('provider').notNullable();
    t.text('provider_order_id');
    t.text('tracking_code');
    t.text('label_url');
    t.text('status').notNullable().defaultTo('created');
    t.integer('quiet_polls').notNullable().defaultTo(0);
    t.timestamp('next_poll_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status in (${PARCEL})`, [], 'order_shipments_status_check');
  });
  await knex.raw('create unique index order_shipments_provider_order_unique on order_shipments (provider, provider_order_id) where provider_order_id is not null');
  await knex.raw('create index order_shipments_tracking_code on order_shipments (tracking_code)');
  await knex.raw('create index order_shipments_next_poll on order_shipments (next_poll_at) where next_poll_at is not null');

  await knex.schema.createTable('order_parcel_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('order_shipments.order_id').onDelete('cascade');
    t.text('status').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('source').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['order_id', 'status']);
    t.check(`status in (${PARCEL}) and status <> 'created'`, [], 'order_parcel_events_status_check');
    t.check(`source in ('webhook','poll','simulated')`, [], 'order_parcel_events_source_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_parcel_events');
  await knex.schema.dropTableIfExists('order_shipments');
}
