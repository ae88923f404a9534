// Professionals (docs/product/professionals.md): applications and approved profiles, portfolio photos, receivables for
// redeemed vouchers, payouts and reviews. Nearby search is indexed on both engines with earthdistance: a partial GiST
// index on ll_to_earth(latitude, longitude) over the approved professionals that have coordinates.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // PGlite gets cube and earthdistance handed in at creation (adapters/db/database.ts); PostgreSQL ships them in contrib.
  await knex.raw('create extension if not exists cube');
  await knex.raw('create extension if not exists earthdistance');

  await knex.schema.createTable('professionals', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().unique().references('users.id');
    t.text('status').notNullable().defaultTo('pending');
    // docs/product/spec.md's `approved` field, kept equal to status = 'approved' by the check below.
    t.boolean('approved').notNullable().defaultTo(false);
    t.text('category').notNullable().references('plan_categories.slug').onUpdate('CASCADE');
    t.text('business_name').notNullable();
    t.text('full_name').notNullable();
    t.text('tax_id').notNullable();
    t.jsonb('register');
    t.string('cep', 8).notNullable();
    t.text('address_street');
    t.text('address_number');
    t.text('address_complement');
    t.text('address_district');
    t.text('address_city');
    t.string('address_state', 2);
    // double precision like profiles: ll_to_earth takes float8, so the index expression needs no cast.
    t.double('latitude');
    t.double('longitude');
    t.text('bio').notNullable();
    t.text('pix_key_type').notNullable();
    t.text('pix_key').notNullable();
    t.decimal('rating_average', 3, 2).notNullable().defaultTo(0);
    t.integer('total_reviews').notNullable().defaultTo(0);
    t.timestamp('featured_until', { useTz: true });
    t.text('rejection_reason');
    t.text('suspended_reason');
    t.timestamp('decided_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['status', 'category']);
    t.check(`status in ('pending','approved','rejected','suspended')`, [], 'professionals_status_check');
    t.check(`approved = (status = 'approved')`, [], 'professionals_approved_check');
    t.check(`tax_id ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'`, [], 'professionals_tax_id_check');
    t.check(`cep ~ '^[0-9]{8}$'`, [], 'professionals_cep_check');
    t.check(`(latitude is null) = (longitude is null)`, [], 'professionals_coordinates_check');
    t.check(`rating_average between 0 and 5 and total_reviews >= 0`, [], 'professionals_rating_check');
  });
  await knex.raw(`
    create index professionals_nearby_gist on professionals
    using gist (ll_to_earth(latitude, longitude))
    where status = 'approved' and latitude is not null and longitude is not null`);

  await knex.schema.createTable('professional_photos', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('professional_id').notNullable().references('professionals.id').onDelete('CASCADE');
    t.text('storage_key').notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.integer('width');
    t.integer('height');
    t.timestamps(true, true);
    t.index(['professional_id', 'position']);
  });

  await knex.schema.alterTable('vouchers', (t) => {
    t.uuid('redeemed_by_professional_id').references('professionals.id');
  });

  await knex.schema.createTable('payouts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('professional_id').notNullable().references('professionals.id');
    t.integer('amount').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('provider_transfer_id').unique();
    t.text('failure_reason');
    t.timestamps(true, true);
    t.index(['professional_id', 'created_at']);
    t.check(`status in ('pending','done','failed')`, [], 'payouts_status_check');
    t.check(`amount > 0`, [], 'payouts_amount_check');
  });

  await knex.schema.createTable('receivables', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('professional_id').notNullable().references('professionals.id');
    // One receivable per voucher, whatever happens to concurrent redemptions.
    t.uuid('voucher_id').notNullable().unique().references('vouchers.id');
    t.uuid('plan_id').notNullable().references('plans.id');
    t.text('member_first_name').notNullable();
    t.integer('gross').notNullable();
    t.integer('fee').notNullable();
    t.decimal('fee_percent', 5, 2).notNullable();
    t.integer('net').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('available_at', { useTz: true }).notNullable();
    t.uuid('payout_id').references('payouts.id');
    t.timestamps(true, true);
    t.index(['professional_id', 'status']);
    t.index(['status', 'available_at']);
    t.check(`status in ('pending','available','in_payout','paid','reversed')`, [], 'receivables_status_check');
    t.check(`net = gross - fee and fee >= 0 and net >= 0`, [], 'receivables_amounts_check');
  });

  await knex.schema.createTable('reviews', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('voucher_id').notNullable().unique().references('vouchers.id');
    t.uuid('professional_id').notNullable().references('professionals.id');
    t.uuid('user_id').notNullable().references('users.id');
    t.integer('rating').notNullable();
    t.text('comment');
    t.text('reply');
    t.timestamp('replied_at', { useTz: true });
    t.timestamp('hidden_at', { useTz: true });
    t.text('hidden_reason');
    t.integer('reported_count').notNullable().defaultTo(0);
    t.timestamps(true, true);
    t.index(['professional_id', 'created_at']);
    t.check(`rating between 1 and 5`, [], 'reviews_rating_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['reviews', 'receivables', 'payouts']) await knex.schema.dropTableIfExists(table);
  await knex.schema.alterTable('vouchers', (t) => t.dropColumn('redeemed_by_professional_id'));
  for (const table of ['professional_photos', 'professionals']) await knex.schema.dropTableIfExists(table);
}
