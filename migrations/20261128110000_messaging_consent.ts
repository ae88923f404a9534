// Consent and messaging (docs/product/messaging.md): the published versions of the terms and the privacy policy and
// each person's acceptance of them (the address only as a keyed hash); per person, kind of message and channel the
// choice made (absent = the default); the WhatsApp double opt-in; and the log of messages sent on outside channels.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('legal_documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('kind').notNullable();
    t.text('version').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.text('summary').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['kind', 'version']);
    t.index(['kind', 'published_at']);
    t.check(`kind in ('terms','privacy')`, [], 'legal_documents_kind_check');
  });
  await knex.schema.createTable('legal_acceptances', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('document_id').notNullable().references('id').inTable('legal_documents').onDelete('RESTRICT');
    t.text('kind').notNullable();
    t.text('version').notNullable();
    t.timestamp('accepted_at', { useTz: true }).notNullable();
    t.text('ip_hash');
    t.unique(['user_id', 'document_id']);
    t.index(['user_id', 'kind', 'accepted_at']);
  });
  await knex.schema.createTable('message_preferences', (t) => {
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('category').notNullable();
    t.text('channel').notNullable();
    t.boolean('enabled').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'category', 'channel']);
    t.check(`category in ('transactional','vouchers','marketing')`, [], 'message_preferences_category_check');
    t.check(`channel in ('email','whatsapp','push','in_app')`, [], 'message_preferences_channel_check');
  });
  await knex.schema.createTable('whatsapp_optins', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('phone').notNullable();
    t.text('code_hash');
    t.timestamp('code_expires_at', { useTz: true });
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('message_log', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('channel').notNullable();
    t.text('template').notNullable();
    t.uuid('notification_id').references('id').inTable('notifications').onDelete('SET NULL');
    t.text('status').notNullable();
    t.text('provider_message_id');
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    t.index(['created_at', 'channel']);
    t.index(['provider_message_id']);
    t.check(`channel in ('email','whatsapp','push','in_app')`, [], 'message_log_channel_check');
    t.check(`status in ('queued','sent','delivered','read','failed')`, [], 'message_log_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('message_log');
  await knex.schema.dropTableIfExists('whatsapp_optins');
  await knex.schema.dropTableIfExists('message_preferences');
  await knex.schema.dropTableIfExists('legal_acceptances');
  await knex.schema.dropTableIfExists('legal_documents');
}
