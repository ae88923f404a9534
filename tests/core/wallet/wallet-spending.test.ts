// Spending wallet credit on a payment and giving it back, on the in-memory ledger: credit first, the provider keeps its
// minimum, a spend happens once per payment and a give-back returns exactly what was spent, once.
import { beforeEach, describe, expect, it } from 'vitest';
import { giveBackCredit, spendCredit, walletReturnRef, walletSpendRef } from '../../../core/wallet';
import { MemoryDb } from '../../fakes/memory/db';
import { walletFake } from '../../fakes/memory/wallet';

let db: MemoryDb;
let wallet: ReturnType<typeof walletFake>['wallet'];
const U = 'user-1';
const credit = (amount: number, ref: string) => wallet.add({ user_id: U, amount, kind: 'entry_credit', description: 'crédito', ref });
const spend = (paymentId: string, total: number) => spendCredit(wallet, { userId: U, paymentId, total, providerMinimum: 500, description: 'Crédito usado' });

beforeEach(() => {
  db = new MemoryDb();
  wallet = walletFake(db).wallet;
});

describe('wallet spending', () => {
  it('pays the whole total when the credit covers it', async () => {
    await credit(10_000, 'c1');
    expect(await spend('p1', 9_000)).toEqual({ credit: 9_000, charge: 0 });
    expect(await wallet.balance(U)).toBe(1_000);
    expect(await wallet.findByRef(walletSpendRef('p1'))).toMatchObject({ amount: -9_000, kind: 'spend' });
  });

  it('leaves the provider at least its minimum on a partial payment', async () => {
    await credit(8_800, 'c1');
    // 90,00 with 88,00 of credit: the provider must charge at least 5,00, so 85,00 comes from the wallet.
    expect(await spend('p1', 9_000)).toEqual({ credit: 8_500, charge: 500 });
    expect(await wallet.balance(U)).toBe(300);
  });

  it('spends nothing without credit, and never twice for one payment', async () => {
    expect(await spend('p0', 9_000)).toEqual({ credit: 0, charge: 9_000 });
    expect(db.wallet.size).toBe(0);
    await credit(5_000, 'c1');
    await spend('p1', 2_000);
    await expect(spend('p1', 2_000)).rejects.toThrow('crédito da carteira já usado pelo pagamento p1');
    expect(await wallet.balance(U)).toBe(3_000);
  });

  it('gives back exactly what the payment spent, once; nothing for a payment that spent nothing', async () => {
    await credit(5_000, 'c1');
    await spend('p1', 2_000);
    expect(await giveBackCredit(wallet, 'p1', 'pagamento cancelado')).toBe(true);
    expect(await giveBackCredit(wallet, 'p1', 'pagamento cancelado')).toBe(false);
    expect(await wallet.findByRef(walletReturnRef('p1'))).toMatchObject({ amount: 2_000, kind: 'spend' });
    expect(await wallet.balance(U)).toBe(5_000);
    expect(await giveBackCredit(wallet, 'p-none', 'x')).toBe(false);
  });
});
