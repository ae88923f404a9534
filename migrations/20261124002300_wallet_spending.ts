// Spending wallet credit (docs/product/payments.md#wallet): a payment records the part its payer's wallet paid.
// `amount` stays what the order or balance costs; the provider charges `amount - wallet_amount` (nothing when the
// credit covers it all: method WALLET, provider 'wallet'). The ledger side is `wallet_entries` (kind 'spend': a
// negative entry ref `payment:<id>:spend`, and its reversal ref `payment:<id>:spend-return`); no new kinds.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.integer('wallet_amount').notNullable().defaultTo(0);
    t.check(`wallet_amount >= 0 and wallet_amount <= amount`, [], 'payments_wallet_amount_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.dropChecks(['payments_wallet_amount_check']);
    t.dropColumn('wallet_amount');
  });
}
