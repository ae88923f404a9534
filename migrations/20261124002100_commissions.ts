// Influencer commissions (docs/product/referrals.md): the influencer's rate × the platform fee of each referred user's
// completed purchase (a group voucher whose balance was paid, a delivered order), held 7 days, then available, then
// paid by the same PIX payouts as professionals — a payout now belongs to exactly one professional or one influencer.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table payouts alter column professional_id drop not null');
  await knex.schema.alterTable('payouts', (t) => {
    t.uuid('influencer_id').references('influencers.id');
    t.index(['influencer_id', 'created_at']);
  });
  await knex.raw(`alter table payouts add constraint payouts_owner_check check ((professional_id is null) <> (influencer_id is null))`);

  await knex.schema.createTable('commissions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('influencer_id').notNullable().references('influencers.id');
    t.uuid('referred_user_id').notNullable().references('users.id');
    // The purchase: a group member (voucher whose balance was paid) or a marketplace order. Each earns once.
    t.text('source_type').notNullable();
    t.uuid('source_id').notNullable();
    // The platform fee earned on the purchase, the rate applied (basis points) and the commission, centavos.
    t.integer('base_fee').notNullable();
    t.integer('rate_bp').notNullable();
    t.integer('amount').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('available_at', { useTz: true }).notNullable();
    t.uuid('payout_id').references('payouts.id');
    t.timestamp('reversed_at', { useTz: true });
    t.timestamps(true, true);
    t.unique(['source_type', 'source_id'], { indexName: 'commissions_source_unique' });
    t.index(['influencer_id', 'status']);
    t.index(['status', 'available_at']);
    t.index(['payout_id']);
    t.check(`source_type in ('group_member','order')`, [], 'commissions_source_type_check');
    t.check(`status in ('pending','available','in_payout','paid','reversed')`, [], 'commissions_status_check');
    t.check(`base_fee >= 0 and amount >= 0 and amount <= base_fee`, [], 'commissions_amounts_check');
    t.check(`rate_bp >= 0 and rate_bp <= 10000`, [], 'commissions_rate_check');
    t.check(`(status in ('in_payout','paid')) = (payout_id is not null)`, [], 'commissions_payout_check');
    t.check(`(status = 'reversed') = (reversed_at is not null)`, [], 'commissions_reversed_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('commissions');
  await knex.raw(`alter table payouts drop constraint if exists payouts_owner_check`);
  await knex('payouts').whereNotNull('influencer_id').delete();
  await knex.schema.alterTable('payouts', (t) => {
    t.dropIndex(['influencer_id', 'created_at']);
    t.dropColumn('influencer_id');
  });
  await knex.raw('alter table payouts alter column professional_id set not null');
}
