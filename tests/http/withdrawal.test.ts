// The member's withdrawal (docs/product/payments.md#withdrawal-cdc-art-49) with a fake clock: day 7 accepted, day 8
// refused; an open group's place freed and the entry refunded or credited; a completed group's whole purchase refunded
// exactly once even when asked twice at once; a redeemed voucher refused; another user's membership is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../core/shared/clock';
import type { PaymentService } from '../../core/payments/payment.service';
import { TOKENS } from '../../adapters/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, insertVoucher, type TestUser } from '../support/factories';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// 10:00 in São Paulo on a fixed day: D+7 and D+8 are plain calendar days.
const start = new Date('2026-11-02T10:00:00-03:00');
const clock = new FixedClock(start);
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ overrides: { clock } });
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
const withdraw = (user: TestUser, memberId: string, body: Record<string, unknown> = {}) => user.client.post(`/api/me/memberships/${memberId}/withdraw`, body);
const notificationsOf = async (user: TestUser, type: string) =>
  ((await user.client.get('/api/notifications?per_page=100')).body.items as Array<{ type: string; title: string; body: string }>).filter((n) => n.type === type);
const myMembership = async (user: TestUser, groupId: string) =>
  ((await user.client.get('/api/me/groups')).body.items as Array<{ group: { id: string }; membership: { id: string; withdrawal_deadline: string | null; withdrawable_amount: number | null } }>).find(
    (i) => i.group.id === groupId,
  )!.membership;

async function pay(user: TestUser, purpose: 'entry' | 'balance', refId: string) {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirmed = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirmed.body, JSON.stringify(confirmed.body)).toMatchObject({ status: 'confirmed' });
  return created.body.id as string;
}

describe('an open group: the entry within 7 days', () => {
  it('day 7 frees the place (the next joiner takes it) and starts the refund; day 8 is refused with 409', async () => {
    clock.set(start);
    const plan = await createPlan(app, { price: 60_000, group_size: 3, window_days: 30 });
    const [ana, bia, caio, dani] = await Promise.all(['Ana Souza', 'Bia Lima', 'Caio Alves', 'Dani Rocha'].map((fullName) => createUser(app, { fullName })));
    const created = (await ana!.client.post('/api/groups', { plan_id: plan.id })).body;
    const groupId = created.group.id as string;
    await pay(ana!, 'entry', created.membership.id);
    const biaMemberId = (await bia!.client.post(`/api/groups/${groupId}/join`, {})).body.membership.id as string;
    const biaPayment = await pay(bia!, 'entry', biaMemberId);
    expect((await caio!.client.post(`/api/groups/${groupId}/join`, {})).status).toBe(201);
    expect((await dani!.client.post(`/api/groups/${groupId}/join`, {})).body.error.code).toBe('group_full');
    // My groups shows the deadline: the end of the 7th São Paulo day.
    const deadline = new Date('2026-11-09T23:59:59.999-03:00').toISOString();
    expect((await myMembership(bia!, groupId)).withdrawal_deadline).toBe(deadline);
    // And what withdrawing gives back (the screen states it before the member confirms): the entry paid.
    expect((await myMembership(bia!, groupId)).withdrawable_amount).toBe(plan.entry_price);

    // Day 7, late evening in São Paulo: accepted.
    clock.set(new Date('2026-11-09T23:30:00-03:00'));
    const done = await withdraw(bia!, biaMemberId);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ membership_id: biaMemberId, group_id: groupId, scope: 'entry', destination: 'original', amount: plan.entry_price, status: 'refund_started' });
    expect(await knex()('group_members').where({ id: biaMemberId }).first()).toMatchObject({ status: 'refunded' });
    await app.container.get<PaymentService>(TOKENS.PaymentService).processRefunds();
    expect(await knex()('payments').where({ id: biaPayment }).first()).toMatchObject({ status: 'refunded', refunded_amount: plan.entry_price });
    expect((await app.client().get(`/api/groups/${groupId}`)).body).toMatchObject({ status: 'open', members_paid: 1 });
    // Told, e-mailed and audited; the paid member told a place opened (the holder is not a member yet).
    expect(await notificationsOf(bia!, 'purchase_withdrawn')).toEqual([
      expect.objectContaining({ title: 'Desistência confirmada', body: expect.stringContaining(`Você desistiu da turma de ${plan.name} e sua vaga foi liberada.`) }),
    ]);
    expect(await notificationsOf(ana!, 'place_opened')).toHaveLength(1);
    expect(await notificationsOf(caio!, 'place_opened')).toHaveLength(0);
    expect(await knex()('mail_outbox').where({ to_address: bia!.email, template: 'purchase_withdrawn' })).toHaveLength(1);
    expect(await knex()('audit_logs').where({ action: 'group.purchase_withdrawn', entity_id: groupId })).toHaveLength(1);
    // Asked again: nothing more to withdraw.
    expect((await withdraw(bia!, biaMemberId)).status).toBe(409);
    // The freed place is the next joiner's.
    const daniJoin = await dani!.client.post(`/api/groups/${groupId}/join`, {});
    expect(daniJoin.status, JSON.stringify(daniJoin.body)).toBe(201);

    // Day 8 for Ana (paid the same day): refused, with the deadline in pt-BR; her deadline no longer shown.
    clock.set(new Date('2026-11-10T00:00:00-03:00'));
    const late = await withdraw(ana!, created.membership.id);
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'withdrawal_window_closed', message: 'O prazo de 7 dias para desistir desta compra terminou em 09/11/2026.' });
    expect(await knex()('group_members').where({ id: created.membership.id }).first()).toMatchObject({ status: 'paid' });
    expect((await myMembership(ana!, groupId)).withdrawal_deadline).toBeNull();
    expect((await myMembership(ana!, groupId)).withdrawable_amount).toBeNull();
  });

  it('to the wallet: the entry is credited, no provider refund; another user\'s membership is 404', async () => {
    clock.set(start);
    const plan = await createPlan(app, { price: 40_000, group_size: 3, window_days: 30 });
    const eva = await createUser(app, { fullName: 'Eva Nunes' });
    const intruder = await createUser(app);
    const created = (await eva.client.post('/api/groups', { plan_id: plan.id })).body;
    const payment = await pay(eva, 'entry', created.membership.id);
    clock.advance(3 * DAY);
    const other = await withdraw(intruder, created.membership.id, { destination: 'wallet' });
    expect(other.status).toBe(404);
    expect((await withdraw(eva, created.membership.id, { destination: 'pix' })).status).toBe(400);
    const done = await withdraw(eva, created.membership.id, { destination: 'wallet' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ scope: 'entry', destination: 'wallet', amount: plan.entry_price, status: 'wallet_credited' });
    expect((await eva.client.get('/api/me/wallet')).body.balance).toBe(plan.entry_price);
    expect((await knex()('payments').where({ id: payment }).first()).status).toBe('confirmed');
    expect((await app.client().get(`/api/groups/${created.group.id}`)).body.members_paid).toBe(0);
  });
});

describe('a completed group: the whole purchase', () => {
  it('entry and balance refunded exactly once when asked twice at once; the voucher cancelled; day 8 after completion refused', async () => {
    clock.set(start);
    const plan = await createPlan(app, { price: 10_000, group_size: 2, window_days: 30 });
    const fabi = await createUser(app, { fullName: 'Fabi Reis' });
    const gil = await createUser(app, { fullName: 'Gil Matos' });
    const created = (await fabi.client.post('/api/groups', { plan_id: plan.id })).body;
    const groupId = created.group.id as string;
    const fabiEntry = await pay(fabi, 'entry', created.membership.id);
    clock.advance(2 * HOUR);
    const gilMemberId = (await gil.client.post(`/api/groups/${groupId}/join`, {})).body.membership.id as string;
    await pay(gil, 'entry', gilMemberId);
    expect((await knex()('groups').where({ id: groupId }).first()).status).toBe('complete');
    const voucher = await knex()('vouchers').where({ member_id: created.membership.id }).first();
    const fabiBalance = await pay(fabi, 'balance', voucher.id);
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('redeemable');
    // The whole purchase paid so far is what withdrawing gives back.
    expect((await myMembership(fabi, groupId)).withdrawable_amount).toBe(plan.price);

    clock.set(new Date('2026-11-09T18:00:00-03:00'));
    const both = await Promise.all([withdraw(fabi, created.membership.id), withdraw(fabi, created.membership.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = both.find((r) => r.status === 200)!;
    expect(ok.body).toMatchObject({ scope: 'purchase', amount: plan.price, status: 'refund_started' });
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('cancelled');
    expect((await knex()('groups').where({ id: groupId }).first()).status).toBe('complete');
    await app.container.get<PaymentService>(TOKENS.PaymentService).processRefunds();
    for (const id of [fabiEntry, fabiBalance]) {
      expect((await knex()('payments').where({ id }).first()).status).toBe('refunded');
      expect(await knex()('audit_logs').where({ action: 'payment.refund_marked', entity_id: id })).toHaveLength(1);
    }
    const refunded = await knex()('payments').whereIn('id', [fabiEntry, fabiBalance]).sum({ total: 'refunded_amount' }).first();
    expect(Number(refunded!.total)).toBe(plan.price);
    expect(await notificationsOf(fabi, 'purchase_withdrawn')).toHaveLength(1);
    // Gil, 8 days after the completion: refused.
    clock.set(new Date('2026-11-10T09:00:00-03:00'));
    const late = await withdraw(gil, gilMemberId);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('withdrawal_window_closed');
  });

  it('a redeemed voucher cannot be withdrawn (409)', async () => {
    clock.set(new Date());
    const buyer = await createUser(app);
    const plan = await createPlan(app, { price: 30_000 });
    const { voucher } = await insertVoucher(knex(), plan, buyer.id, { status: 'redeemed' });
    const memberId = (await knex()('vouchers').where({ id: voucher.id }).first()).member_id as string;
    const res = await withdraw(buyer, memberId);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('voucher_already_redeemed');
    expect((await knex()('vouchers').where({ id: voucher.id }).first()).status).toBe('redeemed');
  });
});
