// The wallet's persistence port: an idempotent ledger per user.

export interface WalletEntryRecord {
  id: string;
  user_id: string;
  amount: number;
  kind: 'entry_credit' | 'referral_bonus' | 'spend' | 'adjustment';
  description: string;
  ref: string | null;
  created_at: Date;
}

export interface WalletRepository {
  /** False when an entry with the same ref exists already (credits are applied once). */
  add(entry: Omit<WalletEntryRecord, 'id' | 'created_at'>): Promise<boolean>;
  balance(userId: string): Promise<number>;
  list(userId: string): Promise<WalletEntryRecord[]>;
  /** The entry written under `ref`, if any. */
  findByRef(ref: string): Promise<WalletEntryRecord | null>;
  /**
   * Inside a transaction: serialises every spend of this user's credit until the commit (a per-user lock), so two
   * concurrent spends read the balance one after the other and the balance never goes negative.
   */
  lockUser(userId: string): Promise<void>;
}

/** The wallet ledger, as a unit of work scope (core/ports/unit-of-work.ts). */
export type WalletScope = { wallet: WalletRepository };
