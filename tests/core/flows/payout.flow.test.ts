// Payouts on the in-memory repositories: matured receivables paid once per professional in one PIX transfer of their
// net sum, the transfer's outcome applied once (done pays them, failed gives them back), commissions likewise.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { PayoutFlow } from '../../../core/flows/payout.flow';
import type { CreateTransferInput, PaymentGateway, ProviderTransfer } from '../../../core/ports/payments';
import type { ProfessionalRecord } from '../../../core/professionals';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { faked } from '../../fakes/memory/table';
import { seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const DAY = 86_400_000;
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let flow: PayoutFlow;
let transfers: CreateTransferInput[];
let answer: ProviderTransfer;

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  transfers = [];
  answer = { id: 'tr_1', status: 'pending' };
  const gateway = faked<PaymentGateway>('gateway', {
    name: 'sandbox',
    createTransfer: async (input) => {
      transfers.push(input);
      return answer;
    },
  });
  flow = new PayoutFlow(uow, gateway, clock, { minimum: 5_000, publicUrl: 'https://turma.test' });
});

function professional(name: string) {
  const user = seedUser(db, { role: 'professional' });
  const p = db.professionals.insert({ user_id: user.id, status: 'approved', approved: true, category: 'odontologia', business_name: name, full_name: name, pix_key_type: 'EMAIL', pix_key: `${user.id}@pix.com.br`, decided_at: T0, updated_at: T0 } as unknown as ProfessionalRecord);
  const receivable = (net: number, availableAt: Date) =>
    db.receivables.insert({ professional_id: p.id, voucher_id: crypto.randomUUID(), plan_id: crypto.randomUUID(), member_first_name: 'Ana', gross: net, fee: 0, fee_percent: 0, net, status: 'pending', available_at: availableAt, payout_id: null });
  return { user, p, receivable };
}

describe('the payout run', () => {
  it('pays each professional due at least the minimum once, with their matured net sum', async () => {
    const a = professional('Clínica A');
    const r1 = a.receivable(3_000, new Date(T0.getTime() - DAY));
    const r2 = a.receivable(2_500, T0);
    const notYet = a.receivable(9_000, new Date(T0.getTime() + DAY));
    const b = professional('Clínica B');
    b.receivable(4_999, T0);

    const result = await flow.run();
    expect(result).toMatchObject({ payouts: 1, amount: 5_500 });
    const payout = db.payouts.only();
    expect(payout).toMatchObject({ professional_id: a.p.id, amount: 5_500, status: 'pending', pix_key: `${a.user.id}@pix.com.br` });
    expect([r1, r2].map((r) => db.receivables.get(r.id))).toEqual([expect.objectContaining({ status: 'in_payout', payout_id: payout.id }), expect.objectContaining({ status: 'in_payout', payout_id: payout.id })]);
    expect(db.receivables.get(notYet.id)?.status).toBe('pending');
    expect(uow.jobsNamed('payouts.transfer')).toEqual([{ payout_id: payout.id }]);
    // Nothing left due: a second run (another instance) pays nobody.
    expect(await flow.run()).toMatchObject({ payouts: 0, amount: 0 });
  });

  it('sends the PIX once; done pays the receivables once, and the professional is told', async () => {
    const a = professional('Clínica A');
    a.receivable(6_000, T0);
    await flow.run();
    const payout = db.payouts.only();
    expect(await flow.sendTransfer(payout.id)).toBe('sent');
    expect(transfers).toEqual([expect.objectContaining({ value: 6_000, pixKeyType: 'EMAIL', externalReference: payout.id })]);
    expect(await flow.sendTransfer(payout.id)).toBe('skipped');
    expect(transfers).toHaveLength(1);

    expect(await flow.settle(payout.id, { id: 'tr_1', status: 'done', receiptUrl: 'https://banco.test/r/1' })).toBe('paid');
    expect(db.payouts.get(payout.id)).toMatchObject({ status: 'done', paid_at: T0, provider_transfer_id: 'tr_1', receipt_url: 'https://banco.test/r/1' });
    expect(db.receivables.all().map((r) => r.status)).toEqual(['paid']);
    expect(db.notifications.all().map((n) => n.user_id)).toEqual([a.user.id]);
    expect(await flow.settle(payout.id, { id: 'tr_1', status: 'done' })).toBe('already_applied');
    expect(db.notifications.size).toBe(1);
  });

  it('a failed transfer gives the receivables back for the next run, with the reason', async () => {
    const a = professional('Clínica A');
    a.receivable(6_000, T0);
    await flow.run();
    const payout = db.payouts.only();
    expect(await flow.settle(payout.id, { id: 'tr_1', status: 'failed', failReason: 'Chave PIX não encontrada' })).toBe('failed');
    expect(db.payouts.get(payout.id)).toMatchObject({ status: 'failed', failure_reason: 'Chave PIX não encontrada' });
    expect(db.receivables.all()).toEqual([expect.objectContaining({ status: 'available', payout_id: null })]);
    expect(await flow.run()).toMatchObject({ payouts: 1, amount: 6_000 });
  });

  it('an influencer is paid their available commissions minus a claw-back still owed', async () => {
    const user = seedUser(db, { role: 'influencer' });
    const inf = db.influencers.insert({ user_id: user.id, status: 'approved', code: 'ANA', code_changes: 0, commission_rate_bp: 1000, instagram: 'ana', tiktok: null, youtube: null, audience_size: 1, niche: 'x', pix_key_type: 'EMAIL', pix_key: 'ana@pix.com.br', rejection_reason: null, suspension_reason: null, approved_at: T0 });
    const commission = (amount: number, over: object = {}) =>
      db.commissions.insert({ influencer_id: inf.id, referred_user_id: seedUser(db).id, source_type: 'order', source_id: crypto.randomUUID(), base_fee: amount * 10, rate_bp: 1000, amount, status: 'available', available_at: T0, payout_id: null, reversed_at: null, clawback_at: null, clawback_payout_id: null, updated_at: T0, ...over });
    commission(4_000);
    commission(3_000);
    const owed = commission(1_500, { status: 'paid', clawback_at: T0 });

    expect(await flow.run()).toMatchObject({ payouts: 1, amount: 5_500 });
    const payout = db.payouts.only();
    expect(payout).toMatchObject({ influencer_id: inf.id, amount: 5_500 });
    expect(db.commissions.get(owed.id)?.clawback_payout_id).toBe(payout.id);
    expect(await flow.settle(payout.id, { id: 'tr_9', status: 'done' })).toBe('paid');
    expect(db.commissions.all((c) => c.payout_id === payout.id).map((c) => c.status)).toEqual(['paid', 'paid']);
  });
});
