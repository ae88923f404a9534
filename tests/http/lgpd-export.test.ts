// GET /api/me/export holds everything the platform keeps about the person (LGPD art. 18, II and V): a user with rows in
// as many tables as practical finds each in the export, and any table with a column pointing at a user that the export
// does not cover fails the test (unless allow-listed below).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductService } from '../../core/marketplace/product.service';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser, professionalApplication } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});
const knex = () => app.db.knex;

type Export = Record<string, any>;
/** How the export covers one `table.column`: the section holding those rows, and whether it carries their ids. */
interface Coverage {
  section: (e: Export) => unknown;
  /** 'ids': every row's id is in the section; 'count': as many entries as rows (no ids exported); 'one': a single object. */
  check: 'ids' | 'count' | 'one';
}
const COVERAGE: Record<string, Coverage> = {
  'users.id': { section: (e) => e.account, check: 'one' },
  'profiles.user_id': { section: (e) => e.profile, check: 'one' },
  'sessions.user_id': { section: (e) => e.sessions, check: 'ids' }, // the token hash is left out
  'auth_tokens.user_id': { section: (e) => e.links_sent, check: 'count' }, // purpose and dates; the hash is left out
  'audit_logs.actor_user_id': { section: (e) => e.activity, check: 'count' },
  'referrals.referred_user_id': { section: (e) => e.referral, check: 'one' },
  'referrals.referrer_user_id': { section: (e) => e.referred_users, check: 'count' },
  'groups.owner_user_id': { section: (e) => e.groups, check: 'ids' },
  'group_members.user_id': { section: (e) => e.memberships, check: 'ids' },
  'vouchers.user_id': { section: (e) => e.vouchers, check: 'ids' },
  'vouchers.redeemed_by_professional_id': { section: (e) => e.professional?.vouchers_redeemed, check: 'ids' },
  'payments.user_id': { section: (e) => e.payments, check: 'ids' },
  'notifications.user_id': { section: (e) => e.notifications, check: 'ids' },
  'wallet_entries.user_id': { section: (e) => e.wallet?.entries, check: 'ids' },
  'cart_lines.user_id': { section: (e) => e.cart, check: 'count' }, // each line's item and quantity (the line's own id is internal)
  'marketplace_orders.user_id': { section: (e) => e.orders, check: 'ids' },
  'professionals.user_id': { section: (e) => e.professional?.profile, check: 'one' },
  'professional_photos.professional_id': { section: (e) => e.professional?.photos, check: 'ids' },
  'receivables.professional_id': { section: (e) => e.professional?.receivables, check: 'ids' },
  'payouts.professional_id': { section: (e) => e.professional?.payouts, check: 'ids' },
  'reviews.user_id': { section: (e) => e.reviews_written, check: 'ids' },
  'reviews.professional_id': { section: (e) => e.professional?.reviews_received, check: 'ids' },
  'ab_test_participants.user_id': { section: (e) => e.experiments, check: 'ids' }, // each with its events
  'influencers.user_id': { section: (e) => e.influencer?.profile, check: 'one' }, // with the commissions earned
  'push_subscriptions.user_id': { section: (e) => e.push_subscriptions, check: 'ids' }, // the keys are left out
  'legal_acceptances.user_id': { section: (e) => e.consents?.legal_acceptances, check: 'ids' },
  'message_preferences.user_id': { section: (e) => e.consents?.message_preferences, check: 'count' },
  'whatsapp_optins.user_id': { section: (e) => e.consents?.whatsapp, check: 'one' }, // the code's hash is left out
  'message_log.user_id': { section: (e) => e.messages_sent, check: 'ids' },
};

/**
 * Columns that point at a person but are deliberately not exported, each with its reason. Keep this short: a table
 * holding personal data belongs in the export.
 */
const ALLOW_LIST: Record<string, string> = {
  // The embedded sandbox payment provider's own books (docs/product/payments.md): they stand for Asaas's records, a separate
  // controller, keyed by the provider's customer id (not ours). The platform's side of every charge is `payments`.
  'sandbox_charges.customer_id': 'provider books, not the platform’s data',
  // An influencer's earnings ledger: the referred person's side (the referral binding, the purchases) is exported
  // under referral, memberships and orders; the amount belongs to the influencer's export.
  'commissions.referred_user_id': 'the influencer’s earnings, not the referred person’s data',
  // Each bonus is also the inviter's wallet entry (ref campaign:<id>:invitee:<member>), exported under wallet.
  'campaign_bonuses.inviter_user_id': 'exported as the wallet entry it credited',
  // Staff actions: the staff member's own activity is exported from the audit log.
  'campaigns.created_by': 'a staff action, exported as audit activity',
  'fiscal_invoices.invoiced_by': 'a staff action, exported as audit activity',
  // Keyed digests of an admin's second-factor recovery codes, secrets like the password hash.
  'recovery_codes.user_id': 'second-factor secrets (hashed recovery codes), never exported',
  // Made only as the account is deleted (its wallet credit refunded by PIX): no export can follow it.
  'payouts.user_id': 'exists only once the account is deleted',
};

/** Every `table.column` of this database that points at a user or at a professional profile, from the catalogue. */
async function personColumns(): Promise<Array<{ key: string; table: string; column: string; target: 'users' | 'professionals' | 'other' }>> {
  const fks = await knex().raw(`
    select kcu.table_name, kcu.column_name, ccu.table_name as target
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and ccu.table_name in ('users', 'professionals')`);
  // Columns without a foreign key count too, by name (audit_logs.actor_user_id keeps history after a deletion).
  const named = await knex().raw(`
    select table_name, column_name, null as target from information_schema.columns
    where table_schema = current_schema()
      and (column_name like '%user_id' or column_name like '%professional_id' or column_name in ('customer_id', 'owner_id', 'actor_id'))`);
  const found = new Map<string, { key: string; table: string; column: string; target: 'users' | 'professionals' | 'other' }>();
  for (const row of [...fks.rows, ...named.rows] as Array<{ table_name: string; column_name: string; target: string | null }>) {
    const key = `${row.table_name}.${row.column_name}`;
    const target = row.target === 'users' || row.target === 'professionals' ? row.target : row.column_name.endsWith('professional_id') ? 'professionals' : row.column_name.endsWith('user_id') ? 'users' : 'other';
    if (!found.has(key) || found.get(key)!.target === 'other') found.set(key, { key, table: row.table_name, column: row.column_name, target });
  }
  return [...found.values()].sort((a, b) => a.key.localeCompare(b.key));
}

async function payEntry(user: TestUser, memberId: string) {
  const created = await user.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirm = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return created.body as { id: string };
}

const ADDRESS = { cep: '01310-100', street: 'Avenida Paulista', number: '1000', complement: 'ap 12', district: 'Bela Vista', city: 'São Paulo', state: 'SP' };

describe('GET /api/me/export', () => {
  let user: TestUser;
  let exported: Export;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    user = await createUser(app, { fullName: 'Lúcia Export' });
    // A group and a paid entry through the sandbox provider (membership, payment, notifications).
    const plan = await createPlan(app, { price: 42_000, group_size: 3 });
    const group = await user.client.post('/api/groups', { plan_id: plan.id });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    made.group = group.body.group.id;
    made.membership = group.body.membership.id;
    made.payment = (await payEntry(user, group.body.membership.id)).id;

    // An order from the cart, then a line left in the cart.
    const products = app.container.get<ProductService>(TOKENS.ProductService);
    const mk = async (n: number) =>
      (await products.save({ name: `Produto LGPD ${n}`, slug: `produto-lgpd-${n}-${Math.random().toString(36).slice(2, 8)}`, description: 'Descrição', price: 4_990, stock_quantity: 10, category_id: null, active: true })).product;
    const [p1, p2] = [await mk(1), await mk(2)];
    expect((await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: p1.id, quantity: 2 }] })).status).toBe(200);
    const order = await user.client.post('/api/orders', { address: ADDRESS });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    made.order = order.body.id ?? order.body.order?.id;
    const cart = await user.client.request('PATCH', '/api/cart', { lines: [{ item_type: 'product', product_id: p2.id, quantity: 1 }] });
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);

    // A professional application.
    const category = (await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug')).slug as string;
    const applied = await user.client.post(
      '/api/professionals/applications',
      professionalApplication(category, { business_name: 'Estúdio Lúcia', pix_key: { type: 'EMAIL', key: 'lucia@exemplo.com.br' } }),
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    made.professional = applied.body.id;

    // No API credits a wallet by hand: one adjustment row, as the back office would.
    const [entry] = await knex()('wallet_entries').insert({ user_id: user.id, amount: 1_500, kind: 'adjustment', description: 'Ajuste de teste' }).returning('id');
    made.wallet = entry.id;
    // A browser subscribed to web push (the subscription API is tested in push.test.ts).
    await knex()('push_subscriptions').insert({ user_id: user.id, endpoint: 'https://push.example.com/lgpd', p256dh: `B${'a'.repeat(86)}`, auth: 'A'.repeat(22), user_agent: 'Chrome no Android' });

    // A message choice, a confirmed WhatsApp number and a message sent (the API is tested in message-preferences.test.ts).
    await knex()('message_preferences').insert({ user_id: user.id, category: 'marketing', channel: 'email', enabled: true });
    await knex()('whatsapp_optins').insert({ user_id: user.id, phone: '+5511987654321', confirmed_at: new Date() });
    await knex()('message_log').insert({ user_id: user.id, channel: 'whatsapp', template: 'place_held', status: 'delivered' });
    const res = await user.client.get('/api/me/export');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="turma-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    exported = JSON.parse(res.text);
  });

  it('contains the groups, places, payments, orders, cart, notifications, wallet and professional profile made through the API', () => {
    expect(exported.account).toMatchObject({ id: user.id, email: user.email });
    expect(exported.profile).toMatchObject({ user_id: user.id, full_name: 'Lúcia Export' });
    expect(exported.groups.map((g: { id: string }) => g.id)).toContain(made.group);
    expect(exported.groups.find((g: { id: string }) => g.id === made.group)).toMatchObject({ created_by_me: true });
    expect(exported.memberships.map((m: { id: string }) => m.id)).toContain(made.membership);
    expect(exported.payments.find((p: { id: string }) => p.id === made.payment)).toMatchObject({ status: 'confirmed', amount: expect.any(Number), purpose: 'entry' });
    expect(exported.orders.map((o: { id: string }) => o.id)).toContain(made.order);
    expect(exported.orders[0].items[0]).toMatchObject({ product_name: 'Produto LGPD 1', quantity: 2 });
    expect(exported.orders[0].history.length).toBeGreaterThan(0);
    expect(exported.cart).toHaveLength(1);
    expect(exported.notifications.map((n: { type: string }) => n.type)).toEqual(expect.arrayContaining(['place_held', 'entry_confirmed']));
    expect(exported.wallet).toMatchObject({ balance: 1_500, entries: [expect.objectContaining({ id: made.wallet, amount: 1_500 })] });
    expect(exported.professional.profile).toMatchObject({ id: made.professional, business_name: 'Estúdio Lúcia', user_id: user.id });
    expect(exported.professional).toMatchObject({ photos: [], receivables: [], payouts: [], reviews_received: [], vouchers_redeemed: [] });
  });

  it('leaves the secrets out (password hash, session and link token hashes, the QR image)', async () => {
    const text = JSON.stringify(exported);
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('token_hash');
    expect(text).not.toContain('argon2');
    const hashes = await knex()('sessions').where({ user_id: user.id }).pluck('token_hash');
    for (const h of hashes) expect(text).not.toContain(h);
    expect(exported.payments[0]).not.toHaveProperty('pix_image');
  });

  it('covers every table of the catalogue that points at a person (or lists it, with a reason, as not exported)', async () => {
    const columns = await personColumns();
    // The catalogue query itself must see the schema (a typo there would make this test pass vacuously).
    expect(columns.map((c) => c.key)).toEqual(expect.arrayContaining(['sessions.user_id', 'group_members.user_id', 'payouts.professional_id']));
    const uncovered = columns.filter((c) => !COVERAGE[c.key] && !ALLOW_LIST[c.key]).map((c) => c.key);
    expect(uncovered, `tables with a column pointing at a person, missing from GET /api/me/export: ${uncovered.join(', ')}`).toEqual([]);
    // Stale entries hide nothing but mislead: each listed column exists.
    const keys = new Set(columns.map((c) => c.key));
    for (const key of [...Object.keys(COVERAGE), ...Object.keys(ALLOW_LIST)]) if (key !== 'users.id') expect(keys, key).toContain(key);
  });

  it("holds every row the database has about the person, for every covered column", async () => {
    const columns = (await personColumns()).filter((c) => COVERAGE[c.key]);
    const owner = { users: user.id, professionals: made.professional! };
    let checkedRows = 0;
    for (const c of [{ key: 'users.id', table: 'users', column: 'id', target: 'users' as const }, ...columns]) {
      if (c.target === 'other') continue;
      const coverage = COVERAGE[c.key]!;
      const hasId = (await knex().raw(`select 1 from information_schema.columns where table_schema = current_schema() and table_name = ? and column_name = 'id'`, [c.table])).rows.length > 0;
      const rows = (await knex()(c.table).where(c.column, owner[c.target]).select(hasId ? ['id'] : [c.column])) as Array<{ id?: string }>;
      // Rows written by the export request itself (its own audit line) came after the export read.
      const section = coverage.section(exported);
      if (c.key === 'audit_logs.actor_user_id') {
        expect((section as unknown[]).length, c.key).toBe(rows.length - 1);
        checkedRows += rows.length;
        continue;
      }
      if (!rows.length) continue;
      checkedRows += rows.length;
      if (coverage.check === 'one') expect(section, c.key).toBeTruthy();
      else if (coverage.check === 'count') expect((section as unknown[]).length, c.key).toBe(rows.length);
      else {
        const text = JSON.stringify(section ?? null);
        for (const row of rows) expect(text, `${c.key} row ${row.id}`).toContain(row.id);
      }
    }
    expect(checkedRows).toBeGreaterThan(10);
  });
});
