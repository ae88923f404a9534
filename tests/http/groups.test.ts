// The group purchase end to end over HTTP with the sandbox provider: places, payments, webhooks, completion, expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpireGroupsFlow } from '../../core/flows';
import { FixedClock } from '../../core/shared/clock';
import { formatCents } from '../../core/shared/money';
import type { GroupService } from '../../core/groups/group.service';
import type { PaymentService } from '../../core/payments/payment.service';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

const clock = new FixedClock(new Date());
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
});
afterAll(async () => {
  await app?.close();
});

const sandbox = () => app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway);
const groups = () => app.container.get<GroupService>(TOKENS.GroupService);
const payments = () => app.container.get<PaymentService>(TOKENS.PaymentService);

async function payEntry(user: TestUser, memberId: string) {
  const created = await user.client.post('/api/payments', { purpose: 'entry', ref_id: memberId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirm = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return created.body;
}

async function notificationsOf(user: TestUser) {
  return (await user.client.get('/api/notifications?per_page=100')).body.items as Array<{ type: string; title: string; body: string }>;
}

describe('a group of 2 from creation to vouchers', () => {
  it('holds a place, charges the entry by PIX, completes when the second member pays, and unlocks the balance', async () => {
    const plan = await createPlan(app, { price: 42_000, group_size: 2 });
    const ana = await createUser(app, { fullName: 'Ana Lima' });
    const bruno = await createUser(app, { fullName: 'Bruno Reis' });

    const created = await ana.client.post('/api/groups', { plan_id: plan.id });
    expect(created.status).toBe(201);
    const { group, membership } = created.body;
    expect(group).toMatchObject({ status: 'open', group_size: 2, members_paid: 0, places_left: 1, inviter_first_name: 'Ana' });
    expect(membership.status).toBe('pending_payment');
    expect(new Date(membership.hold_expires_at).getTime() - clock.now().getTime()).toBe(30 * 60_000);
    expect((await notificationsOf(ana))[0]).toMatchObject({ type: 'place_held', title: 'Sua vaga está reservada' });

    const pix = await ana.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' });
    expect(pix.status).toBe(201);
    expect(pix.body).toMatchObject({ status: 'pending', confirmed: false, amount: 4_200, method: 'PIX', provider: 'sandbox' });
    expect(pix.body.pix.payload).toMatch(/^000201/);
    expect(pix.body.pix.image).toMatch(/^data:image\/png;base64,/);
    // A reload asks again: the same payment comes back, never a second one.
    const again = await ana.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' });
    expect(again.body.id).toBe(pix.body.id);
    expect((await ana.client.get(`/api/payments/${pix.body.id}/status`)).body).toEqual({ id: pix.body.id, status: 'pending', confirmed: false });

    expect((await ana.client.post(`/api/sandbox/payments/${pix.body.id}/confirm`)).body).toMatchObject({ status: 'confirmed', confirmed: true });
    expect((await notificationsOf(ana)).map((n) => n.type)).toContain('entry_confirmed');

    // Bruno opens Ana's invite link.
    const invite = await app.client().get(`/api/groups/${group.id}?referral_code=${membership.invite_code}`);
    expect(invite.body).toMatchObject({ inviter_first_name: 'Ana', members_paid: 1, group_size: 2, places_left: 1, plan: { name: plan.name, entry_price: 4_200 } });
    expect(JSON.stringify(invite.body)).not.toContain('Lima');

    const joined = await bruno.client.post(`/api/groups/${group.id}/join`, { referral_code: membership.invite_code });
    expect(joined.status).toBe(201);
    await payEntry(bruno, joined.body.membership.id);

    const mine = (await ana.client.get('/api/me/groups')).body.items[0];
    expect(mine.group).toMatchObject({ status: 'complete', members_paid: 2, places_left: 0 });
    expect(mine.group.members.map((m: { first_name: string }) => m.first_name).sort()).toEqual(['Ana', 'Bruno']);
    expect(mine.voucher).toMatchObject({ status: 'awaiting_balance', price: 42_000, entry_paid: 4_200, balance_due: 37_800, pending_payment_id: null });
    for (const user of [ana, bruno]) {
      const types = (await notificationsOf(user)).map((n) => n.type);
      expect(types.filter((t) => t === 'group_complete')).toHaveLength(1);
    }
    expect((await notificationsOf(ana)).map((n) => n.type)).toContain('member_joined');
    const mail = await app.db.knex('mail_outbox').where({ to_address: ana.email, template: 'group_complete' });
    expect(mail).toHaveLength(1);

    // The balance, by boleto, then confirmed: the voucher becomes redeemable.
    const balance = await ana.client.post('/api/payments', { purpose: 'balance', ref_id: mine.voucher.id, method: 'BOLETO' });
    expect(balance.status).toBe(201);
    expect(balance.body).toMatchObject({ amount: 37_800, method: 'BOLETO' });
    expect(balance.body.boleto_url).toContain('/api/sandbox/payments/');
    // The open balance charge is on the group's answer (the screens resume it instead of searching the payments).
    expect((await ana.client.get('/api/me/groups')).body.items[0].voucher.pending_payment_id).toBe(balance.body.id);
    await ana.client.post(`/api/sandbox/payments/${balance.body.id}/confirm`);
    const after = (await ana.client.get('/api/me/groups')).body.items[0];
    expect(after.voucher.status).toBe('redeemable');
    expect(after.voucher.pending_payment_id).toBeNull();
    expect((await notificationsOf(ana)).map((n) => n.type)).toContain('balance_confirmed');

    // The same notifications read in en-US (the web app sends its language): rendered from the stored facts.
    const inEnglish = (await ana.client.get('/api/notifications?per_page=100', { 'accept-language': 'en-US' })).body.items as Array<{ type: string; title: string; body: string }>;
    expect(inEnglish.find((n) => n.type === 'place_held')).toMatchObject({ title: 'Your spot is reserved' });
    expect(inEnglish.find((n) => n.type === 'group_complete')?.body).toBe(`The ${plan.name} group is complete and the group price is unlocked. ${formatCents(37_800, 'en-US')} left to pay to use your voucher.`);
    expect(inEnglish.find((n) => n.type === 'balance_confirmed')?.body).toBe(`The balance for ${plan.name} is paid. Your voucher ${mine.voucher.code} is ready to use.`);
    const inPortuguese = await notificationsOf(ana);
    expect(inPortuguese.find((n) => n.type === 'group_complete')?.body).toBe(`A turma de ${plan.name} completou e o preço de turma foi liberado. Falta pagar ${formatCents(37_800)} para usar seu voucher.`);
    expect(inPortuguese.map((n) => n.type).sort()).toEqual(inEnglish.map((n) => n.type).sort());

    const history = await ana.client.get('/api/payments');
    expect(history.body.items.map((p: { purpose: string; status: string }) => `${p.purpose}:${p.status}`).sort()).toEqual(['balance:confirmed', 'entry:confirmed']);
  });
});

describe('places under concurrency (docs/product/group-purchase.md)', () => {
  it('100 people joining a group of 5 at once: exactly 5 places, everyone else a clear 409', async () => {
    const plan = await createPlan(app, { group_size: 5 });
    const owner = await createUser(app);
    const { group } = (await owner.client.post('/api/groups', { plan_id: plan.id })).body;
    const joiners = await Promise.all(Array.from({ length: 100 }, () => createUser(app)));
    const results = await Promise.all(joiners.map((u) => u.client.post(`/api/groups/${group.id}/join`, {})));
    const ok = results.filter((r) => r.status === 201);
    const full = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(4);
    expect(full).toHaveLength(96);
    for (const r of full) expect(r.body.error).toEqual({ code: 'group_full', message: 'Esta turma já está completa. Escolha outra turma ou crie uma nova.' });
    const live = await app.db.knex('group_members').where({ group_id: group.id, status: 'pending_payment' });
    expect(live).toHaveLength(5);
  });

  it('a user holds at most one place per group', async () => {
    const plan = await createPlan(app, { group_size: 5 });
    const owner = await createUser(app);
    const { group } = (await owner.client.post('/api/groups', { plan_id: plan.id })).body;
    const twice = await Promise.all([1, 2, 3].map(() => owner.client.post(`/api/groups/${group.id}/join`, {})));
    expect(twice.every((r) => r.status === 409 && r.body.error.code === 'already_member')).toBe(true);
  });

  it('auto-match puts the caller in the open group with the fewest free places, or a new one', async () => {
    const plan = await createPlan(app, { group_size: 3 });
    const a = await createUser(app);
    const b = await createUser(app);
    const c = await createUser(app);
    const g1 = (await a.client.post('/api/groups', { plan_id: plan.id })).body.group.id;
    const g2 = (await b.client.post('/api/groups', { plan_id: plan.id })).body.group.id;
    await c.client.post(`/api/groups/${g2}/join`, {});
    const d = await createUser(app);
    const matched = await d.client.post(`/api/plans/${plan.id}/join`);
    expect(matched.status).toBe(201);
    expect(matched.body.group.id).toBe(g2);
    const e = await createUser(app);
    expect((await e.client.post(`/api/plans/${plan.id}/join`)).body.group.id).toBe(g1);
  });
});

describe('webhooks (docs/product/payments.md)', () => {
  it('a confirmation delivered 20 times and out of order is applied once: paid once, completed once, one notification each', async () => {
    const plan = await createPlan(app, { group_size: 2 });
    const a = await createUser(app);
    const b = await createUser(app);
    const { group, membership } = (await a.client.post('/api/groups', { plan_id: plan.id })).body;
    await payEntry(a, membership.id);
    const joined = (await b.client.post(`/api/groups/${group.id}/join`, {})).body;
    const pay = (await b.client.post('/api/payments', { purpose: 'entry', ref_id: joined.membership.id, method: 'PIX' })).body;
    const providerId = (await app.db.knex('payments').where({ id: pay.id }).first()).provider_payment_id;
    const received = await sandbox().simulatePayment(providerId);
    const older = (event: string, n: number) => ({ ...received.body, id: `evt_old_${n}`, event, payment: { ...received.body.payment, status: 'PENDING' } });

    const deliveries = [
      ...Array.from({ length: 20 }, () => received.body),
      older('PAYMENT_CREATED', 1),
      older('PAYMENT_OVERDUE', 2),
      older('PAYMENT_UPDATED', 3),
    ].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map((body) => app.client().post('/api/webhooks/asaas', body, received.headers)));
    expect(answers.every((r) => r.status === 200)).toBe(true);

    expect(await app.db.knex('payment_events').where({ event_id: received.body.id })).toHaveLength(1);
    expect((await app.db.knex('payments').where({ id: pay.id }).first()).status).toBe('confirmed');
    expect((await app.db.knex('groups').where({ id: group.id }).first()).status).toBe('complete');
    expect(await app.db.knex('vouchers').where({ group_id: group.id })).toHaveLength(2);
    for (const [user, type] of [[b, 'entry_confirmed'], [a, 'group_complete'], [b, 'group_complete'], [a, 'member_joined']] as const) {
      expect(await app.db.knex('notifications').where({ user_id: user.id, type })).toHaveLength(1);
    }
  });

  it('refuses a wrong or missing token with 401 and answers unknown events and payments with 200', async () => {
    const body = { id: 'evt_x_1', event: 'PAYMENT_RECEIVED', dateCreated: '2026-11-21 10:00:00', payment: { id: 'pay_nao_existe', value: 10 } };
    expect((await app.client().post('/api/webhooks/asaas', body)).status).toBe(401);
    expect((await app.client().post('/api/webhooks/asaas', body, { 'asaas-access-token': 'errado' })).status).toBe(401);
    const token = sandbox().webhookToken;
    expect((await app.client().post('/api/webhooks/asaas', body, { 'asaas-access-token': token })).status).toBe(200);
    const unknown = { id: 'evt_x_2', event: 'SUBSCRIPTION_CREATED', dateCreated: '2026-11-21 10:00:00' };
    expect((await app.client().post('/api/webhooks/asaas', unknown, { 'asaas-access-token': token })).status).toBe(200);
  });

  it('does not apply a payment whose amount differs, and records it', async () => {
    const plan = await createPlan(app, { group_size: 3 });
    const a = await createUser(app);
    const { membership } = (await a.client.post('/api/groups', { plan_id: plan.id })).body;
    const pay = (await a.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' })).body;
    const row = await app.db.knex('payments').where({ id: pay.id }).first();
    await app.db.knex('sandbox_charges').where({ id: row.provider_payment_id }).update({ amount: row.amount - 1 });
    await a.client.post(`/api/sandbox/payments/${pay.id}/confirm`);
    expect((await app.db.knex('payments').where({ id: pay.id }).first()).status).toBe('amount_mismatch');
    expect((await app.db.knex('group_members').where({ id: membership.id }).first()).status).toBe('pending_payment');
    const audit = await app.db.knex('audit_logs').where({ action: 'payment.amount_mismatch', entity_id: pay.id }).first();
    expect(audit.metadata).toMatchObject({ expected: row.amount, paid: row.amount - 1 });
  });
});

describe('holds and expiry', () => {
  it('an unpaid hold is released after 30 minutes; its late payment is refunded, not applied', async () => {
    const plan = await createPlan(app, { group_size: 2 });
    const a = await createUser(app);
    const b = await createUser(app);
    const c = await createUser(app);
    const { group, membership } = (await a.client.post('/api/groups', { plan_id: plan.id })).body;
    const late = (await a.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' })).body;
    const lateProviderId = (await app.db.knex('payments').where({ id: late.id }).first()).provider_payment_id;
    clock.advance(29 * 60_000);
    // Paid at the bank in the hold's last minute; its webhook is delayed past the release.
    const delayed = await sandbox().simulatePayment(lateProviderId);
    clock.advance(2 * 60_000);
    expect((await groups().releaseExpiredHolds()).released).toBeGreaterThanOrEqual(1);
    expect((await app.db.knex('group_members').where({ id: membership.id }).first()).status).toBe('released');
    const retry = await a.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'BOLETO' });
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('hold_expired');
    // The place went to others, who completed the group; then the old PIX is paid anyway.
    const bj = (await b.client.post(`/api/groups/${group.id}/join`, {})).body;
    const cj = (await c.client.post(`/api/groups/${group.id}/join`, {})).body;
    await payEntry(b, bj.membership.id);
    await payEntry(c, cj.membership.id);
    expect((await app.client().post('/api/webhooks/asaas', delayed.body, delayed.headers)).status).toBe(200);
    await payments().processRefunds();
    const row = await app.db.knex('payments').where({ id: late.id }).first();
    expect(row.status).toBe('refunded');
    expect((await app.db.knex('sandbox_charges').where({ id: row.provider_payment_id }).first()).refunded_amount).toBe(row.amount);
  });

  it('an expired group refunds every paid entry exactly once, even when the job runs twice at the same time', async () => {
    const plan = await createPlan(app, { group_size: 4, window_days: 1 });
    const people = await Promise.all([1, 2, 3].map(() => createUser(app)));
    const { group, membership } = (await people[0]!.client.post('/api/groups', { plan_id: plan.id })).body;
    await payEntry(people[0]!, membership.id);
    const second = (await people[1]!.client.post(`/api/groups/${group.id}/join`, {})).body;
    await payEntry(people[1]!, second.membership.id);
    await people[1]!.client.request('PATCH', `/api/me/memberships/${second.membership.id}`, { refund_to: 'wallet' });
    await people[2]!.client.post(`/api/groups/${group.id}/join`, {}); // held, never paid

    clock.advance(2 * 86_400_000);
    const run = async () => {
      await app.container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).run();
      await payments().processRefunds();
    };
    await Promise.all([run(), run()]);
    await run();

    expect((await app.db.knex('groups').where({ id: group.id }).first()).status).toBe('expired');
    const members = await app.db.knex('group_members').where({ group_id: group.id }).orderBy('created_at');
    expect(members.map((m: { status: string }) => m.status)).toEqual(['refunded', 'refunded', 'released']);
    const first = await app.db.knex('payments').where({ ref_id: membership.id, purpose: 'entry' }).first();
    expect(first).toMatchObject({ status: 'refunded', refunded_amount: first.amount });
    expect((await app.db.knex('sandbox_charges').where({ id: first.provider_payment_id }).first()).refunded_amount).toBe(first.amount);
    const wallet = await app.db.knex('wallet_entries').where({ user_id: people[1]!.id });
    expect(wallet).toHaveLength(1);
    expect(wallet[0]).toMatchObject({ kind: 'entry_credit', amount: plan.entry_price });
    // Each sees their own wallet: the credit for the one who chose it, nothing for the one refunded.
    const credited = await people[1]!.client.get('/api/me/wallet');
    expect(credited.body).toMatchObject({ balance: plan.entry_price, total: 1, items: [{ kind: 'entry_credit', amount: plan.entry_price }] });
    expect(credited.body.items[0].description).toMatch(/\S/);
    expect((await people[0]!.client.get('/api/me/wallet')).body).toEqual({ balance: 0, total: 0, items: [] });
    expect((await app.client().get('/api/me/wallet')).status).toBe(401);
    for (const p of people.slice(0, 2)) expect(await app.db.knex('notifications').where({ user_id: p.id, type: 'group_expired' })).toHaveLength(1);
    expect(await app.db.knex('notifications').where({ user_id: people[0]!.id, type: 'refund_issued' })).toHaveLength(1);
  });
});

describe('who may see what', () => {
  it("a user never reads another user's payment, and signed-out calls are refused", async () => {
    const plan = await createPlan(app, { group_size: 3 });
    const a = await createUser(app);
    const b = await createUser(app);
    const { membership } = (await a.client.post('/api/groups', { plan_id: plan.id })).body;
    const pay = (await a.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' })).body;
    expect((await b.client.get(`/api/payments/${pay.id}/status`)).status).toBe(404);
    expect((await b.client.post(`/api/sandbox/payments/${pay.id}/confirm`)).status).toBe(404);
    expect((await b.client.post('/api/payments', { purpose: 'entry', ref_id: membership.id, method: 'PIX' })).status).toBe(404);
    expect((await app.client().get(`/api/payments/${pay.id}/status`)).status).toBe(401);
    expect((await app.client().post('/api/groups', { plan_id: plan.id })).status).toBe(401);
    const noCpf = await createUser(app, { cpf: null });
    const held = (await noCpf.client.post('/api/groups', { plan_id: plan.id })).body;
    const refused = await noCpf.client.post('/api/payments', { purpose: 'entry', ref_id: held.membership.id, method: 'PIX' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('profile_incomplete');
    // An account without a CPF may add one (never change it), then pay.
    const cpf = (await import('../../core/identity/cpf')).generateCpf(Math.random);
    expect((await noCpf.client.request('PATCH', '/api/me', { cpf })).status).toBe(200);
    expect((await noCpf.client.post('/api/payments', { purpose: 'entry', ref_id: held.membership.id, method: 'PIX' })).status).toBe(201);
  });
});
