// A payout may also refund a deleted account's wallet credit by PIX (docs/product/identity.md#account-deletion): it
// belongs to that user, at most one per account, so a repeated deletion can never send a second transfer.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.uuid('user_id').references('users.id');
  });
  await knex.raw('create unique index payouts_wallet_refund_unique on payouts (user_id) where user_id is not null');
  await knex.raw('alter table payouts drop constraint payouts_owner_check');
  await knex.raw(
    `alter table payouts add constraint payouts_owner_check check (((professional_id is not null)::int + (influencer_id is not null)::int + (user_id is not null)::int) = 1)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('payouts').whereNotNull('user_id').delete();
  await knex.raw('alter table payouts drop constraint payouts_owner_check');
  await knex.raw(`alter table payouts add constraint payouts_owner_check check ((professional_id is null) <> (influencer_id is null))`);
  await knex.raw('drop index if exists payouts_wallet_refund_unique');
  await knex.schema.alterTable('payouts', (t) => {
    t.dropColumn('user_id');
  });
}
