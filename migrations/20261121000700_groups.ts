// The group purchase and its money (docs/product/group-purchase.md–§3, §6): groups, members, vouchers, payments, provider events,
// notifications and wallet credit.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('groups', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('plan_id').notNullable().references('plans.id');
    t.uuid('owner_user_id').notNullable().references('users.id');
    t.text('status').notNullable().defaultTo('open');
    // Snapshots: a later price change never alters a group already running.
    t.integer('group_size').notNullable();
    t.integer('price').notNullable();
    t.integer('entry_price').notNullable();
    t.timestamp('deadline_at', { useTz: true }).notNullable();
    t.timestamp('reminder_sent_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('expired_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['plan_id', 'status']);
    t.index(['status', 'deadline_at']);
    t.check(`status in ('open','complete','expired','cancelled')`, [], 'groups_status_check');
    t.check(`group_size between 2 and 50`, [], 'groups_size_check');
    t.check(`entry_price = (price + 5) / 10`, [], 'groups_entry_price_check');
  });

  await knex.schema.createTable('group_members', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('group_id').notNullable().references('groups.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.text('status').notNullable().defaultTo('pending_payment');
    t.text('invite_code').notNullable().unique();
    t.uuid('invited_by_member_id').references('group_members.id');
    t.timestamp('hold_expires_at', { useTz: true });
    t.text('refund_to').notNullable().defaultTo('original');
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('awarded_at', { useTz: true });
    t.timestamp('released_at', { useTz: true });
    t.timestamp('refunded_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['group_id', 'status']);
    t.index(['user_id']);
    t.index(['status', 'hold_expires_at']);
    t.check(`status in ('pending_payment','paid','awarded','released','refunded')`, [], 'group_members_status_check');
    t.check(`refund_to in ('original','wallet')`, [], 'group_members_refund_to_check');
  });
  // A user holds at most one live place per group (a released or refunded place may be taken again).
  await knex.raw(
    `create unique index group_members_one_live_place on group_members (group_id, user_id) where status in ('pending_payment','paid','awarded')`,
  );

  await knex.schema.createTable('vouchers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('member_id').notNullable().unique().references('group_members.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.uuid('group_id').notNullable().references('groups.id');
    t.uuid('plan_id').notNullable().references('plans.id');
    t.text('code').notNullable().unique();
    t.text('status').notNullable().defaultTo('awaiting_balance');
    t.integer('price').notNullable();
    t.integer('entry_paid').notNullable();
    t.integer('balance_due').notNullable();
    t.timestamp('redeemable_at', { useTz: true });
    t.timestamp('redeemed_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['user_id']);
    t.check(`status in ('awaiting_balance','redeemable','redeemed')`, [], 'vouchers_status_check');
    t.check(`price = entry_paid + balance_due`, [], 'vouchers_amounts_check');
  });

  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.text('purpose').notNullable();
    t.uuid('ref_id').notNullable();
    t.integer('amount').notNullable();
    t.text('method').notNullable();
    t.integer('installments').notNullable().defaultTo(1);
    t.text('status').notNullable().defaultTo('pending');
    t.text('provider').notNullable();
    t.text('provider_customer_id');
    t.text('provider_payment_id').unique();
    t.text('provider_status');
    t.text('pix_payload');
    t.text('pix_image');
    t.timestamp('pix_expires_at', { useTz: true });
    t.text('boleto_url');
    t.text('invoice_url');
    t.date('due_date');
    t.timestamp('confirmed_at', { useTz: true });
    t.integer('refunded_amount').notNullable().defaultTo(0);
    t.timestamp('refund_requested_at', { useTz: true });
    t.timestamp('refunded_at', { useTz: true });
    t.text('failure_reason');
    t.timestamps(true, true);
    t.index(['user_id', 'created_at']);
    t.index(['purpose', 'ref_id']);
    t.index(['status']);
    t.check(`purpose in ('entry','balance','order')`, [], 'payments_purpose_check');
    t.check(`method in ('PIX','BOLETO','CREDIT_CARD','WALLET')`, [], 'payments_method_check');
    t.check(`status in ('pending','confirmed','failed','cancelled','refund_pending','refunded','amount_mismatch')`, [], 'payments_status_check');
    t.check(`amount > 0 and refunded_amount >= 0 and refunded_amount <= amount`, [], 'payments_amounts_check');
    t.check(`installments between 1 and 12`, [], 'payments_installments_check');
  });

  await knex.schema.createTable('payment_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('provider').notNullable();
    t.text('event_id').notNullable();
    t.text('type').notNullable();
    t.text('provider_payment_id');
    t.jsonb('payload').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', { useTz: true });
    t.text('outcome');
    t.text('error');
    // Redeliveries keep the same id: the second insert fails and the event is not processed again.
    t.unique(['provider', 'event_id']);
    t.index(['processed_at']);
  });

  await knex.schema.createTable('notifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.text('type').notNullable();
    t.text('title').notNullable();
    t.text('body').notNullable();
    t.text('link');
    t.jsonb('data').notNullable().defaultTo('{}');
    // One notification per event, however many times the event is reported.
    t.text('dedupe_key').unique();
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
  });

  await knex.schema.createTable('wallet_entries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id');
    t.integer('amount').notNullable();
    t.text('kind').notNullable();
    t.text('description').notNullable();
    t.text('ref').unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    t.check(`kind in ('entry_credit','referral_bonus','spend','adjustment')`, [], 'wallet_entries_kind_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['wallet_entries', 'notifications', 'payment_events', 'payments', 'vouchers', 'group_members', 'groups']) {
    await knex.schema.dropTableIfExists(table);
  }
}
