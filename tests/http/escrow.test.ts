// Where a group's money is (docs/product/group-purchase.md#where-the-money-is), scripted through the real API: the
// figures are the payments table's, only members read them, no other member's e-mail or full name leaves, and the
// groups' held totals add up to the financial report's money held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpireGroupsFlow } from '../../core/flows';
import type { PaymentService } from '../../core/payments/payment.service';
import { brasiliaDay } from '../../core/reports';
import { FixedClock } from '../../core/shared/clock';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

const DAY = 86_400_000;
const clock = new FixedClock(new Date());
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  admin = await createUser(app, { role: 'admin', fullName: 'Ana Financeira' });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;

async function pay(user: TestUser, purpose: 'entry' | 'balance', refId: string): Promise<string> {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirmed = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return created.body.id as string;
}

const voucherOf = async (user: TestUser) => (await knex()('vouchers').where({ user_id: user.id }).first()) as { id: string; code: string };

/** The payments table's own figures for a group: confirmed entries and balances by status (no escrow code involved). */
async function paymentsOf(groupId: string) {
  const rows = (await knex()('payments as p')
    .leftJoin('vouchers as v', function joinVoucher() {
      this.on('v.id', '=', 'p.ref_id').andOnVal('p.purpose', '=', 'balance');
    })
    .join('group_members as m', function joinMember() {
      this.on('m.id', '=', 'p.ref_id').orOn('m.id', '=', 'v.member_id');
    })
    .where('m.group_id', groupId)
    .whereIn('p.purpose', ['entry', 'balance'])
    .whereNotNull('p.confirmed_at')
    .select('p.purpose', 'p.amount', 'p.status', 'p.refunded_amount')) as Array<{ purpose: string; amount: number; status: string; refunded_amount: number }>;
  const sum = (f: (r: (typeof rows)[number]) => boolean, v: (r: (typeof rows)[number]) => number = (r) => Number(r.amount)) => rows.filter(f).reduce((n, r) => n + v(r), 0);
  return {
    confirmed: sum((r) => r.status === 'confirmed'),
    entriesConfirmed: sum((r) => r.status === 'confirmed' && r.purpose === 'entry'),
    refunded: sum((r) => r.status === 'refunded', (r) => Number(r.refunded_amount)),
    all: sum(() => true),
  };
}

async function professionalFor(planId: string) {
  const user = await createUser(app, { role: 'professional' });
  const { slug } = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', planId).first('c.slug');
  await knex()('professionals').insert({
    user_id: user.id, status: 'approved', approved: true, category: slug, business_name: 'Estúdio Escrow', full_name: user.fullName,
    tax_id: '11144477735', cep: '01310100', bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.', pix_key_type: 'EMAIL', pix_key: `${user.id}@exemplo.com.br`,
  });
  return user;
}

const escrowOf = (user: TestUser, groupId: string) => user.client.get(`/api/groups/${groupId}/escrow`);

describe('GET /api/groups/:id/escrow', () => {
  let open: { id: string; members: TestUser[] };
  let expired: { id: string; members: TestUser[] };
  let complete: { id: string; members: TestUser[] };

  it('entries paid into an open group are held, and the figures are the payments table\'s', async () => {
    const plan = await createPlan(app, { price: 20_000, group_size: 4 }); // entry 20,00
    const ana = await createUser(app, { fullName: 'Ana Beatriz Sobrenomeum' });
    const bruno = await createUser(app, { fullName: 'Bruno Carvalho Sobrenomedois' });
    const caio = await createUser(app, { fullName: 'Caio Sobrenometres' }); // holds a place, never pays
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(ana, 'entry', created.membership.id);
    const joined = (await bruno.client.post(`/api/groups/${created.group.id}/join`, {})).body;
    await pay(bruno, 'entry', joined.membership.id);
    expect((await caio.client.post(`/api/groups/${created.group.id}/join`, {})).status).toBe(201);
    open = { id: created.group.id, members: [ana, bruno, caio] };

    const res = await escrowOf(ana, open.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const table = await paymentsOf(open.id);
    expect(table.entriesConfirmed).toBe(4_000);
    expect(res.body).toMatchObject({
      group_id: open.id,
      status: 'open',
      currency: 'BRL',
      paid_in: { count: 2, amount: table.all },
      held: { count: 2, amount: table.confirmed, entries: { count: 2, amount: table.entriesConfirmed }, balances: { count: 0, amount: 0 }, refund_pending: { count: 0, amount: 0 } },
      refunded: { count: 0, amount: 0 },
      released: { count: 0, amount: 0 },
      paid_to_professionals: { count: 0, amount: 0 },
      mine: { paid_in: 2_000, held: 2_000, refunded: 0, credited: 0, released: 0 },
    });
    // First names only, with where each one's money is; the unpaid hold has no money in the group.
    expect(res.body.members).toEqual([
      { first_name: 'Ana', is_me: true, state: 'held' },
      { first_name: 'Bruno', is_me: false, state: 'held' },
    ]);
    // Caio holds a place: a member, so he reads the totals too.
    const caioView = await escrowOf(caio, open.id);
    expect(caioView.status).toBe(200);
    expect(caioView.body.held.amount).toBe(4_000);
    expect(caioView.body.mine.paid_in).toBe(0);
  });

  it('totals and first names only: no other member\'s e-mail, full name or id', async () => {
    const [ana, bruno, caio] = open.members as [TestUser, TestUser, TestUser];
    const body = JSON.stringify((await escrowOf(bruno, open.id)).body);
    for (const other of [ana, caio]) {
      expect(body).not.toContain(other.email);
      expect(body).not.toContain(other.id);
    }
    for (const surname of ['Beatriz', 'Sobrenomeum', 'Carvalho', 'Sobrenomedois', 'Sobrenometres']) expect(body).not.toContain(surname);
    expect(body).not.toContain(bruno.email);
    expect(body).not.toMatch(/"(email|full_name|user_id|member_id|cpf)"/);
  });

  it('refuses a non-member (403), an unknown or malformed group (404) and a visitor (401)', async () => {
    const stranger = await createUser(app);
    const denied = await escrowOf(stranger, open.id);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('not_a_member');
    expect(JSON.stringify(denied.body)).not.toMatch(/amount|Ana/);
    expect((await escrowOf(stranger, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await escrowOf(stranger, 'nao-e-um-id')).status).toBe(404);
    expect((await app.client().get(`/api/groups/${open.id}/escrow`)).status).toBe(401);
  });

  it('an expired group: a refund by PIX on its way is still held, then refunded; a wallet credit leaves at once', async () => {
    const plan = await createPlan(app, { price: 10_000, group_size: 3 }); // entry 10,00
    const dora = await createUser(app, { fullName: 'Dora Lima' });
    const edu = await createUser(app, { fullName: 'Eduardo Reis' });
    const created = (await dora.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(dora, 'entry', created.membership.id);
    const joined = (await edu.client.post(`/api/groups/${created.group.id}/join`, {})).body;
    await pay(edu, 'entry', joined.membership.id);
    expect((await edu.client.request('PATCH', `/api/me/memberships/${joined.membership.id}`, { refund_to: 'wallet' })).status).toBe(200);
    expired = { id: created.group.id, members: [dora, edu] };

    await app.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).expireNow(expired.id);
    const pending = (await escrowOf(dora, expired.id)).body;
    expect(pending.status).toBe('expired');
    // Dora's refund was asked of the provider (refund_pending): still in escrow until it is done.
    const beforeRefund = await knex()('payments').where({ ref_id: created.membership.id }).first();
    // (The refund job may already have run after the commit: then it is refunded. Either way, the table's state.)
    expect(['refund_pending', 'refunded']).toContain(beforeRefund.status);
    if (beforeRefund.status === 'refund_pending') {
      expect(pending.held).toMatchObject({ count: 1, amount: 1_000, refund_pending: { count: 1, amount: 1_000 } });
      expect(pending.members.find((m: { first_name: string }) => m.first_name === 'Dora').state).toBe('refund_pending');
    } else {
      expect(pending.held).toMatchObject({ count: 0, amount: 0 });
      expect(pending.refunded).toEqual({ count: 1, amount: 1_000 });
    }
    expect(pending.credited).toEqual({ count: 1, amount: 1_000 });

    await app.container.get<PaymentService>(TOKENS.PaymentService).processRefunds();
    const res = await escrowOf(edu, expired.id);
    expect(res.status).toBe(200);
    const table = await paymentsOf(expired.id);
    expect(table.refunded).toBe(1_000);
    expect(res.body).toMatchObject({
      paid_in: { count: 2, amount: 2_000 },
      held: { count: 0, amount: 0 },
      refunded: { count: 1, amount: table.refunded },
      credited: { count: 1, amount: 1_000 },
      mine: { paid_in: 1_000, held: 0, credited: 1_000, refunded: 0 },
    });
    expect(res.body.members).toEqual([
      { first_name: 'Dora', is_me: false, state: 'refunded' },
      { first_name: 'Eduardo', is_me: true, state: 'credited' },
    ]);
  });

  it('a completed group: balances are held until the voucher is redeemed (released), then paid out to the professional', async () => {
    const plan = await createPlan(app, { price: 10_000, group_size: 2 }); // entry 10,00, balance 90,00
    const fabi = await createUser(app, { fullName: 'Fabiana Souza' });
    const gil = await createUser(app, { fullName: 'Gilberto Alves' });
    const created = (await fabi.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(fabi, 'entry', created.membership.id);
    const joined = (await gil.client.post(`/api/groups/${created.group.id}/join`, {})).body;
    await pay(gil, 'entry', joined.membership.id);
    complete = { id: created.group.id, members: [fabi, gil] };
    await pay(fabi, 'balance', (await voucherOf(fabi)).id);
    await pay(gil, 'balance', (await voucherOf(gil)).id);

    const paid = await escrowOf(gil, complete.id);
    expect(paid.body.status).toBe('complete');
    expect((await paymentsOf(complete.id)).confirmed).toBe(20_000);
    expect(paid.body.held).toMatchObject({ count: 2, amount: 20_000, entries: { count: 2, amount: 2_000 }, balances: { count: 2, amount: 18_000 } });

    const pro = await professionalFor(plan.id);
    expect((await pro.client.post('/api/vouchers/redeem', { code: (await voucherOf(fabi)).code })).status).toBe(200);
    const released = (await escrowOf(gil, complete.id)).body;
    expect(released).toMatchObject({
      held: { count: 1, amount: 10_000 },
      released: { count: 1, amount: 10_000 },
      paid_to_professionals: { count: 0, amount: 0 },
      shipped: { count: 0, amount: 0 },
      mine: { held: 10_000, released: 0 },
    });
    expect(released.members).toEqual([
      { first_name: 'Fabiana', is_me: false, state: 'released' },
      { first_name: 'Gilberto', is_me: true, state: 'held' },
    ]);

    // 8 days later the receivable matured and the payout run paid the professional 90,00 (price − 10% fee).
    clock.advance(8 * DAY);
    expect((await admin.client.post('/api/admin/jobs/mature_receivables/run')).status).toBe(200);
    expect((await admin.client.post('/api/admin/payouts/run')).body).toEqual({ payouts: 1, amount: 9_000 });
    const paidOut = (await escrowOf(fabi, complete.id)).body;
    expect(paidOut.paid_to_professionals).toEqual({ count: 1, amount: 9_000 });
    expect(paidOut.mine).toMatchObject({ paid_in: 10_000, released: 10_000, held: 0 });
  });

  it("the groups' held escrow adds up to the financial report's money held", async () => {
    const groups = [open, expired, complete];
    let held = 0;
    for (const g of groups) held += (await escrowOf(g.members[0]!, g.id)).body.held.amount as number;
    expect(held).toBe(4_000 + 0 + 10_000);
    // The only money held anywhere is in these groups (this file's database).
    const today = brasiliaDay(clock.now());
    const report = await admin.client.get(`/api/admin/reports/financial?from=${today.slice(0, 7)}-01&to=${today}&granularity=month`);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.totals.held).toBe(held);
    for (const row of report.body.rows) expect(row.reconciliation).toBe(0);
  });
});
