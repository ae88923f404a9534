// Marketplace orders (docs/product/marketplace.md): created from the server cart with stock reserved in the same transaction,
// read by their owner only, expired when unpaid (stock back exactly once), moved along the status flow by operators.
import { isId } from '../shared/ids';
import type { Clock } from '../shared/clock';
import { DomainError, conflict, invalid } from '../shared/errors';
import { toOffset, type Pagination } from '../shared/pagination';
import type { RequestMeta } from '../identity';
import { auditMeta } from '../identity';
import type { CatalogChanges } from '../ports/catalog-changes';
import { ORDER_ADMIN_SORTS, type OrderAdminSort, type OrderItemRecord, type OrderRecord } from './ports';
import type { ListQuery } from '../shared/list-query';
import type { OrderAdminFilterInput } from './order-admin';
import { cancelPendingPayment, requestChargeCancel, requestRefund } from '../payments';
import { STATUS_TIMESTAMP, addressFromProfile, assertTransition, createOrderSchema, orderAddressSchema, orderExpiry, returnsStock, trackingCodeSchema, type CreateOrderInput, type OrderActor, type OrderAddress, type OrderStatus } from './order-rules';
import type { ShippingService } from '../shipping';
import { cartChangedDuringOrder, freightColumns, freightKey, quoteOrderFreight, type OrderFreight } from './order-shipping';
import { orderNotify, orderReturnEmail, orderStatusEmail } from './order-messages';
import { assertPlanOrderMove } from './plan-order';
import { orderCommands } from './order-commands';
import { stockAlreadyReturned } from './order-line-refund.service';
import { assertReturnPending } from './order-return';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { MarketplaceScope } from './ports';
import type { PaymentsScope } from '../payments/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import type { WalletScope } from '../wallet/ports';
import { fieldsOf, orderNotFound, orderView, outOfStock, productUnavailable, toAdminOrderSummary, toOrderSummary } from './order-views';
import { rejectOrderReturn, requestOrderReturn } from './order-return.service';
import { shipmentView } from './order-parcel';
import { toPerson } from '../messaging';

/**
 * The tables orders read and write; they reach payments (the order's charge), the wallet (credit it spent comes back),
 * identity (the buyer's e-mail) and notifications.
 */
type OrderScope = MarketplaceScope & PaymentsScope & WalletScope & IdentityScope & NotificationsScope & AuditScope;

/** docs/product/spec.md §9: the client checks at most the 5 newest pending orders with a payment. */
export const PENDING_PAYMENT_POLL_LIMIT = 5;

/**
 * What other modules do when an operator moves an order, in the same transaction (flows wired by the container):
 * a delivered order is a completed purchase (an influencer's commission), a refunded one undoes it. `H` names the
 * scopes the hooks touch: the order's transaction covers them too.
 */
export interface OrderStatusHooks<H extends object> {
  delivered?: (tx: Tx<H>, order: OrderRecord, now: Date) => Promise<unknown>;
  refunded?: (tx: Tx<H>, order: OrderRecord, now: Date) => Promise<unknown>;
  /** A plan order handed to shipping redeems its voucher (core/flows/plan-order.flow.ts). */
  shipped?: (tx: Tx<H>, order: OrderRecord, now: Date) => Promise<unknown>;
}

/** An operator's move (or the carrier's: `actor`, with the step's date as `at`). */
export interface OrderMoveOptions {
  trackingCode?: string | null;
  actorEmail: string;
  note?: string | null;
  itemReturned?: boolean;
  actor?: OrderActor;
  at?: Date;
}

export class OrderService<H extends object = object> {
  constructor(
    private readonly uow: UnitOfWork<OrderScope & H>,
    private readonly clock: Clock,
    private readonly catalog: CatalogChanges = { changed: () => {} },
    private readonly hooks: OrderStatusHooks<H> = {},
    /** Prices the freight; without it (tests of other modules) orders ship at 0. */
    private readonly shipping?: ShippingService,
  ) {}

  /**
   * POST /api/orders: the cart's products become a `pending` order in one transaction — stock reserved by a
   * conditional decrement per product (none reserved if any fails), prices and names snapshotted from the
   * catalogue, the total recomputed here, the ordered lines removed from the cart. Plan lines stay in the cart.
   */
  async create(actor: { id: string; email: string }, raw: CreateOrderInput | unknown, meta: RequestMeta) {
    const parsed = createOrderSchema.safeParse(raw ?? {});
    if (!parsed.success) throw invalid('invalid_input', 'Verifique os campos destacados.', fieldsOf(parsed.error.issues, ''));
    const address = await this.resolveAddress(actor.id, parsed.data);
    // The freight is re-quoted here for the delivery CEP; the client's option id only says which one.
    const freight = await this.quoteFreight(actor.id, address.cep, parsed.data.shipping_option_id);
    const now = this.clock.now();

    const { orderId, limitedStock } = await this.uow.run(async (tx) => {
      // Locks the caller's lines: a double submit waits here, then finds the cart empty.
      const lines = (await tx.marketplace.cart.listForUser(actor.id, { lock: true })).filter((l) => l.item_type === 'product');
      if (lines.length === 0) throw conflict('cart_empty', 'Seu carrinho não tem produtos.');
      // A product taken off the catalogue is named before any stock is touched (the reservation would refuse it anyway).
      const gone = lines.find((l) => !l.item || !l.item.active);
      if (gone) throw productUnavailable(gone.item?.name, gone.item_id);
      // Sold out as of the lines' read: refused before any write (the conditional decrement below is what decides,
      // this only spares a late buyer the work of a doomed order when a sale runs out).
      const short = lines.find((l) => l.item!.stock_quantity !== null && l.item!.stock_quantity < l.quantity);
      if (short) throw outOfStock(short.item!.name, short.item_id);
      // The snapshot is what the buyer saw in the cart; the reservation below refuses it if the price moved since.
      const items: Array<Omit<OrderItemRecord, 'id' | 'order_id'>> = lines.map((l) => ({
        product_id: l.item_id,
        product_name: l.item!.name,
        image_url: l.item!.image_url,
        unit_price: l.item!.price,
        quantity: l.quantity,
        subtotal: l.item!.price * l.quantity,
      }));
      const subtotal = items.reduce((s, i) => s + i.subtotal, 0);
      if (this.shipping && freight?.key !== freightKey(lines)) throw cartChangedDuringOrder();
      const shipping = freightColumns(freight);
      const order = await tx.marketplace.orders.create({
        user_id: actor.id,
        subtotal,
        total_amount: subtotal + shipping.shipping_amount,
        ...shipping,
        items_count: items.reduce((s, i) => s + i.quantity, 0),
        address,
        expires_at: orderExpiry(now),
      });
      await tx.marketplace.orders.addItems(order.id, items);
      await tx.marketplace.orders.recordStatus({ order_id: order.id, from_status: null, to_status: 'pending', actor: actor.email, note: null, created_at: now });
      await tx.marketplace.cart.delete(actor.id, lines.map((l) => ({ item_type: 'product', item_id: l.item_id })));
      await tx.audit.append({ action: 'order.created', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'order', entity_id: order.id, ...auditMeta(meta), metadata: { total: subtotal + shipping.shipping_amount, items: items.length, shipping: shipping.shipping_amount, shipping_option_id: shipping.shipping_option_id } });

      // Stock last: a product's row stays locked from its decrement to the commit, so the busiest rows are held for
      // the shortest time. Always the same order of rows, so two carts with the same products cannot deadlock.
      const byProduct = [...lines].sort((a, b) => (a.item_id < b.item_id ? -1 : a.item_id > b.item_id ? 1 : 0));
      let limited = false;
      for (const line of byProduct) {
        if (!(await tx.marketplace.products.reserveStock(line.item_id, line.quantity, line.item!.price))) {
          // Deactivated, repriced or not enough left since the lines were read: nothing of this order is kept.
          const current = await tx.marketplace.products.findById(line.item_id);
          if (!current || !current.active) throw productUnavailable(current?.name ?? line.item?.name, line.item_id);
          if (current.price !== line.item!.price) {
            throw new DomainError('conflict', 'price_changed', `O preço de ${current.name} mudou. Confira o carrinho e faça o pedido de novo.`, { details: { product_id: line.item_id, price: current.price } });
          }
          throw outOfStock(current.name, line.item_id);
        }
        if (line.item!.stock_quantity !== null) limited = true;
      }
      return { orderId: order.id, limitedStock: limited };
    });
    if (limitedStock) this.catalog.changed();
    return this.get(actor.id, orderId);
  }

  /** GET /api/orders: the caller's orders, newest first. */
  async list(userId: string, page: Pagination) {
    const result = await this.uow.repos.marketplace.orders.listForUser(userId, toOffset(page), page.per_page);
    return { items: result.items.map(toOrderSummary), total: result.total };
  }

  /** GET /api/orders/pending-payments (docs/product/spec.md §7): at most the 5 newest pending orders that have a payment. */
  async pendingPayments(userId: string) {
    const items = (await this.uow.repos.marketplace.orders.listPendingWithPayment(userId, PENDING_PAYMENT_POLL_LIMIT)).map(toOrderSummary);
    return { items, total: items.length };
  }

  /** GET /api/orders/:id: the order with items, totals, address, payment and timeline; anyone else's is a 404. */
  async get(userId: string, orderId: string) {
    const order = isId(orderId) ? await this.uow.repos.marketplace.orders.findById(orderId) : null;
    if (!order || order.user_id !== userId) throw orderNotFound();
    return orderView(this.uow.repos, order, this.clock.now());
  }

  /** Operators (CLI, back office): any order. */
  async adminGet(orderId: string) {
    const order = isId(orderId) ? await this.uow.repos.marketplace.orders.findById(orderId) : null;
    if (!order) throw orderNotFound();
    const [user, shipment] = await Promise.all([this.uow.repos.identity.users.findById(order.user_id), this.uow.repos.marketplace.shipments.find(order.id)]);
    return { ...(await orderView(this.uow.repos, order, this.clock.now())), user_id: order.user_id, email: user?.email ?? null, shipment: shipmentView(shipment) };
  }

  /** GET /api/admin/orders (ra-data-simple-rest): filtered, sorted by a whitelisted field, one window and the total. */
  async adminQuery(query: ListQuery<OrderAdminFilterInput>) {
    const field: OrderAdminSort = (ORDER_ADMIN_SORTS as readonly string[]).includes(query.sort.field) ? (query.sort.field as OrderAdminSort) : 'created_at';
    const result = await this.uow.repos.marketplace.orders.adminList(query.filter, { field, order: query.sort.order }, query.offset, query.limit);
    return { items: result.items.map(toAdminOrderSummary), total: result.total };
  }

  /** POST /api/admin/orders/bulk-preparing: each paid order moves on its own; the others are named with the reason. */
  async bulkPreparing(ids: string[], actorEmail: string) {
    const moved: string[] = [];
    const refused: Array<{ id: string; code: string; message: string }> = [];
    for (const id of [...new Set(ids)]) {
      try {
        await this.setStatus(id, 'preparing', { actorEmail });
        moved.push(id);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        refused.push({ id, code: err.code, message: err.message });
      }
    }
    return { moved, refused };
  }

  async adminList(filter: { status?: OrderStatus; page: number; per_page: number }) {
    const result = await this.uow.repos.marketplace.orders.list({ ...(filter.status ? { status: filter.status } : {}), offset: (filter.page - 1) * filter.per_page, limit: filter.per_page });
    return { items: result.items.map((o) => ({ ...toOrderSummary(o), email: o.email })), total: result.total };
  }

  /**
   * Job `expire_orders`: unpaid orders past their window become `cancelled` and give their stock back. The move is
   * conditional and the stock returns in the same transaction, so two runners never return it twice.
   */
  async expireOrders(limit = 200): Promise<{ expired: number; units_returned: number }> {
    const now = this.clock.now();
    const due = await this.uow.repos.marketplace.orders.listExpired(now, limit);
    let expired = 0;
    let units = 0;
    for (const o of due) {
      const returned = await this.uow.run(async (tx) => {
        if (!(await orderCommands(tx).expireUnpaid(o.id, 'Pagamento não confirmado no prazo', now))) return null;
        const count = await this.returnStock(tx, o.id);
        await tx.marketplace.orders.recordStatus({ order_id: o.id, from_status: 'pending', to_status: 'cancelled', actor: 'sistema', note: 'pagamento não confirmado no prazo', created_at: now });
        await tx.notifications.create(orderNotify.expired(o.user_id, o.id));
        return count;
      });
      if (returned === null) continue;
      expired++;
      units += returned;
      // Outside the order's transaction (the confirmation path locks payment → order; this would lock the other way).
      // A payment that still arrives is confirmed and refunded by PaymentService (the target answers 'refund_needed').
      // The pending charge is cancelled at the provider too (a job enqueued in this transaction), so its PIX QR code
      // and boleto no longer take money; the job re-reads the charge and refunds one paid meanwhile.
      await this.dropPendingCharge(o, 'pedido cancelado: pagamento não confirmado no prazo');
    }
    if (expired > 0) this.catalog.changed();
    return { expired, units_returned: units };
  }

  /**
   * Operators: moves an order along the flow (rules in order-rules.ts; `shipped` needs a tracking code). Cancelling
   * or refunding before shipping returns the stock; refunding marks the confirmed payment for refund, which
   * PaymentService.processRefunds then makes through the provider.
   */
  async setStatus(orderId: string, to: OrderStatus, options: OrderMoveOptions) {
    if (!isId(orderId)) throw orderNotFound();
    const stockBack = await this.uow.run((tx) => this.move(tx, orderId, to, options));
    if (stockBack > 0) this.catalog.changed();
    return this.adminGet(orderId);
  }

  /**
   * setStatus inside a caller's transaction (the carrier's "delivered", order-parcel.service.ts): the same checks,
   * writes, messages and hooks; answers the units of stock returned.
   */
  async move(tx: Tx<OrderScope & H>, orderId: string, to: OrderStatus, options: OrderMoveOptions): Promise<number> {
    // The carrier's step carries its own date (the real delivery); an operator's move happens now.
    const now = options.at ?? this.clock.now();
    const order = await tx.marketplace.orders.lock(orderId);
    if (!order) throw orderNotFound();
    // A received return: only a pending request of a delivered order; its stock comes back too.
    if (options.itemReturned) assertReturnPending(order);
    assertTransition(order.status, to, options.actor ?? 'operator', { trackingCode: options.trackingCode ?? null });
    assertPlanOrderMove(order, to);
    const tracking = to === 'shipped' ? trackingCodeSchema.parse(options.trackingCode) : undefined;
    const patch = {
      [STATUS_TIMESTAMP[to as Exclude<OrderStatus, 'pending'>]]: now,
      ...(tracking ? { tracking_code: tracking } : {}),
      ...(to === 'cancelled' || to === 'refunded' ? { cancel_reason: options.note ?? (to === 'cancelled' ? 'Cancelado pela Turma' : 'Reembolsado pela Turma') } : {}),
      ...(options.itemReturned ? { return_status: 'accepted' as const, return_decided_at: now } : {}),
    };
    if (!(await tx.marketplace.orders.moveIf(order.id, [order.status], to, patch))) throw conflict('invalid_order_transition', 'O pedido mudou de estado enquanto isso. Tente de novo.');
    // After line refunds a full refund gives back, and tells, only the rest of the total.
    const refundAmount = to === 'refunded' ? Math.max(order.total_amount - (await tx.marketplace.lineRefunds.listForOrder(order.id)).reduce((sum, line) => sum + line.amount, 0), 0) : 0;
    const back = returnsStock(order.status, to) || options.itemReturned ? await this.returnStock(tx, order.id) : 0;
    await tx.marketplace.orders.recordStatus({ order_id: order.id, from_status: order.status, to_status: to, actor: options.actorEmail, note: options.note ?? (tracking ? `rastreio ${tracking}` : null), created_at: now });
    if (to === 'shipped') await tx.notifications.create(orderNotify.shipped(order.user_id, order.id, tracking!));
    if (to === 'shipped') await this.hooks.shipped?.(tx, order, now);
    if (to === 'delivered') {
      await tx.notifications.create(orderNotify.delivered(order.user_id, order.id));
      await this.hooks.delivered?.(tx, order, now);
    }
    if (to === 'refunded') {
      await tx.notifications.create(
        options.itemReturned ? orderNotify.returnAccepted(order.user_id, order.id, refundAmount) : orderNotify.refunded(order.user_id, order.id, refundAmount),
      );
      // Marked for refund and the `payments.refund` job enqueued in this transaction (the provider refund runs there).
      if (order.payment_id) await requestRefund(tx, { id: order.payment_id }, options.note ?? 'pedido reembolsado pela operação');
      await this.hooks.refunded?.(tx, order, now);
    }
    if (to === 'cancelled') await tx.notifications.create(orderNotify.expired(order.user_id, order.id));
    if (to === 'shipped' || to === 'delivered' || to === 'cancelled' || to === 'refunded') {
      const customer = await tx.identity.users.findById(order.user_id);
      const profile = customer ? await tx.identity.profiles.findByUserId(customer.id) : null;
      if (customer && options.itemReturned) {
        await tx.jobs.enqueue('mail.send', toPerson(orderReturnEmail({ to: customer.email, name: profile?.full_name ?? '', orderId: order.id, step: 'accepted', amount: refundAmount }), customer.id));
      } else if (customer) {
        await tx.jobs.enqueue('mail.send', toPerson(orderStatusEmail({ to: customer.email, name: profile?.full_name ?? '', orderId: order.id, status: to, trackingCode: tracking ?? null, amount: to === 'refunded' ? refundAmount : order.total_amount, reason: options.note ?? null }), customer.id));
      }
    }
    // The charge is dropped with its wallet credit back (once: a ref-unique entry).
    if (to === 'cancelled' && order.payment_id && (await cancelPendingPayment(tx, { id: order.payment_id }, 'pedido cancelado pela operação', 'pedido cancelado'))) {
      // And the charge is cancelled at the provider, so its QR code or boleto takes no more money.
      await requestChargeCancel(tx, { id: order.payment_id }, 'pedido cancelado pela operação');
    }
    await tx.audit.append({
      action: options.itemReturned ? 'order.return_accepted' : 'order.status_changed',
      actor_email: options.actorEmail,
      entity_type: 'order',
      entity_id: order.id,
      metadata: {
        from: order.status,
        to,
        ...(tracking ? { tracking_code: tracking } : {}),
        ...(options.note ? { reason: options.note } : {}),
        ...(options.itemReturned ? { stock_returned: true, refund_amount: refundAmount } : {}),
        before: { status: order.status, tracking_code: order.tracking_code, ...(options.itemReturned ? { return_status: order.return_status } : {}) },
        after: { status: to, tracking_code: tracking ?? order.tracking_code, ...(options.itemReturned ? { return_status: 'accepted' } : {}) },
      },
    });
    return back;
  }

  /** POST /api/orders/:id/return: the customer asks to return a delivered order within 7 days (order-return.service.ts). */
  async requestReturn(actor: { id: string; email: string }, orderId: string, raw: unknown, meta: RequestMeta) {
    await requestOrderReturn(this.uow, this.clock, actor, orderId, raw, meta);
    return this.get(actor.id, orderId);
  }

  /** POST /api/admin/orders/:id/return/accept: the item came back — stock returned, order refunded in full (freight included). */
  async acceptReturn(orderId: string, actorEmail: string) {
    return this.setStatus(orderId, 'refunded', { actorEmail, note: 'Devolução recebida (CDC art. 49)', itemReturned: true });
  }

  /** POST /api/admin/orders/:id/return/reject: the request is refused with a reason; the order stays delivered. */
  async rejectReturn(orderId: string, actorEmail: string, raw: unknown) {
    await rejectOrderReturn(this.uow, this.clock, orderId, actorEmail, raw);
    return this.adminGet(orderId);
  }

  /**
   * After an expired order's own transaction: its pending charge becomes `cancelled`, the wallet credit it spent is
   * returned (once: a ref-unique entry) and the provider charge is cancelled by a job, all in one transaction.
   */
  private async dropPendingCharge(order: Pick<OrderRecord, 'id' | 'payment_id'>, reason: string) {
    await this.uow.run(async (tx) => {
      const pending = (order.payment_id ? await tx.payments.payments.findById(order.payment_id) : null) ?? (await tx.payments.payments.findPendingFor('order', order.id));
      if (!pending || pending.status !== 'pending') return;
      await cancelPendingPayment(tx, pending, reason, 'pedido cancelado');
      if (pending.provider_payment_id) await requestChargeCancel(tx, pending, reason);
    });
  }

  /** The freight of the cart as it is now (null without a shipping service, or when the cart cannot become an order). */
  private async quoteFreight(userId: string, cep: string, optionId: string | undefined): Promise<OrderFreight | null> {
    if (!this.shipping) return null;
    const lines = (await this.uow.repos.marketplace.cart.listForUser(userId)).filter((l) => l.item_type === 'product');
    // An empty cart or a product gone: the transaction names the problem.
    if (lines.length === 0 || lines.some((l) => !l.item || !l.item.active)) return null;
    return quoteOrderFreight(this.shipping, this.uow.repos.marketplace.products, cep, lines, optionId);
  }

  private async returnStock(tx: OrderScope, orderId: string): Promise<number> {
    const items = [...(await tx.marketplace.orders.items(orderId))].sort((a, b) => (a.product_id < b.product_id ? -1 : 1));
    // Units a line refund already put back on the shelf (order-line-refund.ts) are not returned twice.
    const back = await stockAlreadyReturned(tx, orderId);
    let units = 0;
    for (const i of items) {
      const quantity = i.quantity - (back.get(i.id) ?? 0);
      if (quantity > 0) await tx.marketplace.products.returnStock(i.product_id, quantity);
      units += Math.max(0, quantity);
    }
    return units;
  }

  private async resolveAddress(userId: string, input: { address?: unknown; use_saved_address?: boolean | undefined }): Promise<OrderAddress> {
    if (input.address === undefined && input.use_saved_address) {
      const profile = await this.uow.repos.identity.profiles.findByUserId(userId);
      const saved = orderAddressSchema.safeParse(profile ? addressFromProfile(profile) : {});
      if (!saved.success) {
        throw invalid('saved_address_incomplete', 'Seu endereço salvo está incompleto. Informe o endereço de entrega.', fieldsOf(saved.error.issues, 'address'));
      }
      return saved.data;
    }
    const parsed = orderAddressSchema.safeParse(input.address);
    if (!parsed.success) throw invalid('invalid_input', 'Verifique o endereço de entrega.', fieldsOf(parsed.error.issues, 'address'));
    return parsed.data;
  }

}
