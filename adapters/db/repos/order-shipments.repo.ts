// The marketplace's parcels (core/marketplace/order-parcel.ts): one shipment per order and the carrier's steps, each
// step inserted once (`on conflict do nothing` on the unique order_id + status).
import type { Knex } from 'knex';
import type { OrderShipmentRecord, OrderShipmentRepository, ParcelEventRecord } from '../../../core/marketplace/order-parcel';

export class KnexOrderShipmentRepository implements OrderShipmentRepository {
  constructor(private readonly db: Knex) {}

  async create(row: Omit<OrderShipmentRecord, 'created_at' | 'updated_at' | 'quiet_polls'>) {
    const rows = await this.db('order_shipments').insert(row).onConflict('order_id').ignore().returning('order_id');
    return rows.length > 0;
  }

  async find(orderId: string) {
    return ((await this.db('order_shipments').where({ order_id: orderId }).first()) as OrderShipmentRecord | undefined) ?? null;
  }

  async lock(orderId: string) {
    return ((await this.db('order_shipments').where({ order_id: orderId }).forUpdate().first()) as OrderShipmentRecord | undefined) ?? null;
  }

  async findByReference(ref: { provider_order_id: string | null; tracking_code: string | null }) {
    if (ref.provider_order_id) {
      const byOrder = (await this.db('order_shipments').where({ provider_order_id: ref.provider_order_id }).first()) as OrderShipmentRecord | undefined;
      if (byOrder) return byOrder;
    }
    if (!ref.tracking_code) return null;
    return ((await this.db('order_shipments').where({ tracking_code: ref.tracking_code }).orderBy('created_at', 'desc').first()) as OrderShipmentRecord | undefined) ?? null;
  }

  async update(orderId: string, patch: Partial<Pick<OrderShipmentRecord, 'status' | 'quiet_polls' | 'next_poll_at' | 'tracking_code'>>) {
    await this.db('order_shipments').where({ order_id: orderId }).update({ ...patch, updated_at: this.db.fn.now() });
  }

  async addEvent(event: Omit<ParcelEventRecord, 'id' | 'created_at'>) {
    const rows = await this.db('order_parcel_events').insert(event).onConflict(['order_id', 'status']).ignore().returning('id');
    return rows.length > 0;
  }

  async events(orderId: string) {
    return (await this.db('order_parcel_events').where({ order_id: orderId }).orderBy('occurred_at')) as ParcelEventRecord[];
  }

  async dueForPolling(now: Date, limit: number) {
    return (await this.db('order_shipments').whereNotNull('next_poll_at').andWhere('next_poll_at', '<=', now).orderBy('next_poll_at').limit(limit)) as OrderShipmentRecord[];
  }
}
