// The wallet module's table: the credit ledger (entries with unique refs, so a credit or debit applies once).
import type { Knex } from 'knex';
import type { WalletEntryRecord, WalletRepository } from '../../../core/wallet/ports';

export class KnexWalletRepository implements WalletRepository {
  constructor(private readonly db: Knex) {}

  async add(entry: Omit<WalletEntryRecord, 'id' | 'created_at'>) {
    const rows = (await this.db('wallet_entries').insert(entry).onConflict('ref').ignore().returning('id')) as Array<{ id: string }>;
    return rows.length === 1;
  }
  async balance(userId: string) {
    const row = (await this.db('wallet_entries').where({ user_id: userId }).sum<{ total: number | null }[]>('amount as total').first()) as { total: number | string | null } | undefined;
    return Number(row?.total ?? 0);
  }
  async list(userId: string) {
    return (await this.db('wallet_entries').where({ user_id: userId }).orderBy('created_at', 'desc')) as WalletEntryRecord[];
  }
  async findByRef(ref: string) {
    return ((await this.db('wallet_entries').where({ ref }).first()) as WalletEntryRecord | undefined) ?? null;
  }
  async lockUser(userId: string) {
    // A transaction-scoped advisory lock per user (released at commit or rollback): no row to create first.
    await this.db.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`wallet:${userId}`]);
  }
}
