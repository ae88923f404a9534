// Campaigns and the member-to-member bonus (docs/product/group-purchase.md, docs/product/referrals.md): an admin-defined period, bonus
// (fixed centavos or basis points of the platform fee), cap per inviter and total budget; and every bonus credited to
// an inviter's wallet when an invitee's group completes. `spent` never passes `budget` (a check, plus a conditional
// update in the flow). The wallet side uses the existing kind 'referral_bonus' (a reversal is a negative entry of the
// same kind under its own ref): no new wallet kinds.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('campaigns', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.timestamp('ends_at', { useTz: true }).notNullable();
    t.text('bonus_type').notNullable();
    // Centavos for 'fixed', basis points of the platform fee for 'fee_percent' (10000 = the whole fee).
    t.integer('bonus_value').notNullable();
    t.integer('cap_per_inviter').notNullable();
    t.integer('budget').notNullable();
    t.integer('spent').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('active');
    t.uuid('created_by').references('users.id');
    t.timestamp('ended_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['status', 'starts_at']);
    t.check(`bonus_type in ('fixed','fee_percent')`, [], 'campaigns_bonus_type_check');
    t.check(`status in ('active','ended')`, [], 'campaigns_status_check');
    t.check(`ends_at > starts_at`, [], 'campaigns_period_check');
    t.check(`bonus_value > 0 and (bonus_type <> 'fee_percent' or bonus_value <= 10000)`, [], 'campaigns_bonus_value_check');
    t.check(`cap_per_inviter > 0 and budget > 0`, [], 'campaigns_limits_check');
    t.check(`spent >= 0 and spent <= budget`, [], 'campaigns_spent_check');
  });

  await knex.schema.createTable('campaign_bonuses', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('campaign_id').notNullable().references('campaigns.id');
    t.uuid('inviter_user_id').notNullable().references('users.id');
    t.uuid('inviter_member_id').notNullable().references('group_members.id');
    t.uuid('invitee_member_id').notNullable().references('group_members.id');
    t.uuid('group_id').notNullable().references('groups.id');
    t.integer('amount').notNullable();
    t.text('wallet_entry_ref').notNullable().unique();
    t.text('status').notNullable().defaultTo('credited');
    t.timestamp('reversed_at', { useTz: true });
    t.text('reversal_reason');
    t.timestamps(true, true);
    // One bonus per invitee per campaign, however many times the completion is reported.
    t.unique(['campaign_id', 'invitee_member_id']);
    t.index(['campaign_id', 'inviter_user_id']);
    t.index(['invitee_member_id']);
    t.check(`amount > 0`, [], 'campaign_bonuses_amount_check');
    t.check(`status in ('credited','reversed')`, [], 'campaign_bonuses_status_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('campaign_bonuses');
  await knex.schema.dropTableIfExists('campaigns');
}
