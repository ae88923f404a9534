// The WhatsApp outbox: every template message the development messenger "sends" when no WhatsApp account is configured.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Append-only, like mail_outbox: a message is written once and never updated.
  await knex.schema.createTable('whatsapp_outbox', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('to_phone').notNullable();
    t.text('template').notNullable();
    t.text('language').notNullable();
    t.jsonb('parameters').notNullable();
    t.text('body').notNullable();
    t.text('provider_message_id').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['to_phone', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('whatsapp_outbox');
}
