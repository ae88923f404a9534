// Knex repository of payouts and of the receivables' payout moves (core/professionals/payout-ports.ts): every move is a
// conditional update on the row's current status, so two runners (two instances) can never pay a receivable twice.
import type { Knex } from 'knex';
import type { DuePayout, PayoutRecord, PayoutRepository } from '../../../core/professionals/payout-ports';
import type { PayoutStatus } from '../../../core/professionals/payout-rules';

const now = (db: Knex) => db.fn.now();

export class KnexPayoutRepository implements PayoutRepository {
  constructor(private readonly db: Knex) {}

  async create(p: Parameters<PayoutRepository['create']>[0]) {
    const [row] = await this.db('payouts').insert({ ...p, status: 'pending' }).returning('*');
    return row as PayoutRecord;
  }
  async findById(id: string) {
    return ((await this.db('payouts').where({ id }).first()) as PayoutRecord | undefined) ?? null;
  }
  async findWalletRefund(userId: string) {
    return ((await this.db('payouts').where({ user_id: userId }).first()) as PayoutRecord | undefined) ?? null;
  }
  async findByTransferId(providerTransferId: string) {
    return ((await this.db('payouts').where({ provider_transfer_id: providerTransferId }).first()) as PayoutRecord | undefined) ?? null;
  }
  async lock(id: string) {
    return ((await this.db('payouts').where({ id }).forUpdate().first()) as PayoutRecord | undefined) ?? null;
  }
  async update(id: string, patch: Partial<Omit<PayoutRecord, 'id' | 'professional_id' | 'influencer_id' | 'amount' | 'created_at'>>) {
    await this.db('payouts').where({ id }).update({ ...patch, updated_at: now(this.db) });
  }
  async moveIf(id: string, from: PayoutStatus[], to: PayoutStatus, patch: Partial<PayoutRecord> = {}) {
    return (await this.db('payouts').where({ id }).whereIn('status', from).update({ ...patch, status: to, updated_at: now(this.db) })) === 1;
  }
  async listForProfessional(professionalId: string, offset: number, limit: number) {
    return this.listFor({ professional_id: professionalId }, offset, limit);
  }
  async listForInfluencer(influencerId: string, offset: number, limit: number) {
    return this.listFor({ influencer_id: influencerId }, offset, limit);
  }
  private async listFor(owner: { professional_id: string } | { influencer_id: string }, offset: number, limit: number) {
    const [items, count] = await Promise.all([
      this.db('payouts').where(owner).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(offset).limit(limit),
      this.db('payouts').where(owner).count<{ count: string | number }[]>({ count: '*' }),
    ]);
    return { items: items as PayoutRecord[], total: Number(count[0]?.count ?? 0) };
  }

  async matureReceivables(at: Date) {
    return this.db('receivables').where({ status: 'pending' }).where('available_at', '<=', at).update({ status: 'available', updated_at: now(this.db) });
  }
  async duePayouts(minimum: number, at: Date) {
    const rows = await this.db('receivables as r')
      .join('professionals as p', 'p.id', 'r.professional_id')
      .where({ 'p.status': 'approved' })
      .where((q) => q.where('r.status', 'available').orWhere((w) => w.where('r.status', 'pending').where('r.available_at', '<=', at)))
      .groupBy('p.id', 'p.user_id', 'p.business_name', 'p.pix_key_type', 'p.pix_key')
      .havingRaw('sum(r.net) >= ? and sum(r.net) > 0', [minimum])
      .orderBy('p.business_name')
      .select('p.id as professional_id', 'p.user_id', 'p.business_name', 'p.pix_key_type', 'p.pix_key')
      .sum({ amount: 'r.net' })
      .count({ receivables: 'r.id' });
    return (rows as Array<Record<string, unknown>>).map((r) => ({ ...r, amount: Number(r.amount), receivables: Number(r.receivables) }) as DuePayout);
  }
  async lockAvailable(professionalId: string) {
    const rows = await this.db('receivables').where({ professional_id: professionalId, status: 'available' }).orderBy('available_at').forUpdate().select('id', 'net');
    return rows as Array<{ id: string; net: number }>;
  }
  async claimReceivables(ids: string[], payoutId: string) {
    if (!ids.length) return 0;
    return this.db('receivables').whereIn('id', ids).where({ status: 'available' }).update({ status: 'in_payout', payout_id: payoutId, updated_at: now(this.db) });
  }
  async settleReceivables(payoutId: string) {
    return this.db('receivables').where({ payout_id: payoutId, status: 'in_payout' }).update({ status: 'paid', updated_at: now(this.db) });
  }
  async releaseReceivables(payoutId: string) {
    return this.db('receivables').where({ payout_id: payoutId, status: 'in_payout' }).update({ status: 'available', payout_id: null, updated_at: now(this.db) });
  }
}
