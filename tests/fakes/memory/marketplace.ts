// The marketplace's orders (items and timeline) and the products' stock in memory; carts and the back office are not
// faked yet.
import type { CartRepository, MarketplaceScope, OrderRepository, PlanOrderRepository, ProductAdminRepository, ProductRepository } from '../../../core/marketplace/ports';
import type { OrderLineRefundRepository } from '../../../core/marketplace/order-line-refund';
import type { ProductUploadRepository } from '../../../core/marketplace/product-uploads';
import type { OrderShipmentRepository } from '../../../core/marketplace/order-parcel';
import type { MemoryDb } from './db';
import { faked, newestFirst } from './table';

export function marketplaceFake(db: MemoryDb): MarketplaceScope {
  const products = faked<ProductRepository>('marketplace.products', {
    findById: async (id) => {
      const p = db.products.get(id);
      return p ? { ...p, category: null } : null;
    },
    setStock: async (id, stock) => db.products.patch(id, { stock_quantity: stock }),
    reserveStock: async (id, q, price) =>
      db.products.patchIf(id, (p) => p.active && p.price === price && (p.stock_quantity === null || p.stock_quantity >= q), { stock_quantity: stockAfter(db.products.get(id)?.stock_quantity ?? null, -q) }),
    returnStock: async (id, q) => void db.products.patchIf(id, (p) => p.stock_quantity !== null, { stock_quantity: stockAfter(db.products.get(id)?.stock_quantity ?? null, q) }),
  });
  const orders = faked<OrderRepository>('marketplace.orders', {
    create: async (o) =>
      db.orders.insert({
        shipping_amount: 0,
        shipping_option_id: null,
        shipping_option_name: null,
        shipping_days: null,
        ...o,
        status: 'pending',
        payment_id: null,
        tracking_code: null,
        cancel_reason: null,
        paid_at: null,
        preparing_at: null,
        shipped_at: null,
        delivered_at: null,
        cancelled_at: null,
        refunded_at: null,
        return_status: null,
        return_reason: null,
        return_requested_at: null,
        return_decided_at: null,
        return_reject_reason: null,
        source: 'cart',
        voucher_id: null,
        updated_at: db.now(),
      }),
    addItems: async (orderId, items) => items.forEach((i) => db.orderItems.insert({ ...i, order_id: orderId })),
    findById: async (id) => db.orders.get(id),
    lock: async (id) => db.orders.get(id),
    items: async (orderId) => db.orderItems.all((i) => i.order_id === orderId),
    history: async (orderId) => db.orderHistory.all((h) => h.order_id === orderId),
    moveIf: async (id, from, to, patch = {}) => db.orders.patchIf(id, (o) => from.includes(o.status), { ...patch, status: to, updated_at: db.now() }),
    updateReturnIf: async (id, from, patch) => db.orders.patchIf(id, (o) => o.return_status === from, patch),
    recordStatus: async (change) => void db.orderHistory.insert(change),
    listForUser: async (userId, offset, limit) => {
      const all = newestFirst(db.orders.all((o) => o.user_id === userId));
      return { items: all.slice(offset, offset + limit), total: all.length };
    },
  });
  return {
    marketplace: {
      products,
      orders,
      cart: faked<CartRepository>('marketplace.cart', {}),
      admin: faked<ProductAdminRepository>('marketplace.admin', {}),
      lineRefunds: faked<OrderLineRefundRepository>('marketplace.lineRefunds', {}),
      uploads: faked<ProductUploadRepository>('marketplace.uploads', {}),
      planOrders: faked<PlanOrderRepository>('marketplace.planOrders', {
        findByVoucher: async (voucherId) => db.orders.first((o) => o.voucher_id === voucherId),
      }),
      // Keyed by order_id; one step per order and status, like the unique index.
      shipments: faked<OrderShipmentRepository>('marketplace.shipments', {
        create: async (row) => (db.shipments.get(row.order_id) ? false : (db.shipments.insert({ ...row, id: row.order_id, quiet_polls: 0, updated_at: db.now() }), true)),
        find: async (orderId) => db.shipments.get(orderId),
        lock: async (orderId) => db.shipments.get(orderId),
        findByReference: async (ref) =>
          (ref.provider_order_id ? db.shipments.first((s) => s.provider_order_id === ref.provider_order_id) : null) ?? (ref.tracking_code ? db.shipments.first((s) => s.tracking_code === ref.tracking_code) : null),
        update: async (orderId, patch) => void db.shipments.patch(orderId, patch),
        addEvent: async (event) => (db.parcelEvents.first((e) => e.order_id === event.order_id && e.status === event.status) ? false : (db.parcelEvents.insert(event), true)),
        events: async (orderId) => db.parcelEvents.all((e) => e.order_id === orderId),
        dueForPolling: async (now, limit) => db.shipments.all((s) => s.next_poll_at !== null && s.next_poll_at <= now).slice(0, limit),
      }),
    },
  };
}

const stockAfter = (stock: number | null, delta: number) => (stock === null ? null : stock + delta);
