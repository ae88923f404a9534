// Goods invoices' table (core/goods-invoices): one NF-e per order (`on conflict (order_id) do nothing`, so two issue
// jobs of one order share the row), conditional status moves, and the facts of an order its NF-e is built from.
import type { Knex } from 'knex';
import type { GoodsInvoiceStatus, InvoiceableLine } from '../../../core/goods-invoices/goods-invoice-rules';
import type { GoodsInvoiceFacts, GoodsInvoicePatch, GoodsInvoiceRecord, GoodsInvoiceRepository, NewGoodsInvoice } from '../../../core/goods-invoices/ports';
import type { OrderAddress } from '../../../core/marketplace/order-rules';

const TABLE = 'goods_invoices';

export class KnexGoodsInvoiceRepository implements GoodsInvoiceRepository {
  constructor(private readonly db: Knex) {}

  async findByOrder(orderId: string) {
    return ((await this.db(TABLE).where({ order_id: orderId }).first()) as GoodsInvoiceRecord | undefined) ?? null;
  }

  async findById(id: string) {
    return ((await this.db(TABLE).where({ id }).first()) as GoodsInvoiceRecord | undefined) ?? null;
  }

  async findByAccessKey(key: string) {
    return ((await this.db(TABLE).where({ access_key: key }).first()) as GoodsInvoiceRecord | undefined) ?? null;
  }

  async lock(id: string) {
    return ((await this.db(TABLE).where({ id }).forUpdate().first()) as GoodsInvoiceRecord | undefined) ?? null;
  }

  async createIfAbsent(invoice: NewGoodsInvoice) {
    const [row] = (await this.db(TABLE).insert(invoice).onConflict('order_id').ignore().returning('*')) as GoodsInvoiceRecord[];
    if (row) return { invoice: row, created: true };
    const existing = await this.findByOrder(invoice.order_id);
    if (!existing) throw new Error('nota fiscal do pedido não encontrada após conflito');
    return { invoice: existing, created: false };
  }

  async moveIf(id: string, from: readonly GoodsInvoiceStatus[], to: GoodsInvoiceStatus, patch: GoodsInvoicePatch = {}) {
    return (await this.db(TABLE).where({ id }).whereIn('status', from).update({ ...patch, status: to, updated_at: this.db.fn.now() })) === 1;
  }

  async update(id: string, patch: GoodsInvoicePatch) {
    await this.db(TABLE).where({ id }).update({ ...patch, updated_at: this.db.fn.now() });
  }

  async facts(orderId: string): Promise<GoodsInvoiceFacts | null> {
    const order = (await this.db('marketplace_orders as o')
      .leftJoin('profiles as p', 'p.user_id', 'o.user_id')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .where('o.id', orderId)
      .first('o.id', 'o.source', 'o.status', 'o.paid_at', 'o.shipping_amount', 'o.address', 'p.full_name', 'p.cpf', 'u.email')) as
      | { id: string; source: string | null; status: string; paid_at: Date | null; shipping_amount: number; address: OrderAddress | string; full_name: string | null; cpf: string | null; email: string | null }
      | undefined;
    if (!order) return null;
    const lines = (await this.db('order_items as i')
      .leftJoin('products as pd', 'pd.id', 'i.product_id')
      .where('i.order_id', orderId)
      .orderBy('i.id')
      .select('i.product_id', 'i.product_name', 'i.quantity', 'i.unit_price', 'i.subtotal', 'pd.fiscal_kind', 'pd.ncm')) as InvoiceableLine[];
    return {
      order_id: order.id,
      source: order.source ?? 'cart',
      status: order.status,
      paid_at: order.paid_at,
      shipping_amount: Number(order.shipping_amount),
      address: typeof order.address === 'string' ? (JSON.parse(order.address) as OrderAddress) : order.address,
      lines: lines.map((l) => ({ ...l, quantity: Number(l.quantity), unit_price: Number(l.unit_price), subtotal: Number(l.subtotal) })),
      customer: { name: order.full_name ?? '', cpf: order.cpf, email: order.email },
    };
  }

  async listOpen(limit: number) {
    return (await this.db(TABLE).whereIn('status', ['error', 'return_required']).orWhere((q) => q.where('status', 'pending').whereNotNull('error_message')).orderBy('updated_at', 'desc').limit(limit)) as GoodsInvoiceRecord[];
  }
}
