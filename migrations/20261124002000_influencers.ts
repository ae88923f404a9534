// Influencers and referral attribution (docs/product/referrals.md): the influencer's application and code, every
// click on a referral link (/r/, /ref/, /indicacao/), and the sign-up's binding to the influencer on the server.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('influencers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().unique().references('users.id');
    t.text('status').notNullable().defaultTo('pending');
    // Readable and unique whatever the case (citext); given on approval, changeable once.
    t.specificType('code', 'citext').unique();
    t.integer('code_changes').notNullable().defaultTo(0);
    // Commission rate in basis points of the platform fee (1000 = 10%), set by an admin on approval.
    t.integer('commission_rate_bp');
    t.text('instagram');
    t.text('tiktok');
    t.text('youtube');
    t.integer('audience_size').notNullable().defaultTo(0);
    t.text('niche').notNullable().defaultTo('');
    t.text('pix_key_type').notNullable();
    t.text('pix_key').notNullable();
    t.text('rejection_reason');
    t.text('suspension_reason');
    t.timestamp('approved_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['status', 'created_at']);
    t.check(`status in ('pending','approved','rejected','suspended')`, [], 'influencers_status_check');
    t.check(`commission_rate_bp is null or (commission_rate_bp >= 0 and commission_rate_bp <= 10000)`, [], 'influencers_rate_check');
    t.check(`status <> 'approved' or (code is not null and commission_rate_bp is not null)`, [], 'influencers_approved_check');
    t.check(`code_changes >= 0 and code_changes <= 1`, [], 'influencers_code_changes_check');
    t.check(`audience_size >= 0`, [], 'influencers_audience_check');
  });

  await knex.schema.createTable('referral_clicks', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // The code as typed (unknown codes are recorded too); the influencer when it named an active one.
    t.text('code').notNullable();
    t.uuid('influencer_id').references('influencers.id');
    t.text('path').notNullable();
    t.text('referrer');
    // A hash of the visitor (IP + user agent), never the raw address: repeated clicks within a minute count once.
    t.text('visitor_hash').notNullable();
    t.boolean('is_bot').notNullable().defaultTo(false);
    // false for bots and repeats: kept for the audit trail, left out of every count.
    t.boolean('counted').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['influencer_id', 'created_at']);
    t.index(['visitor_hash', 'code', 'created_at']);
  });

  await knex.schema.alterTable('referrals', (t) => {
    // Bound at sign-up inside the 30-day window, for good: the click that brought the user and its influencer.
    t.uuid('influencer_id').references('influencers.id');
    t.uuid('click_id').references('referral_clicks.id');
    t.timestamp('clicked_at', { useTz: true });
    // Hash of the sign-up's IP (more than 3 sign-ups from one IP in a day for one code are flagged).
    t.text('signup_ip_hash');
    // Same CPF, e-mail or phone as the influencer: recorded, earns nothing.
    t.boolean('self_referral').notNullable().defaultTo(false);
    t.timestamp('flagged_at', { useTz: true });
    t.text('flag_reason');
    t.index(['influencer_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('referrals', (t) => {
    t.dropIndex(['influencer_id', 'created_at']);
    for (const c of ['influencer_id', 'click_id', 'clicked_at', 'signup_ip_hash', 'self_referral', 'flagged_at', 'flag_reason']) t.dropColumn(c);
  });
  await knex.schema.dropTableIfExists('referral_clicks');
  await knex.schema.dropTableIfExists('influencers');
}
