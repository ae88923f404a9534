// Accounts: soft deletion (LGPD anonymisation), the referral row of every sign-up (docs/product/spec.md §3) and the shared rate-limit store.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deleted_at', { useTz: true });
  });

  await knex.schema.createTable('referrals', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // One origin per account; the row outlives the person's data (it is anonymised, never deleted).
    t.uuid('referred_user_id').notNullable().unique().references('users.id');
    t.uuid('referrer_user_id').references('users.id');
    t.text('referral_type').notNullable();
    t.text('status').notNullable();
    t.text('codigo_referencia').notNullable();
    t.timestamps(true, true);
    t.index(['referrer_user_id']);
    t.check(`referral_type in ('direct','influencer','user')`, [], 'referrals_type_check');
    t.check(`status in ('pending','confirmed','cancelled')`, [], 'referrals_status_check');
  });

  // The layout rate-limiter-flexible's PostgreSQL store expects; shared by every server instance.
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
  await knex.schema.dropTableIfExists('referrals');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deleted_at');
  });
}
