// The user's wallet (docs/product/group-purchase.md, docs/product/screens.md): credit from an expired group's entry kept as credit, referral bonuses, and
// what was spent. Read-only here: credits are written once by the flows that create them (ref-unique entries).
import type { UnitOfWork } from '../ports/unit-of-work';
import type { WalletScope } from './ports';

/** The wallet reads its own ledger only. */
type WalletServiceScope = WalletScope;

/** The newest entries the dashboard shows. */
export const WALLET_RECENT = 10;

export class WalletService {
  constructor(private readonly uow: UnitOfWork<WalletServiceScope>) {}

  /** GET /api/me/wallet: the balance (sum of every entry) and the newest entries, the caller's own only. */
  async summary(userId: string) {
    const [balance, entries] = await Promise.all([this.uow.repos.wallet.balance(userId), this.uow.repos.wallet.list(userId)]);
    return {
      balance,
      total: entries.length,
      items: entries.slice(0, WALLET_RECENT).map(({ id, amount, kind, description, created_at }) => ({ id, amount, kind, description, created_at })),
    };
  }
}
