// Payments' exactly-once confirmation on the in-memory repositories with the real purpose flows: what the provider
// reports is applied once, a wrong amount or a place gone is never kept, an unasked refund undoes the purchase, and a
// balance the wallet covers is confirmed without a provider charge.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { PaymentService } from '../../../core/payments';
import type { PaymentGateway, ProviderCharge } from '../../../core/ports/payments';
import { balancePaymentFlow } from '../../../core/flows/balance-payment.flow';
import { entryPaymentFlow } from '../../../core/flows/entry-payment.flow';
import { orderPaymentFlow } from '../../../core/flows/order-payment.flow';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork, type MemoryScopes } from '../../fakes/memory/unit-of-work';
import { faked } from '../../fakes/memory/table';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser, seedVoucher } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const clock = new FixedClock(T0);
const meta = { ip: null, userAgent: null, requestId: null };
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let payments: ReturnType<typeof paymentService>;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  payments = paymentService(uow);
});

function paymentService(unitOfWork: MemoryUnitOfWork) {
  // No provider call is expected here: any would throw "gateway.<method> is not faked".
  const gateway = faked<PaymentGateway>('gateway', { name: 'sandbox' });
  let draws = 0;
  const purposes = { entry: entryPaymentFlow(clock, () => (++draws * 0.291) % 1), balance: balancePaymentFlow(clock, { feePercent: 10 }), order: orderPaymentFlow(clock) };
  return new PaymentService<MemoryScopes>(unitOfWork, gateway, clock, purposes, async () => undefined);
}

const charge = (amount: number, status: ProviderCharge['status'] = 'confirmed'): ProviderCharge => ({ providerId: 'pay_1', status, amount, externalReference: null, method: 'PIX', invoiceUrl: null, boletoUrl: null, refundedAmount: 0 });

function heldPlace() {
  const plan = seedPlan(db, { entry_price: 1_000, group_size: 3 });
  const user = seedUser(db);
  const group = seedGroup(db, plan, user);
  const member = seedMember(db, group, user);
  const payment = seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: member.id, amount: 1_000, status: 'pending' });
  return { group, member, payment, user };
}

describe('applying the provider\'s charge', () => {
  it('confirms and settles once; a repeated confirmation changes nothing', async () => {
    const { member, payment } = heldPlace();
    expect(await payments.applyCharge(payment.id, charge(1_000))).toBe('applied');
    expect(db.payments.get(payment.id)).toMatchObject({ status: 'confirmed', confirmed_at: T0 });
    expect(db.members.get(member.id)?.status).toBe('paid');
    expect(await payments.applyCharge(payment.id, charge(1_000))).toBe('already_applied');
    expect(db.notifications.all((n) => n.type === 'entry_confirmed')).toHaveLength(1);
    expect(db.audit.all((a) => a.action === 'payment.confirmed')).toHaveLength(1);
  });

  it('a different amount is never applied: amount_mismatch, the place still held', async () => {
    const { member, payment } = heldPlace();
    expect(await payments.applyCharge(payment.id, charge(999))).toBe('amount_mismatch');
    expect(db.payments.get(payment.id)).toMatchObject({ status: 'amount_mismatch', failure_reason: 'esperado 1000, pago 999' });
    expect(db.members.get(member.id)?.status).toBe('pending_payment');
  });

  it('money for a place no longer there is confirmed and marked for refund, with the refund job', async () => {
    const { member, payment } = heldPlace();
    db.members.patch(member.id, { status: 'released' });
    expect(await payments.applyCharge(payment.id, charge(1_000))).toBe('refund_needed');
    expect(db.payments.get(payment.id)).toMatchObject({ status: 'refund_pending', failure_reason: 'vaga indisponível quando o pagamento chegou' });
    expect(uow.jobsNamed('payments.refund')).toEqual([{ payment_id: payment.id }]);
  });

  it('a refund made in the provider\'s panel releases the paid place once and alerts the back office', async () => {
    const { member, payment } = heldPlace();
    await payments.applyCharge(payment.id, charge(1_000));
    clock.advance(60_000);
    expect(await payments.applyCharge(payment.id, { ...charge(1_000, 'refunded'), refundedAmount: 1_000 })).toBe('refunded');
    expect(db.payments.get(payment.id)).toMatchObject({ status: 'refunded', refunded_amount: 1_000, refunded_at: clock.now() });
    expect(db.members.get(member.id)).toMatchObject({ status: 'refunded', refunded_at: clock.now() });
    expect(db.audit.all((a) => a.action === 'payment.refunded_by_provider')).toHaveLength(1);
    expect(await payments.applyCharge(payment.id, charge(1_000, 'refunded'))).toBe('no_change');
  });

  it('a charge cancelled at the provider gives back the wallet credit it spent', async () => {
    const { user } = heldPlace();
    const payment = seedPayment(db, { user_id: user.id, purpose: 'order', ref_id: '00000000-0000-4000-8000-000000000001', amount: 5_000, wallet_amount: 2_000, status: 'pending' });
    db.wallet.insert({ user_id: user.id, amount: -2_000, kind: 'spend', description: 'Crédito usado', ref: `payment:${payment.id}:spend` });
    expect(await payments.applyCharge(payment.id, charge(3_000, 'cancelled'))).toBe('cancelled');
    expect(db.wallet.all((e) => e.user_id === user.id).reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(await payments.applyCharge(payment.id, charge(3_000, 'cancelled'))).toBe('no_change');
    expect(db.wallet.size).toBe(2);
  });
});

describe('a balance paid with wallet credit', () => {
  it('is confirmed without a provider charge: method WALLET, the voucher redeemable, the credit spent to the centavo', async () => {
    const plan = seedPlan(db, { price: 10_000, entry_price: 1_000 });
    const user = seedUser(db);
    const group = seedGroup(db, plan, user, { status: 'complete', completed_at: T0 });
    const member = seedMember(db, group, user, { status: 'awarded', hold_expires_at: null });
    const voucher = seedVoucher(db, member, group);
    db.wallet.insert({ user_id: user.id, amount: 9_500, kind: 'entry_credit', description: 'Entrada devolvida', ref: 'c1' });

    const view = await payments.createPayment({ id: user.id, email: user.email }, { purpose: 'balance', ref_id: voucher.id, method: 'PIX', use_wallet: true }, meta);
    expect(view).toMatchObject({ status: 'confirmed' });
    const payment = db.payments.only();
    expect(payment).toMatchObject({ method: 'WALLET', provider: 'wallet', amount: 9_000, wallet_amount: 9_000, status: 'confirmed' });
    expect(db.vouchers.get(voucher.id)?.status).toBe('redeemable');
    expect(db.wallet.all((e) => e.user_id === user.id).reduce((s, e) => s + e.amount, 0)).toBe(500);
    await expect(payments.createPayment({ id: user.id, email: user.email }, { purpose: 'balance', ref_id: voucher.id, method: 'PIX', use_wallet: true }, meta)).rejects.toMatchObject({ code: 'already_paid' });
  });

  it('entries cannot be paid with credit', async () => {
    const { member, user } = heldPlace();
    await expect(payments.createPayment({ id: user.id, email: user.email }, { purpose: 'entry', ref_id: member.id, method: 'PIX', use_wallet: true }, meta)).rejects.toMatchObject({ code: 'wallet_not_allowed' });
    expect(db.payments.all((p) => p.ref_id === member.id && p.status !== 'pending')).toEqual([]);
  });
});
