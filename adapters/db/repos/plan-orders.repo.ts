// Product plans shipped as orders (core/marketplace/plan-order.ts): the order and its one plan line, inserted once per
// voucher — `on conflict do nothing` on the unique index of marketplace_orders.voucher_id, so of two concurrent
// confirmations one inserts and the other (waiting for it to commit) finds the row and answers it.
import type { Knex } from 'knex';
import type { OrderRecord } from '../../../core/marketplace/ports';
import type { PlanOrderDraft, PlanOrderLine, PlanOrderRepository } from '../../../core/marketplace/plan-order';

export class KnexPlanOrderRepository implements PlanOrderRepository {
  constructor(private readonly db: Knex) {}

  async findByVoucher(voucherId: string) {
    return ((await this.db('marketplace_orders').select('*').where({ voucher_id: voucherId }).first()) as OrderRecord | undefined) ?? null;
  }

  async createIfAbsent(draft: PlanOrderDraft) {
    const { rows } = (await this.db.raw(
      `insert into marketplace_orders (user_id, status, source, voucher_id, subtotal, total_amount, shipping_amount, items_count, address, expires_at, paid_at)
       values (?, 'paid', 'plan', ?, ?, ?, 0, 1, ?::jsonb, ?, ?)
       on conflict (voucher_id) where voucher_id is not null do nothing
       returning *`,
      [draft.order.user_id, draft.order.voucher_id, draft.order.subtotal, draft.order.total_amount, JSON.stringify(draft.order.address), draft.order.expires_at, draft.order.paid_at],
    )) as { rows: OrderRecord[] };
    const inserted = rows[0];
    if (!inserted) {
      const existing = await this.findByVoucher(draft.order.voucher_id);
      if (!existing) throw new Error('pedido do plano não encontrado após conflito');
      return { order: existing, created: false };
    }
    const i = draft.item;
    await this.db('order_items').insert({ order_id: inserted.id, plan_id: i.plan_id, product_id: null, product_name: i.product_name, image_url: i.image_url, unit_price: i.unit_price, quantity: i.quantity, subtotal: i.subtotal });
    return { order: inserted, created: true };
  }

  async lines(orderId: string) {
    return (await this.db('order_items')
      .select('id', 'plan_id', 'product_name', 'image_url', 'unit_price', 'quantity', 'subtotal')
      .where({ order_id: orderId })
      .whereNotNull('plan_id')
      .orderBy('id')) as Array<PlanOrderLine & { id: string }>;
  }
}
