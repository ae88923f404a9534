// The refund job on the in-memory repositories with a scripted provider: the provider refunds only what it has not
// refunded yet, the payment moves to refunded once with the wallet credit it spent back, and a boleto waits for the
// member's choice (then PIX transfer or wallet credit, once).
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { PaymentService } from '../../../core/payments';
import type { CreateTransferInput, PaymentGateway, ProviderCharge } from '../../../core/ports/payments';
import { balancePaymentFlow } from '../../../core/flows/balance-payment.flow';
import { entryPaymentFlow } from '../../../core/flows/entry-payment.flow';
import { orderPaymentFlow } from '../../../core/flows/order-payment.flow';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork, type MemoryScopes } from '../../fakes/memory/unit-of-work';
import { faked } from '../../fakes/memory/table';
import { seedPayment, seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const clock = new FixedClock(T0);
let db: MemoryDb;
let uow: MemoryUnitOfWork;
let payments: PaymentService<MemoryScopes>;
let providerRefunded: number;
let refunds: Array<{ id: string; amount: number | undefined }>;
let transfers: CreateTransferInput[];

beforeEach(() => {
  clock.set(T0);
  db = new MemoryDb(() => clock.now());
  uow = new MemoryUnitOfWork(db);
  providerRefunded = 0;
  refunds = [];
  transfers = [];
  const charge = (id: string): ProviderCharge => ({ providerId: id, status: 'confirmed', amount: 0, externalReference: null, method: 'PIX', invoiceUrl: null, boletoUrl: null, refundedAmount: providerRefunded });
  const gateway = faked<PaymentGateway>('gateway', {
    name: 'sandbox',
    getCharge: async (id) => charge(id),
    refund: async (id, amount) => {
      refunds.push({ id, amount });
      return charge(id);
    },
    createTransfer: async (input) => {
      transfers.push(input);
      return { id: 'tr_1', status: 'pending' };
    },
  });
  const purposes = { entry: entryPaymentFlow(clock), balance: balancePaymentFlow(clock), order: orderPaymentFlow(clock) };
  payments = new PaymentService<MemoryScopes>(uow, gateway, clock, purposes, async () => undefined);
});

describe('the refund job', () => {
  it('refunds the provider part once and gives the wallet part back; a second run skips', async () => {
    const user = seedUser(db);
    const p = seedPayment(db, { user_id: user.id, purpose: 'order', ref_id: crypto.randomUUID(), amount: 10_000, wallet_amount: 3_000, status: 'refund_pending', provider_payment_id: 'pay_9' });
    db.wallet.insert({ user_id: user.id, amount: -3_000, kind: 'spend', description: 'Crédito usado', ref: `payment:${p.id}:spend` });
    expect(await payments.refundOne(p.id)).toBe('refunded');
    expect(refunds).toEqual([{ id: 'pay_9', amount: 7_000 }]);
    expect(db.payments.get(p.id)).toMatchObject({ status: 'refunded', refunded_amount: 10_000, refunded_at: T0 });
    expect(db.wallet.all((e) => e.user_id === user.id).reduce((s, e) => s + e.amount, 0)).toBe(0);
    expect(await payments.refundOne(p.id)).toBe('skipped');
    expect(refunds).toHaveLength(1);
  });

  it('what the provider already refunded (a crash before we recorded it) is not refunded again', async () => {
    const user = seedUser(db);
    const p = seedPayment(db, { user_id: user.id, purpose: 'order', ref_id: crypto.randomUUID(), amount: 5_000, status: 'refund_pending', provider_payment_id: 'pay_7' });
    providerRefunded = 5_000;
    expect(await payments.refundOne(p.id)).toBe('refunded');
    expect(refunds).toEqual([]);
    expect(db.payments.get(p.id)?.status).toBe('refunded');
  });

  it('a boleto waits for the member\'s choice; to the wallet it becomes credit once, with no provider call', async () => {
    const user = seedUser(db);
    const p = seedPayment(db, { user_id: user.id, purpose: 'order', ref_id: crypto.randomUUID(), amount: 8_000, method: 'BOLETO', status: 'refund_pending', provider_payment_id: 'pay_b' });
    expect(await payments.refundOne(p.id)).toBe('skipped');
    expect(db.payments.get(p.id)).toMatchObject({ status: 'refund_pending', refund_requested_at: null });
    db.payments.patch(p.id, { refund_destination: 'wallet' });
    expect(await payments.refundOne(p.id)).toBe('refunded');
    expect(db.wallet.all((e) => e.user_id === user.id).map((e) => e.amount)).toEqual([8_000]);
    expect([refunds, transfers]).toEqual([[], []]);
  });

  it('a boleto refunded by PIX is sent as one transfer to the chosen key', async () => {
    const user = seedUser(db);
    const p = seedPayment(db, { user_id: user.id, purpose: 'order', ref_id: crypto.randomUUID(), amount: 8_000, method: 'BOLETO', status: 'refund_pending', provider_payment_id: 'pay_b', refund_destination: 'pix', refund_pix_key_type: 'EMAIL', refund_pix_key: 'ana@exemplo.com.br' });
    expect(await payments.refundOne(p.id)).toBe('refunded');
    expect(transfers).toEqual([expect.objectContaining({ value: 8_000, pixKey: 'ana@exemplo.com.br', pixKeyType: 'EMAIL', externalReference: p.id })]);
    expect(db.payments.get(p.id)).toMatchObject({ status: 'refunded', refund_transfer_id: 'tr_1' });
    expect(db.wallet.size).toBe(0);
  });
});
