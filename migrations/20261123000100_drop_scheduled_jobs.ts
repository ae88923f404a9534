// The scheduled jobs moved to pg-boss (its own `pgboss` schema, created and migrated by the job queue's start()):
// the home-made lease table goes. Down brings the empty table back for the old scheduler.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduled_jobs');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('scheduled_jobs', (t) => {
    t.text('name').primary();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.integer('interval_seconds').notNullable();
    t.timestamp('next_run_at', { useTz: true });
    t.timestamp('locked_until', { useTz: true });
    t.text('locked_by');
    t.timestamp('last_started_at', { useTz: true });
    t.timestamp('last_finished_at', { useTz: true });
    t.text('last_outcome');
    t.text('last_error');
    t.jsonb('last_counts');
    t.integer('run_count').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.check(`last_outcome is null or last_outcome in ('ok','error')`, [], 'scheduled_jobs_outcome_check');
  });
}
