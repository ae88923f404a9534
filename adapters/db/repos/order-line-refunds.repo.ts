// Refunds of one order line: the rows the back office writes and the line-refund job settles.
import type { Knex } from 'knex';
import type { OrderLineRefundRecord, OrderLineRefundRepository } from '../../../core/marketplace/order-line-refund';

const COLUMNS = ['id', 'order_id', 'order_item_id', 'payment_id', 'product_id', 'quantity', 'amount', 'stock_returned', 'reason', 'actor_email', 'status', 'failure_reason', 'refunded_at', 'created_at'];

export class KnexOrderLineRefundRepository implements OrderLineRefundRepository {
  constructor(private readonly db: Knex) {}

  async insert(row: Parameters<OrderLineRefundRepository['insert']>[0]) {
    const [created] = await this.db('order_line_refunds').insert(row).returning(COLUMNS);
    return created as OrderLineRefundRecord;
  }
  async findById(id: string) {
    return ((await this.db('order_line_refunds').select(COLUMNS).where({ id }).first()) as OrderLineRefundRecord | undefined) ?? null;
  }
  async listForOrder(orderId: string) {
    return (await this.db('order_line_refunds').select(COLUMNS).where({ order_id: orderId }).orderBy('created_at').orderBy('id')) as OrderLineRefundRecord[];
  }
  async listForPayment(paymentId: string) {
    return (await this.db('order_line_refunds').select(COLUMNS).where({ payment_id: paymentId }).orderBy('created_at').orderBy('id')) as OrderLineRefundRecord[];
  }
  async markDone(id: string, at: Date) {
    return (await this.db('order_line_refunds').where({ id, status: 'pending' }).update({ status: 'done', refunded_at: at, failure_reason: null, claimed_at: null })) > 0;
  }
  async setFailure(id: string, reason: string | null) {
    await this.db('order_line_refunds').where({ id }).update({ failure_reason: reason, claimed_at: null });
  }
  async claimPending(paymentId: string, now: Date, staleBefore: Date) {
    const rows = (await this.db('order_line_refunds')
      .select([...COLUMNS, 'claimed_at'])
      .where({ payment_id: paymentId, status: 'pending' })
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()) as Array<OrderLineRefundRecord & { claimed_at: Date | null }>;
    if (rows.some((r) => r.claimed_at && new Date(r.claimed_at) > staleBefore)) return null;
    if (rows.length) await this.db('order_line_refunds').whereIn('id', rows.map((r) => r.id)).update({ claimed_at: now });
    return rows.map(({ claimed_at: _claimed, ...r }) => r);
  }
}
