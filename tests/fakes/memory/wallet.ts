// The wallet ledger in memory: one entry per ref (credits apply once), the balance the sum of the user's entries.
import type { WalletRepository, WalletScope } from '../../../core/wallet/ports';
import type { MemoryDb } from './db';
import { newestFirst } from './table';

export function walletFake(db: MemoryDb): WalletScope {
  const wallet: WalletRepository = {
    add: async (entry) => {
      if (entry.ref !== null && db.wallet.first((e) => e.ref === entry.ref)) return false;
      db.wallet.insert(entry);
      return true;
    },
    balance: async (userId) => db.wallet.all((e) => e.user_id === userId).reduce((sum, e) => sum + e.amount, 0),
    list: async (userId) => newestFirst(db.wallet.all((e) => e.user_id === userId)),
    findByRef: async (ref) => db.wallet.first((e) => e.ref === ref),
    // One test runs one transaction at a time: the lock's serialisation is the PostgreSQL tests' to show.
    lockUser: async () => undefined,
  };
  return { wallet };
}
