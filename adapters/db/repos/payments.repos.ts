// The payments module's tables: payments (conditional status moves, the one live charge per purpose) and the
// provider's events (stored once by their id).
import type { Knex } from 'knex';
import type { LocalPaymentStatus, PaymentEventRecord, PaymentEventRepository, PaymentPurpose, PaymentRecord, PaymentRepository } from '../../../core/payments/ports';

const now = (db: Knex) => db.fn.now();

export class KnexPaymentRepository implements PaymentRepository {
  constructor(private readonly db: Knex) {}

  async createIfNoneLive(payment: Pick<PaymentRecord, 'user_id' | 'purpose' | 'ref_id' | 'amount' | 'method' | 'installments' | 'provider'>) {
    // The partial unique index payments_one_pending_per_ref is the arbiter: a concurrent insert loses here, not later.
    const rows = (await this.db('payments')
      .insert(payment)
      .onConflict(this.db.raw(`(purpose, ref_id) where status = 'pending'`))
      .ignore()
      .returning('*')) as PaymentRecord[];
    return rows[0] ?? null;
  }
  async findById(id: string) {
    return ((await this.db('payments').where({ id }).first()) as PaymentRecord | undefined) ?? null;
  }
  async lock(id: string) {
    return ((await this.db('payments').where({ id }).forUpdate().first()) as PaymentRecord | undefined) ?? null;
  }
  async findByProviderId(providerPaymentId: string) {
    return ((await this.db('payments').where({ provider_payment_id: providerPaymentId }).first()) as PaymentRecord | undefined) ?? null;
  }
  async findByRefundTransferId(providerTransferId: string) {
    return ((await this.db('payments').where({ refund_transfer_id: providerTransferId }).first()) as PaymentRecord | undefined) ?? null;
  }
  async findPendingFor(purpose: PaymentPurpose, refId: string) {
    return ((await this.db('payments').where({ purpose, ref_id: refId, status: 'pending' }).orderBy('created_at', 'desc').first()) as PaymentRecord | undefined) ?? null;
  }
  async findConfirmedFor(purpose: PaymentPurpose, refId: string) {
    return ((await this.db('payments').where({ purpose, ref_id: refId }).whereIn('status', ['confirmed', 'refund_pending', 'refunded']).orderBy('created_at').first()) as PaymentRecord | undefined) ?? null;
  }
  async update(id: string, patch: Partial<PaymentRecord>) {
    await this.db('payments').where({ id }).update({ ...patch, updated_at: now(this.db) });
  }
  async moveIf(id: string, from: LocalPaymentStatus[], to: LocalPaymentStatus, patch: Partial<PaymentRecord> = {}) {
    return (await this.db('payments').where({ id }).whereIn('status', from).update({ ...patch, status: to, updated_at: now(this.db) })) === 1;
  }
  async listByStatus(status: LocalPaymentStatus, filter: { since?: Date; limit: number; withProvider?: boolean }) {
    const q = this.db('payments').where({ status });
    if (filter.since) q.where('created_at', '>=', filter.since);
    if (filter.withProvider) q.whereNotNull('provider_payment_id');
    return (await q.orderBy('created_at').limit(filter.limit)) as PaymentRecord[];
  }
  async listForUser(userId: string, offset: number, limit: number) {
    const q = this.db('payments').where({ user_id: userId });
    const [{ count }] = (await q.clone().count<{ count: number }[]>('* as count')) as [{ count: number }];
    const items = (await q.orderBy('created_at', 'desc').offset(offset).limit(limit)) as PaymentRecord[];
    return { items, total: Number(count) };
  }
}

export class KnexPaymentEventRepository implements PaymentEventRepository {
  constructor(private readonly db: Knex) {}

  async insertIfNew(event: { provider: string; event_id: string; type: string; provider_payment_id: string | null; payload: unknown }) {
    const rows = (await this.db('payment_events')
      .insert({ ...event, payload: JSON.stringify(event.payload) })
      .onConflict(['provider', 'event_id'])
      .ignore()
      .returning('id')) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }
  async markProcessed(id: string, at: Date, outcome: string, error: string | null = null) {
    await this.db('payment_events').where({ id }).update({ processed_at: at, outcome, error });
  }
  async listUnprocessed(limit: number) {
    return (await this.db('payment_events').whereNull('processed_at').orderBy('received_at').limit(limit)) as PaymentEventRecord[];
  }
}
