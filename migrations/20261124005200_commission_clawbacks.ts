// Commission claw-back (docs/product/referrals.md): a commission already paid out (or on its way in a transfer) whose
// purchase is later refunded cannot be reversed — the money left. It becomes a negative balance (`clawback_at`) that
// the influencer's next payout deducts (`clawback_payout_id`); a transfer is never negative: a payout is made only
// when the available commissions minus what is owed reach the minimum.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('commissions', (t) => {
    t.timestamp('clawback_at', { useTz: true });
    t.uuid('clawback_payout_id').references('payouts.id');
    t.index(['influencer_id', 'clawback_payout_id'], 'commissions_clawback_idx');
  });
  // Only paid (or being paid) commissions are clawed back, and a deduction needs a claw-back.
  await knex.raw(`alter table commissions add constraint commissions_clawback_check check (
    (clawback_at is null or status in ('in_payout','paid')) and (clawback_payout_id is null or (clawback_at is not null and status = 'paid')))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table commissions drop constraint if exists commissions_clawback_check');
  await knex.schema.alterTable('commissions', (t) => {
    t.dropIndex(['influencer_id', 'clawback_payout_id'], 'commissions_clawback_idx');
    t.dropColumn('clawback_payout_id');
    t.dropColumn('clawback_at');
  });
}
