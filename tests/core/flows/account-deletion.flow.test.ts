// Account deletion on the in-memory repositories: the plan shown before confirming, each open thing resolved (a held
// place released, a purchase withdrawn and refunded, a pending charge cancelled, the credit refunded by one PIX payout)
// or the deletion refused with the reason, then the account anonymised.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { AccountDeletionFlow, deletionRefundRef } from '../../../core/flows/account-deletion.flow';
import { planAccountDeletion } from '../../../core/flows/account-deletion-plan';
import { WithdrawalFlow } from '../../../core/flows/withdrawal.flow';
import { PayoutFlow } from '../../../core/flows/payout.flow';
import type { PasswordHasher, SecretTokens } from '../../../core/ports/security';
import type { PaymentGateway } from '../../../core/ports/payments';
import type { ProfessionalRecord } from '../../../core/professionals';
import type { OrderRecord } from '../../../core/marketplace/ports';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { faked } from '../../fakes/memory/table';
import { seedGroup, seedMember, seedPayment, seedPlan, seedUser, seedVoucher } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const DAY = 86_400_000;
const clock = new FixedClock(T0);
const PIX = { type: 'EMAIL' as const, key: 'pessoa@pix.com.br' };
const meta = { ip: '127.0.0.1', userAgent: 'vitest', requestId: null };
const hasher: PasswordHasher = { hash: async (p) => `hash:${p}`, verify: async (hash, p) => hash === `hash:${p}` } as PasswordHasher;
const tokens = { generate: () => 'segredo-aleatorio' } as unknown as SecretTokens;
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let flow: AccountDeletionFlow;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  flow = new AccountDeletionFlow(uow, new WithdrawalFlow(uow, clock), hasher, tokens, clock);
});

function person() {
  const user = seedUser(db);
  db.users.patch(user.id, { password_hash: 'hash:senha-certa' });
  return { user, current: { id: user.id, email: user.email } as never };
}
const credit = (userId: string, amount: number) => db.wallet.insert({ user_id: userId, amount, kind: 'entry_credit', description: 'Crédito', ref: `credit:${userId}:${amount}` });

function paidEntry(userId: string, over: { paid_at?: Date; method?: 'PIX' | 'BOLETO' } = {}) {
  const plan = seedPlan(db, { price: 10_000, entry_price: 1_000, group_size: 3 });
  const group = seedGroup(db, plan, { id: userId });
  const member = seedMember(db, group, { id: userId }, { status: 'paid', paid_at: over.paid_at ?? T0, hold_expires_at: null });
  const entry = seedPayment(db, { user_id: userId, purpose: 'entry', ref_id: member.id, amount: 1_000, method: over.method ?? 'PIX' });
  return { plan, group, member, entry };
}

describe('the plan', () => {
  it('nothing open: the account can go, no PIX key asked', async () => {
    const { user } = person();
    expect(await flow.plan(user.id)).toEqual({ can_delete: true, blockers: [], memberships: [], charges: [], boleto_refunds: 0, credit_refund: 0, pix_key_required: false });
  });

  it('lists the purchase to withdraw with its refund, the held place, the charge to cancel and the credit (with what the charge spent)', async () => {
    const { user } = person();
    const { member } = paidEntry(user.id);
    const plan = seedPlan(db, { entry_price: 2_000 });
    const held = seedMember(db, seedGroup(db, plan, user), user);
    const pending = seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: held.id, amount: 2_000, wallet_amount: 500, status: 'pending' });
    credit(user.id, 300);
    expect(await flow.plan(user.id)).toMatchObject({
      can_delete: true,
      memberships: expect.arrayContaining([
        expect.objectContaining({ member_id: member.id, action: 'withdraw', scope: 'entry', refund: 1_000 }),
        expect.objectContaining({ member_id: held.id, action: 'release_hold', refund: 0 }),
      ]),
      charges: [{ payment_id: pending.id, purpose: 'entry', amount: 2_000 }],
      credit_refund: 800,
      pix_key_required: true,
    });
  });

  it('blockers carry the reason and what to do, in pt-BR or en-US', () => {
    const facts = {
      memberships: [],
      pending_charges: [],
      awaiting_refund_choice: [],
      open_orders: [{ order_id: 'o1', status: 'shipped' as const }],
      wallet_balance: 0,
      owed_as_professional: 12_345,
      owed_as_influencer: 0,
    };
    const pt = planAccountDeletion(facts, T0);
    expect(pt.can_delete).toBe(false);
    expect(pt.blockers.map((b) => b.code)).toEqual(['order_in_progress', 'professional_receivables']);
    expect(pt.blockers[1]!.message).toMatch(/R\$\s123,45 a receber como profissional/);
    const en = planAccountDeletion(facts, T0, 'en-US');
    expect(en.blockers[1]!.message).toMatch(/R\$\s?123\.45 to receive as a professional/);
  });
});

describe('deleting', () => {
  it('without credit or anything open: anonymised, no payout, no transfer', async () => {
    const { user, current } = person();
    const result = await flow.delete(current, { password: 'senha-certa' }, meta);
    expect(result).toMatchObject({ refund: null, withdrawn: 0, released: 0, charges_cancelled: 0 });
    expect(db.users.get(user.id)).toMatchObject({ email: `excluido+${user.id}@turma.invalid`, deleted_at: T0 });
    expect(db.profiles.get(user.id)).toMatchObject({ full_name: 'Conta excluída', cpf: null });
    expect(db.payouts.size).toBe(0);
    expect(uow.jobsNamed('payouts.transfer')).toEqual([]);
  });

  it('a wrong password changes nothing', async () => {
    const { user, current } = person();
    await expect(flow.delete(current, { password: 'errada' }, meta)).rejects.toMatchObject({ code: 'wrong_password' });
    expect(db.users.get(user.id)?.deleted_at).toBeNull();
  });

  it('with credit: one payout of the whole balance to the given key, its transfer job once; a repeat finds the account gone', async () => {
    const { user, current } = person();
    credit(user.id, 4_250);
    const result = await flow.delete(current, { password: 'senha-certa', pix_key: PIX }, meta);
    expect(result.refund).toEqual({ amount: 4_250, payout_id: expect.any(String) });
    expect(db.payouts.all()).toEqual([expect.objectContaining({ id: result.refund!.payout_id, user_id: user.id, professional_id: null, influencer_id: null, amount: 4_250, pix_key_type: 'EMAIL', pix_key: PIX.key, status: 'pending' })]);
    expect(db.wallet.all((e) => e.ref === deletionRefundRef(user.id))).toEqual([expect.objectContaining({ amount: -4_250, kind: 'adjustment' })]);
    expect(db.wallet.all((e) => e.user_id === user.id).reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(uow.jobsNamed('payouts.transfer')).toEqual([{ payout_id: result.refund!.payout_id }]);

    await expect(flow.delete(current, { password: 'senha-certa', pix_key: PIX }, meta)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(db.payouts.size).toBe(1);
    expect(uow.jobsNamed('payouts.transfer')).toHaveLength(1);
  });

  it('with credit and no PIX key: refused, nothing changed', async () => {
    const { user, current } = person();
    credit(user.id, 1_000);
    await expect(flow.delete(current, { password: 'senha-certa' }, meta)).rejects.toMatchObject({ code: 'pix_key_required', fields: { pix_key: expect.any(String) } });
    expect(db.users.get(user.id)?.deleted_at).toBeNull();
    expect(db.payouts.size).toBe(0);
  });

  it('an open purchase is withdrawn and refunded to its payment; a held place released, its charge cancelled and its credit refunded by PIX', async () => {
    const { user, current } = person();
    const { member, entry } = paidEntry(user.id);
    const held = seedMember(db, seedGroup(db, seedPlan(db, { entry_price: 2_000 }), user), user);
    db.wallet.insert({ user_id: user.id, amount: 500, kind: 'entry_credit', description: 'Crédito', ref: 'c1' });
    const pending = seedPayment(db, { user_id: user.id, purpose: 'entry', ref_id: held.id, amount: 2_000, wallet_amount: 500, status: 'pending' });
    db.wallet.insert({ user_id: user.id, amount: -500, kind: 'spend', description: 'Pago com crédito', ref: `payment:${pending.id}:spend` });

    const result = await flow.delete(current, { password: 'senha-certa', pix_key: PIX }, meta);
    expect(result).toMatchObject({ withdrawn: 1, released: 1, charges_cancelled: 1, refund: { amount: 500 } });
    expect(db.members.get(member.id)).toMatchObject({ status: 'refunded', refund_to: 'original' });
    expect(db.payments.get(entry.id)?.status).toBe('refund_pending');
    expect(uow.jobsNamed('payments.refund')).toEqual([{ payment_id: entry.id }]);
    expect(db.members.get(held.id)?.status).toBe('released');
    expect(db.payments.get(pending.id)?.status).toBe('cancelled');
    expect(uow.jobsNamed('payments.cancel_charge')).toEqual([{ payment_id: pending.id, reason: expect.any(String) }]);
    expect(db.payouts.all()).toEqual([expect.objectContaining({ amount: 500, user_id: user.id })]);
  });

  it('a boleto purchase is refunded by PIX to the key given (nobody can come back to choose)', async () => {
    const { user, current } = person();
    const { entry } = paidEntry(user.id, { method: 'BOLETO' });
    expect((await flow.plan(user.id)).pix_key_required).toBe(true);
    await expect(flow.delete(current, { password: 'senha-certa' }, meta)).rejects.toMatchObject({ code: 'pix_key_required' });
    await flow.delete(current, { password: 'senha-certa', pix_key: PIX }, meta);
    expect(db.payments.get(entry.id)).toMatchObject({ status: 'refund_pending', refund_destination: 'pix', refund_pix_key: PIX.key });
    expect(uow.jobsNamed('payments.refund')).toEqual([{ payment_id: entry.id }]);
    expect(db.payouts.size).toBe(0);
  });

  it('refused while a completed group\'s voucher is unused past the withdrawal window; nothing changes', async () => {
    const { user, current } = person();
    const { group, member } = paidEntry(user.id);
    db.groups.patch(group.id, { status: 'complete', completed_at: T0 });
    db.members.patch(member.id, { status: 'awarded', awarded_at: T0 });
    const voucher = seedVoucher(db, db.members.get(member.id)!, group, { status: 'redeemable', redeemable_at: T0 });
    credit(user.id, 1_000);
    clock.set(new Date(T0.getTime() + 10 * DAY));
    const plan = await flow.plan(user.id);
    expect(plan).toMatchObject({ can_delete: false, blockers: [{ code: 'voucher_not_used', message: expect.stringContaining(voucher.code) }] });
    await expect(flow.delete(current, { password: 'senha-certa', pix_key: PIX }, meta)).rejects.toMatchObject({
      code: 'account_deletion_blocked',
      details: { blockers: [expect.objectContaining({ code: 'voucher_not_used' })] },
    });
    expect(db.users.get(user.id)?.deleted_at).toBeNull();
    expect(db.payouts.size).toBe(0);
    expect(db.vouchers.get(voucher.id)?.status).toBe('redeemable');
  });

  it('within the window the same purchase is withdrawn (voucher cancelled, entry and balance refunded)', async () => {
    const { user, current } = person();
    const { group, member, entry } = paidEntry(user.id);
    db.groups.patch(group.id, { status: 'complete', completed_at: T0 });
    db.members.patch(member.id, { status: 'awarded', awarded_at: T0 });
    const voucher = seedVoucher(db, db.members.get(member.id)!, group, { status: 'redeemable', redeemable_at: T0 });
    const balance = seedPayment(db, { user_id: user.id, purpose: 'balance', ref_id: voucher.id, amount: 9_000 });
    expect((await flow.plan(user.id)).memberships).toEqual([expect.objectContaining({ action: 'withdraw', scope: 'purchase', refund: 10_000 })]);
    await flow.delete(current, { password: 'senha-certa' }, meta);
    expect(db.vouchers.get(voucher.id)?.status).toBe('cancelled');
    expect(uow.jobsNamed('payments.refund')).toEqual(expect.arrayContaining([{ payment_id: entry.id }, { payment_id: balance.id }]));
  });

  it('refused past the window of an open group\'s paid entry, and while money is owed as a professional or an order is open', async () => {
    const { user } = person();
    paidEntry(user.id, { paid_at: new Date(T0.getTime() - 10 * DAY) });
    const pro = db.professionals.insert({ user_id: user.id, status: 'approved' } as unknown as ProfessionalRecord);
    db.receivables.insert({ professional_id: pro.id, net: 8_000, fee: 2_000, gross: 10_000, status: 'available', payout_id: null, available_at: T0 } as never);
    db.orders.insert({ user_id: user.id, status: 'pending' } as unknown as OrderRecord);
    const plan = await flow.plan(user.id);
    expect(plan.blockers.map((b) => b.code)).toEqual(['withdrawal_window_closed', 'order_pending_payment', 'professional_receivables']);
    expect(plan.blockers[0]!.message).toContain('terminou em');
  });
});

describe("the refund's transfer", () => {
  it('sent once through the payout path; a failed transfer keeps the credit in the ledger, once', async () => {
    const { user, current } = person();
    credit(user.id, 2_000);
    const { refund } = await flow.delete(current, { password: 'senha-certa', pix_key: PIX }, meta);
    const sent: unknown[] = [];
    const gateway = faked<PaymentGateway>('gateway', {
      name: 'sandbox',
      createTransfer: async (input) => {
        sent.push(input);
        return { id: 'tr_9', status: 'pending' };
      },
    });
    const payouts = new PayoutFlow(uow, gateway, clock, { minimum: 5_000, publicUrl: 'https://turma.test' });
    expect(await payouts.sendTransfer(refund!.payout_id)).toBe('sent');
    expect(await payouts.sendTransfer(refund!.payout_id)).toBe('skipped');
    expect(sent).toEqual([expect.objectContaining({ value: 2_000, pixKey: PIX.key, pixKeyType: 'EMAIL', externalReference: refund!.payout_id, description: expect.stringContaining('carteira') })]);

    expect(await payouts.settle(refund!.payout_id, { id: 'tr_9', status: 'failed', failReason: 'Chave inexistente' })).toBe('failed');
    expect(await payouts.settle(refund!.payout_id, { id: 'tr_9', status: 'failed' })).toBe('already_applied');
    expect(db.wallet.all((e) => e.user_id === user.id).reduce((s, e) => s + e.amount, 0)).toBe(2_000);
  });
});
