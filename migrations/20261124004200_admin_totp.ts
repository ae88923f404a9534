// Admins sign in with a second factor. users.totp_secret holds the TOTP secret encrypted (AES-256-GCM, key
// derived from SESSION_SECRET) and is never exported; totp_pending_secret is an enrolment not yet confirmed;
// totp_last_step is the last accepted time step (a code is not accepted twice). Recovery codes are stored as HMAC
// digests. sessions.second_factor_at: when this session passed the second factor (null: password only).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('totp_secret');
    t.text('totp_pending_secret');
    t.timestamp('totp_enabled_at', { useTz: true });
    t.bigInteger('totp_last_step');
  });
  await knex.schema.alterTable('sessions', (t) => {
    t.timestamp('second_factor_at', { useTz: true });
  });
  await knex.schema.createTable('recovery_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('code_hash').notNullable().unique();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.alterTable('sessions', (t) => t.dropColumn('second_factor_at'));
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totp_last_step');
    t.dropColumn('totp_enabled_at');
    t.dropColumn('totp_pending_secret');
    t.dropColumn('totp_secret');
  });
}
