// An e-mailed, single-use link that clears the per-account login ceiling (auth_tokens purpose 'account_unlock').
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table auth_tokens drop constraint if exists auth_tokens_purpose_check');
  await knex.raw(`alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('email_confirmation','password_reset','account_unlock'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex('auth_tokens').where({ purpose: 'account_unlock' }).delete();
  await knex.raw('alter table auth_tokens drop constraint if exists auth_tokens_purpose_check');
  await knex.raw(`alter table auth_tokens add constraint auth_tokens_purpose_check check (purpose in ('email_confirmation','password_reset'))`);
}
