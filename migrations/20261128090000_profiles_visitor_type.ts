// The visitor type a sign-up came with (influencer link beats referral link beats direct, core/referrals/visitor-type.ts);
// null for accounts made before it was recorded.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.text('visitor_type');
    t.check(`visitor_type in ('influencer','referral','direct')`, [], 'profiles_visitor_type_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.dropChecks(['profiles_visitor_type_check']);
    t.dropColumn('visitor_type');
  });
}
