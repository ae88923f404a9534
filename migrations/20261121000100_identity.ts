// Identity: users, profiles (docs/product/spec.md §3), sessions, single-use tokens, audit logs and the jobs schedule.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists citext');

  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.specificType('email', 'citext').notNullable().unique();
    t.text('password_hash').notNullable();
    t.text('role').notNullable().defaultTo('user');
    t.timestamp('email_confirmed_at', { useTz: true });
    t.timestamp('blocked_at', { useTz: true });
    t.text('blocked_reason');
    t.timestamp('last_login_at', { useTz: true });
    t.timestamp('password_changed_at', { useTz: true });
    t.timestamps(true, true);
    t.check(`role in ('user','professional','influencer','admin')`, [], 'users_role_check');
  });

  await knex.schema.createTable('profiles', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.specificType('email', 'citext').notNullable();
    t.text('full_name').notNullable();
    t.string('cpf', 11).unique();
    t.string('phone', 20);
    t.date('birth_date');
    t.string('cep', 8);
    t.text('address_street');
    t.text('address_number');
    t.text('address_complement');
    t.text('address_district');
    t.text('address_city');
    t.string('address_state', 2);
    t.double('latitude');
    t.double('longitude');
    t.text('origem');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamps(true, true);
    t.check(`origem is null or origem in ('influenciador','usuario','www')`, [], 'profiles_origem_check');
    t.check(`cpf is null or cpf ~ '^[0-9]{11}$'`, [], 'profiles_cpf_digits_check');
    t.check(`cep is null or cep ~ '^[0-9]{8}$'`, [], 'profiles_cep_digits_check');
  });

  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('ip');
    t.text('user_agent');
    t.timestamps(true, true);
    t.index(['user_id']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('auth_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('purpose').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['user_id', 'purpose']);
    t.check(`purpose in ('email_confirmation','password_reset')`, [], 'auth_tokens_purpose_check');
  });

  await knex.schema.createTable('audit_logs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // No foreign key: the trail must outlive the account it speaks of (LGPD deletion keeps audit records).
    t.uuid('actor_user_id');
    t.text('actor_email');
    t.text('action').notNullable();
    t.text('entity_type');
    t.text('entity_id');
    t.text('ip');
    t.text('user_agent');
    t.text('request_id');
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.index(['created_at']);
    t.index(['action', 'created_at']);
    t.index(['actor_user_id', 'created_at']);
  });

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

export async function down(knex: Knex): Promise<void> {
  for (const table of ['scheduled_jobs', 'audit_logs', 'auth_tokens', 'sessions', 'profiles', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
