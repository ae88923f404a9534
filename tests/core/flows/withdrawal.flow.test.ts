// The withdrawal flow (CDC art. 49) on the in-memory repositories: which payments go back and how (a provider refund
// job or wallet credit, in centavos, once), what a withdrawn purchase undoes, and the refusals with their codes.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { WithdrawalFlow } from '../../../core/flows/withdrawal.flow';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser, seedVoucher } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const DAY = 86_400_000;
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let flow: WithdrawalFlow;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  flow = new WithdrawalFlow(uow, clock);
});

function paidEntry() {
  const plan = seedPlan(db, { price: 10_000, entry_price: 1_000, group_size: 3 });
  const user = seedUser(db);
  const group = seedGroup(db, plan, user);
  const member = seedMember(db, group, user, { status: 'paid', paid_at: T0, hold_expires_at: null });
  const other = seedMember(db, group, seedUser(db), { status: 'paid', paid_at: T0, hold_expires_at: null });
  const entry = seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: member.id, amount: 1_000 });
  return { plan, user, group, member, other, entry, actor: { id: user.id, email: user.email } };
}

function completedPurchase(balancePaid: boolean) {
  const s = paidEntry();
  db.groups.patch(s.group.id, { status: 'complete', completed_at: T0 });
  db.members.patch(s.member.id, { status: 'awarded', awarded_at: T0 });
  const voucher = seedVoucher(db, db.members.get(s.member.id)!, s.group, balancePaid ? { status: 'redeemable', redeemable_at: T0 } : {});
  const balance = balancePaid ? seedPayment(db, { user_id: s.user.id, purpose: 'balance', ref_id: voucher.id, amount: 9_000 }) : null;
  return { ...s, voucher, balance };
}

describe('withdrawing a paid entry of an open group', () => {
  it('to the original method: the place is released, the entry marked for refund and the refund job queued once', async () => {
    const { member, entry, actor, other, group } = paidEntry();
    const result = await flow.withdraw(actor, member.id);
    expect(result).toEqual({ membership_id: member.id, group_id: group.id, scope: 'entry', destination: 'original', amount: 1_000, status: 'refund_started' });
    expect(db.members.get(member.id)).toMatchObject({ status: 'refunded', refunded_at: T0, refund_to: 'original' });
    expect(db.payments.get(entry.id)).toMatchObject({ status: 'refund_pending' });
    expect(uow.jobsNamed('payments.refund')).toEqual([{ payment_id: entry.id }]);
    expect(db.wallet.size).toBe(0);
    expect(db.notifications.all((n) => n.type === 'place_opened').map((n) => n.user_id)).toEqual([other.user_id]);
    expect(db.audit.all().map((a) => a.action)).toEqual(['payment.refund_marked', 'group.place_released', 'group.purchase_withdrawn']);

    await expect(flow.withdraw(actor, member.id)).rejects.toMatchObject({ code: 'withdrawal_not_allowed' });
    expect(uow.jobsNamed('payments.refund')).toHaveLength(1);
  });

  it('to the wallet: the entry becomes credit under its own ref, no provider refund', async () => {
    const { member, entry, actor, user } = paidEntry();
    const result = await flow.withdraw(actor, member.id, 'wallet');
    expect(result).toMatchObject({ amount: 1_000, status: 'wallet_credited', destination: 'wallet' });
    expect(db.wallet.all()).toEqual([expect.objectContaining({ user_id: user.id, amount: 1_000, kind: 'entry_credit', ref: `withdrawal:${entry.id}` })]);
    expect(db.payments.get(entry.id)?.status).toBe('confirmed');
    expect(uow.jobs).toEqual([expect.objectContaining({ name: 'mail.send' })]);
  });

  it('the window closes at the end of the 7th São Paulo day after the payment', async () => {
    const { member, actor } = paidEntry();
    // Paid 2026-11-10 12:00 in São Paulo: the last moment is 2026-11-17 23:59:59.999 (-03:00).
    clock.set(new Date('2026-11-18T02:59:59.999Z'));
    const open = await flow.withdraw(actor, member.id, 'wallet');
    expect(open.scope).toBe('entry');

    const late = paidEntry();
    clock.set(new Date('2026-11-18T03:00:00.000Z'));
    await expect(flow.withdraw(late.actor, late.member.id)).rejects.toMatchObject({ code: 'withdrawal_window_closed', message: expect.stringContaining('17/11/2026') });
    expect(db.members.get(late.member.id)?.status).toBe('paid');
    expect(uow.rollbacks).toBe(1);
  });

  it('only the member may withdraw their place (404 for anyone else)', async () => {
    const { member } = paidEntry();
    const stranger = seedUser(db);
    await expect(flow.withdraw({ id: stranger.id, email: stranger.email }, member.id)).rejects.toMatchObject({ code: 'member_not_found' });
    await expect(flow.withdraw({ id: stranger.id, email: stranger.email }, 'not-an-id')).rejects.toMatchObject({ code: 'member_not_found' });
  });
});

describe('withdrawing a completed purchase', () => {
  it('refunds the entry and the balance, cancels the voucher, reverses the commission; a pending balance charge is dropped', async () => {
    const { member, voucher, entry, balance, actor } = completedPurchase(true);
    const influencer = db.influencers.insert({ user_id: seedUser(db).id, status: 'approved', code: 'ANA', code_changes: 0, commission_rate_bp: 1000, instagram: 'ana', tiktok: null, youtube: null, audience_size: 1, niche: 'x', pix_key_type: 'EMAIL', pix_key: 'a@b.com', rejection_reason: null, suspension_reason: null, approved_at: T0 });
    const commission = db.commissions.insert({ influencer_id: influencer.id, referred_user_id: actor.id, source_type: 'group_member', source_id: member.id, base_fee: 1_000, rate_bp: 1000, amount: 100, status: 'pending', available_at: new Date(T0.getTime() + 8 * DAY), payout_id: null, reversed_at: null, clawback_at: null, clawback_payout_id: null, updated_at: T0 });

    clock.advance(2 * DAY);
    const result = await flow.withdraw(actor, member.id);
    expect(result).toMatchObject({ scope: 'purchase', amount: 10_000, status: 'refund_started' });
    expect(db.payments.get(entry.id)?.status).toBe('refund_pending');
    expect(db.payments.get(balance!.id)?.status).toBe('refund_pending');
    expect(uow.jobsNamed('payments.refund').map((j) => j.payment_id).sort()).toEqual([entry.id, balance!.id].sort());
    expect(db.vouchers.get(voucher.id)).toMatchObject({ status: 'cancelled', cancelled_at: clock.now() });
    expect(db.members.get(member.id)).toMatchObject({ status: 'refunded' });
    expect(db.commissions.get(commission.id)).toMatchObject({ status: 'reversed', reversed_at: clock.now() });
  });

  it('with the balance unpaid: only the entry goes back and the open balance charge is cancelled at the provider', async () => {
    const { member, voucher, entry, actor, user } = completedPurchase(false);
    const pending = seedPayment(db, { user_id: user.id, purpose: 'balance', ref_id: voucher.id, amount: 9_000, status: 'pending' });
    const result = await flow.withdraw(actor, member.id, 'wallet');
    expect(result).toMatchObject({ scope: 'purchase', amount: 1_000, status: 'wallet_credited' });
    expect(db.wallet.all().map((e) => [e.amount, e.ref])).toEqual([[1_000, `withdrawal:${entry.id}`]]);
    expect(uow.jobsNamed('payments.cancel_charge')).toEqual([{ payment_id: pending.id, reason: 'compra cancelada: desistência do participante (CDC art. 49)' }]);
  });

  it('a redeemed voucher cannot be withdrawn', async () => {
    const { member, voucher, actor } = completedPurchase(true);
    db.vouchers.patch(voucher.id, { status: 'redeemed', redeemed_at: T0 });
    await expect(flow.withdraw(actor, member.id)).rejects.toMatchObject({ code: 'voucher_already_redeemed' });
    expect(db.payments.all((p) => p.status !== 'confirmed')).toEqual([]);
  });
});
