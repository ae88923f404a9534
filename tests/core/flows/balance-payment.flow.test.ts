// The balance payment flow and the commission it earns, on the in-memory repositories: the voucher becomes redeemable
// once, the buyer's influencer earns a share of the platform fee once, and a refund that undid the purchase reverses it.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { balancePaymentFlow } from '../../../core/flows/balance-payment.flow';
import { reverseCommission } from '../../../core/flows/commission.flow';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser, seedVoucher } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const DAY = 86_400_000;
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
const flow = balancePaymentFlow(clock, { feePercent: 10, publicUrl: 'https://turma.test' });

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
});

/** A completed group's voucher (price 250,00, entry 25,00 paid, balance 225,00) of a buyer an influencer referred. */
function voucherOfReferredBuyer(influencerStatus: 'approved' | 'suspended' = 'approved', selfReferral = false) {
  const plan = seedPlan(db, { price: 25_000, entry_price: 2_500 });
  const buyer = seedUser(db);
  const group = seedGroup(db, plan, buyer, { status: 'complete', completed_at: T0 });
  const member = seedMember(db, group, buyer, { status: 'awarded', hold_expires_at: null });
  const voucher = seedVoucher(db, member, group);
  const influencer = db.influencers.insert({ user_id: seedUser(db).id, status: influencerStatus, code: 'ANA', code_changes: 0, commission_rate_bp: 2_500, instagram: 'ana', tiktok: null, youtube: null, audience_size: 1, niche: 'x', pix_key_type: 'EMAIL', pix_key: 'a@b.com', rejection_reason: null, suspension_reason: null, approved_at: T0 });
  db.referrals.insert({ referred_user_id: buyer.id, influencer_id: influencer.id, self_referral: selfReferral });
  const payment = seedPayment(db, { user_id: buyer.id, purpose: 'balance', ref_id: voucher.id, amount: voucher.balance_due });
  return { plan, buyer, member, voucher, influencer, payment };
}

describe('balance payment', () => {
  it('resolves the voucher balance in centavos, only for its owner and while awaiting it', async () => {
    const { buyer, voucher, plan } = voucherOfReferredBuyer();
    expect(await flow.resolve(uow.repos, buyer.id, voucher.id)).toEqual({ amount: 22_500, description: `Turma — saldo: ${plan.name} (${voucher.code})` });
    await expect(flow.resolve(uow.repos, seedUser(db).id, voucher.id)).rejects.toMatchObject({ code: 'voucher_not_found' });
    db.vouchers.patch(voucher.id, { status: 'redeemable' });
    await expect(flow.resolve(uow.repos, buyer.id, voucher.id)).rejects.toMatchObject({ code: 'already_paid' });
    db.vouchers.patch(voucher.id, { status: 'cancelled' });
    await expect(flow.resolve(uow.repos, buyer.id, voucher.id)).rejects.toMatchObject({ code: 'voucher_cancelled' });
  });

  it('settles once: voucher redeemable, notification and receipt e-mail, a 25% commission of the 10% fee', async () => {
    const { voucher, influencer, payment, member, buyer } = voucherOfReferredBuyer();
    expect(await uow.tx((tx) => flow.settle(tx, payment))).toEqual({ outcome: 'applied' });
    expect(db.vouchers.get(voucher.id)).toMatchObject({ status: 'redeemable', redeemable_at: T0 });
    expect(db.notifications.all().map((n) => [n.type, n.user_id])).toEqual([['balance_confirmed', buyer.id]]);
    const [mail] = uow.jobsNamed('mail.send');
    expect(mail).toMatchObject({ to: buyer.email });
    expect(JSON.stringify(mail)).toContain(`https://turma.test/api/payments/${payment.id}/receipt`);
    // Fee: 10% of 250,00 = 25,00; commission: 25% of it = 6,25, available after the 7-day hold.
    expect(db.commissions.all()).toEqual([
      expect.objectContaining({ influencer_id: influencer.id, source_type: 'group_member', source_id: member.id, base_fee: 2_500, rate_bp: 2_500, amount: 625, status: 'pending', available_at: new Date(T0.getTime() + 7 * DAY) }),
    ]);

    // The same money reported again: the voucher is paid already, so it goes back; no second commission.
    expect(await uow.tx((tx) => flow.settle(tx, payment))).toEqual({ outcome: 'refund_needed', reason: 'saldo já quitado' });
    expect(db.commissions.size).toBe(1);
    expect(db.notifications.size).toBe(1);
  });

  it('earns nothing for a self-referral or an influencer not approved', async () => {
    const self = voucherOfReferredBuyer('approved', true);
    await uow.tx((tx) => flow.settle(tx, self.payment));
    const suspended = voucherOfReferredBuyer('suspended');
    await uow.tx((tx) => flow.settle(tx, suspended.payment));
    expect(db.vouchers.get(self.voucher.id)?.status).toBe('redeemable');
    expect(db.commissions.size).toBe(0);
  });

  it('a refund reverses the commission only when the purchase was undone', async () => {
    const { voucher, payment } = voucherOfReferredBuyer();
    await uow.tx((tx) => flow.settle(tx, payment));
    // A refunded duplicate: the voucher stands, so does the commission.
    await uow.tx((tx) => flow.refunded!(tx, payment));
    expect(db.commissions.only().status).toBe('pending');
    db.vouchers.patch(voucher.id, { status: 'cancelled' });
    clock.advance(DAY);
    await uow.tx((tx) => flow.refunded!(tx, payment));
    expect(db.commissions.only()).toMatchObject({ status: 'reversed', reversed_at: clock.now() });
    expect(db.audit.all((a) => a.action === 'commission.reversed')).toHaveLength(1);
  });
});

describe('reverseCommission', () => {
  it('claws back a commission already paid out (once) instead of reversing it', async () => {
    const { member, payment } = voucherOfReferredBuyer();
    await uow.tx((tx) => flow.settle(tx, payment));
    const c = db.commissions.only();
    db.commissions.patch(c.id, { status: 'paid' });
    expect(await uow.tx((tx) => reverseCommission(tx, 'group_member', member.id, clock.now()))).toBe(1);
    expect(db.commissions.get(c.id)).toMatchObject({ status: 'paid', clawback_at: T0 });
    expect(await uow.tx((tx) => reverseCommission(tx, 'group_member', member.id, clock.now()))).toBe(0);
    expect(db.audit.all((a) => a.action === 'commission.clawed_back')).toHaveLength(1);
  });
});
