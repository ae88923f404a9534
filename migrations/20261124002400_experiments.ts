// The theme A/B experiment's records (docs/product/spec.md §3, §4): one participant per visitor and experiment
// (anonymous until sign-up, then linked to the user) and its events ('interaction' from the browser, 'conversion'
// written by the server when the participant's first entry is confirmed).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ab_test_participants', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('anonymous_id').notNullable();
    t.text('experiment_name').notNullable();
    t.text('variant').notNullable();
    t.boolean('converted').notNullable().defaultTo(false);
    t.timestamp('converted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['experiment_name', 'anonymous_id']);
    t.index(['user_id']);
    t.index(['experiment_name', 'created_at']);
  });

  await knex.schema.createTable('ab_test_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('participant_id').notNullable().references('id').inTable('ab_test_participants').onDelete('CASCADE');
    t.text('event_type').notNullable();
    t.text('event_name').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['participant_id', 'created_at']);
    t.check(`event_type in ('interaction','conversion')`, [], 'ab_test_events_event_type_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ab_test_events');
  await knex.schema.dropTable('ab_test_participants');
}
