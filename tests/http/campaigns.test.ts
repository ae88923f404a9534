// Campaigns and the member-to-member bonus: an invitee's group completes → the inviter's wallet gets
// the active campaign's bonus once, within the cap per inviter and the budget (even under concurrent completions, on
// PostgreSQL); a refund within the withdrawal window reverses it; the back office is admin-only and audited.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import { requestRefund } from '../../core/payments';
import type { PaymentService } from '../../core/payments/payment.service';
import type { AppUnitOfWork } from '../../adapters/db/unit-of-work';
import { TOKENS } from '../../adapters/tokens';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

const onPostgres = !!process.env.DATABASE_URL;
const DAY = 86_400_000;
const clock = new FixedClock(new Date('2026-11-24T12:00:00Z'));
let app: TestApp;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
  admin = await createUser(app, { role: 'admin' });
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  clock.set(new Date('2026-11-24T12:00:00Z'));
  // One campaign at a time: each test starts with none running.
  await app.db.knex('campaigns').update({ status: 'ended', ended_at: new Date() });
});

const payments = () => app.container.get<PaymentService>(TOKENS.PaymentService);
const iso = (offsetDays: number) => new Date(clock.now().getTime() + offsetDays * DAY).toISOString();
const campaignBody = (over: Record<string, unknown> = {}) => ({
  name: 'Black Friday dos amigos',
  starts_at: iso(-1),
  ends_at: iso(10),
  bonus_type: 'fixed',
  bonus_value: 1_000,
  cap_per_inviter: 5_000,
  budget: 100_000,
  ...over,
});

async function createCampaign(over: Record<string, unknown> = {}) {
  const res = await admin.client.post('/api/admin/campaigns', campaignBody(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; spent: number; budget: number };
}

async function createEntryPayment(user: TestUser, memberId: string) {
  const created = await user.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}
async function confirm(user: TestUser, paymentId: string) {
  const res = await user.client.post(`/api/sandbox/payments/${paymentId}/confirm`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The inviter opens a group of 2 and pays; the invitee joins through the inviter's link and gets a pending entry. */
async function invitedGroup(inviter: TestUser, price = 50_000) {
  const plan = await createPlan(app, { price, group_size: 2 });
  const { group, membership } = (await inviter.client.post('/api/groups', { plan_id: plan.id })).body;
  await confirm(inviter, await createEntryPayment(inviter, membership.id));
  const invitee = await createUser(app);
  const joined = await invitee.client.post(`/api/groups/${group.id}/join`, { referral_code: membership.invite_code });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  const inviteeMemberId = joined.body.membership.id as string;
  const paymentId = await createEntryPayment(invitee, inviteeMemberId);
  return { groupId: group.id as string, invitee, inviteeMemberId, paymentId };
}

const bonusEntries = (userId: string) => app.db.knex('wallet_entries').where({ user_id: userId, kind: 'referral_bonus' }).orderBy('created_at');
const walletBalance = async (user: TestUser) => (await user.client.get('/api/me/wallet')).body.balance as number;
const campaignRow = (id: string) => app.db.knex('campaigns').where({ id }).first();

describe('GET /api/campaigns/active', () => {
  it('answers 204 with no campaign, then the public offer (no budget figures) while one runs', async () => {
    const none = await app.client().get('/api/campaigns/active');
    expect(none.status).toBe(204);
    const c = await createCampaign({ bonus_type: 'fee_percent', bonus_value: 2_500 });
    const offer = await app.client().get('/api/campaigns/active');
    expect(offer.status).toBe(200);
    expect(offer.body).toEqual({ id: c.id, name: 'Black Friday dos amigos', bonus_type: 'fee_percent', bonus_value: 2_500, cap_per_inviter: 5_000, ends_at: iso(10) });
    // A scheduled one is not active yet.
    await app.db.knex('campaigns').update({ status: 'ended' });
    await createCampaign({ starts_at: iso(2), ends_at: iso(5) });
    expect((await app.client().get('/api/campaigns/active')).status).toBe(204);
  });
});

describe('the bonus when an invitee completes a group', () => {
  it('credits the inviter once, even when the completion is reported twice', async () => {
    const c = await createCampaign();
    const inviter = await createUser(app);
    const g = await invitedGroup(inviter);
    await confirm(g.invitee, g.paymentId);
    await confirm(g.invitee, g.paymentId); // reported again
    expect((await app.db.knex('groups').where({ id: g.groupId }).first()).status).toBe('complete');
    const entries = await bonusEntries(inviter.id);
    expect(entries.map((e: { amount: number }) => e.amount)).toEqual([1_000]);
    expect(await walletBalance(inviter)).toBe(1_000);
    expect((await campaignRow(c.id)).spent).toBe(1_000);
    const bonuses = await app.db.knex('campaign_bonuses').where({ campaign_id: c.id });
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ inviter_user_id: inviter.id, invitee_member_id: g.inviteeMemberId, group_id: g.groupId, amount: 1_000, status: 'credited' });
    // The invitee (no inviter of their own in this group) earns nothing.
    expect(await bonusEntries(g.invitee.id)).toHaveLength(0);
  });

  it('pays a percentage of the platform fee (10% of the price) and stops at the cap per inviter', async () => {
    // 50% of the fee on R$ 500,00: fee R$ 50,00 → R$ 25,00; cap R$ 40,00 → 25 + 15, then nothing.
    const c = await createCampaign({ bonus_type: 'fee_percent', bonus_value: 5_000, cap_per_inviter: 4_000 });
    const inviter = await createUser(app);
    for (let i = 0; i < 3; i++) {
      const g = await invitedGroup(inviter, 50_000);
      await confirm(g.invitee, g.paymentId);
    }
    expect((await bonusEntries(inviter.id)).map((e: { amount: number }) => e.amount)).toEqual([2_500, 1_500]);
    expect((await campaignRow(c.id)).spent).toBe(4_000);
  });

  it('pays nothing without an active campaign or after it was ended', async () => {
    const inviter = await createUser(app);
    const before = await invitedGroup(inviter);
    await confirm(before.invitee, before.paymentId);
    const c = await createCampaign();
    const ended = await admin.client.post(`/api/admin/campaigns/${c.id}/end`);
    expect(ended.status).toBe(200);
    const after = await invitedGroup(inviter);
    await confirm(after.invitee, after.paymentId);
    expect(await bonusEntries(inviter.id)).toHaveLength(0);
  });

  it('the invitee’s purchase undone within 7 days reverses the bonus once; undone later, or a refund that undoes nothing, keeps it', async () => {
    const c = await createCampaign();
    const inviter = await createUser(app);
    const uow = app.container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
    const sandbox = () => app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
    const bonusOf = async (memberId: string) => (await app.db.knex('campaign_bonuses').where({ invitee_member_id: memberId }).first()).status as string;

    // Withdrawn (CDC art. 49) 3 days after the group completed: the purchase is undone inside the window.
    const inside = await invitedGroup(inviter);
    await confirm(inside.invitee, inside.paymentId);
    clock.advance(3 * DAY);
    const withdrawn = await inside.invitee.client.post(`/api/me/memberships/${inside.inviteeMemberId}/withdraw`, { destination: 'wallet' });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await bonusEntries(inviter.id)).map((e: { amount: number }) => e.amount)).toEqual([1_000, -1_000]);
    expect(await walletBalance(inviter)).toBe(0);
    expect((await campaignRow(c.id)).spent).toBe(0);
    expect(await bonusOf(inside.inviteeMemberId)).toBe('reversed');

    // A refund that undoes nothing (the member keeps the purchase, e.g. a duplicate payment sent back): the bonus stays.
    const kept = await invitedGroup(inviter);
    await confirm(kept.invitee, kept.paymentId);
    clock.advance(2 * DAY);
    await uow.run((tx) => requestRefund(tx, { id: kept.paymentId }, 'pagamento em duplicidade'));
    await payments().refundOne(kept.paymentId);
    expect((await app.db.knex('payments').where({ id: kept.paymentId }).first()).status).toBe('refunded');
    expect((await app.db.knex('group_members').where({ id: kept.inviteeMemberId }).first()).status).toBe('awarded');
    expect(await bonusOf(kept.inviteeMemberId)).toBe('credited');

    // Undone after the window (a chargeback 8 days after completion cancels the purchase): the bonus stays.
    const outside = await invitedGroup(inviter);
    await confirm(outside.invitee, outside.paymentId);
    clock.advance(8 * DAY);
    const providerId = (await app.db.knex('payments').where({ id: outside.paymentId }).first()).provider_payment_id as string;
    const webhook = await sandbox().simulateReversal(providerId, 'chargeback');
    expect((await app.client().post('/api/webhooks/asaas', webhook.body, webhook.headers)).status).toBe(200);
    expect((await app.db.knex('group_members').where({ id: outside.inviteeMemberId }).first()).status).toBe('refunded');
    expect(await bonusOf(outside.inviteeMemberId)).toBe('credited');
    expect(await walletBalance(inviter)).toBe(2_000);
  });

  it('a chargeback that cancels the invitee’s purchase within 7 days reverses the bonus once, however often reported', async () => {
    await createCampaign();
    const inviter = await createUser(app);
    const sandbox = () => app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
    const g = await invitedGroup(inviter);
    await confirm(g.invitee, g.paymentId);
    clock.advance(5 * DAY);
    const providerId = (await app.db.knex('payments').where({ id: g.paymentId }).first()).provider_payment_id as string;
    const webhook = await sandbox().simulateReversal(providerId, 'chargeback');
    for (let i = 0; i < 2; i++) expect((await app.client().post('/api/webhooks/asaas', webhook.body, webhook.headers)).status).toBe(200);
    expect((await bonusEntries(inviter.id)).map((e: { amount: number }) => e.amount)).toEqual([1_000, -1_000]);
    expect((await app.db.knex('campaign_bonuses').where({ invitee_member_id: g.inviteeMemberId }).first()).status).toBe('reversed');
  });

  it('never passes the budget: the last bonus is what is left of it', async () => {
    const c = await createCampaign({ budget: 2_500, cap_per_inviter: 2_500 });
    for (let i = 0; i < 4; i++) {
      const g = await invitedGroup(await createUser(app));
      await confirm(g.invitee, g.paymentId);
    }
    const amounts = (await app.db.knex('campaign_bonuses').where({ campaign_id: c.id }).orderBy('created_at')).map((b: { amount: number }) => b.amount);
    expect(amounts).toEqual([1_000, 1_000, 500]);
    expect((await campaignRow(c.id)).spent).toBe(2_500);
    // A campaign with no budget left offers nothing.
    expect((await app.client().get('/api/campaigns/active')).status).toBe(204);
  });

  it.skipIf(!onPostgres)('concurrent completions never exceed the budget (PostgreSQL)', async () => {
    const c = await createCampaign({ budget: 5_500, cap_per_inviter: 5_500 });
    const groups = await Promise.all(Array.from({ length: 12 }, async () => invitedGroup(await createUser(app))));
    const answers = await Promise.all(groups.map((g) => g.invitee.client.post(`/api/sandbox/payments/${g.paymentId}/confirm`)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(await app.db.knex('groups').whereIn('id', groups.map((g) => g.groupId)).where({ status: 'complete' })).toHaveLength(12);
    const bonuses = await app.db.knex('campaign_bonuses').where({ campaign_id: c.id });
    const total = bonuses.reduce((s: number, b: { amount: number }) => s + b.amount, 0);
    expect(total).toBe(5_500);
    expect(bonuses.map((b: { amount: number }) => b.amount).sort((a: number, b: number) => a - b)).toEqual([500, 1_000, 1_000, 1_000, 1_000, 1_000]);
    expect((await campaignRow(c.id)).spent).toBe(5_500);
    const credits = await app.db.knex('wallet_entries').where({ kind: 'referral_bonus' }).whereLike('ref', `campaign:${c.id}:%`);
    expect(credits.reduce((s: number, e: { amount: number }) => s + Number(e.amount), 0)).toBe(5_500);
  });
});

describe('/api/admin/campaigns', () => {
  it('refuses visitors (401) and users (403)', async () => {
    expect((await app.client().get('/api/admin/campaigns')).status).toBe(401);
    expect((await app.client().post('/api/admin/campaigns', campaignBody())).status).toBe(401);
    const user = await createUser(app);
    expect((await user.client.get('/api/admin/campaigns')).status).toBe(403);
    expect((await user.client.post('/api/admin/campaigns', campaignBody())).status).toBe(403);
    expect((await user.client.post('/api/admin/campaigns/00000000-0000-4000-8000-000000000000/end')).status).toBe(403);
  });

  it('validates in pt-BR, refuses an overlapping period with 409, lists, shows and ends (audited)', async () => {
    const bad = await admin.client.post('/api/admin/campaigns', campaignBody({ ends_at: iso(-2), bonus_type: 'fee_percent', bonus_value: 20_000, budget: 0 }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ budget: 'O orçamento deve ser maior que zero' });

    const c = await createCampaign({ name: 'Natal em turma' });
    const overlap = await admin.client.post('/api/admin/campaigns', campaignBody({ starts_at: iso(5), ends_at: iso(20) }));
    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toMatchObject({ code: 'campaign_overlap', message: 'Já existe uma campanha neste período ("Natal em turma"). Encerre-a ou escolha outras datas.' });
    // Right after it is fine.
    const next = await admin.client.post('/api/admin/campaigns', campaignBody({ name: 'Ano novo', starts_at: iso(10), ends_at: iso(20) }));
    expect(next.status).toBe(201);
    expect(next.body.phase).toBe('scheduled');

    const list = await admin.client.get(`/api/admin/campaigns?filter=${encodeURIComponent('{"status":"active"}')}&range=[0,9]&sort=["starts_at","ASC"]`);
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('campaigns 0-1/2');
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Natal em turma', 'Ano novo']);

    const shown = await admin.client.get(`/api/admin/campaigns/${c.id}`);
    expect(shown.body).toMatchObject({ id: c.id, spent: 0, budget: 100_000, remaining: 100_000, phase: 'running', bonuses: [], bonuses_credited: 0 });

    const ended = await admin.client.post(`/api/admin/campaigns/${c.id}/end`);
    expect(ended.body).toMatchObject({ status: 'ended', phase: 'ended' });
    expect((await admin.client.post(`/api/admin/campaigns/${c.id}/end`)).status).toBe(409);
    expect((await admin.client.get('/api/admin/campaigns/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const audit = await app.db.knex('audit_logs').where({ entity_id: c.id, action: 'admin.campaign_ended' });
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_user_id).toBe(admin.id);
    expect(audit[0].metadata).toMatchObject({ before: { status: 'active' }, after: { status: 'ended' } });
  });
});
