// Shipping an order and following its parcel (docs/product/marketplace.md#parcel-tracking): the label bought through
// the ShippingLabels port (or a typed tracking code), then the carrier's steps from its webhook or the polling job,
// each applied once and only forward; "delivered" moves the order with the carrier as actor at the real delivery date.
import { isId } from '../shared/ids';
import type { Clock } from '../shared/clock';
import { invalid } from '../shared/errors';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import {
  PARCEL_POLL_GIVE_UP_DAYS,
  isFinalParcelStatus,
  nextSimulatedStep,
  parcelAdvances,
  parcelPollDelayMs,
  PARCEL_POLL_BASE_MS,
  type LabelRequest,
  type ParcelUpdate,
  type ShippingLabels,
} from '../shipping';
import type { IdentityScope } from '../identity/ports';
import type { AuditScope } from '../audit/ports';
import type { MarketplaceScope } from './ports';
import type { OrderShipmentRecord } from './order-parcel';
import { assertTransition, trackingCodeSchema } from './order-rules';
import { PARCEL_STEP_NOTES } from './order-timeline';
import { orderNotFound } from './order-views';

/** The order's moves, inside the caller's transaction (OrderService.move). */
export interface OrderMover<S extends object, V> {
  move(tx: Tx<S>, orderId: string, to: 'shipped' | 'delivered', options: { actorEmail: string; trackingCode?: string | null; note?: string | null; actor?: 'operator' | 'carrier'; at?: Date }): Promise<number>;
  adminGet(orderId: string): Promise<V>;
}

type ParcelScope = MarketplaceScope & IdentityScope & AuditScope;

/** Who the timeline and the audit log name for a carrier's step. */
export const CARRIER_ACTOR = 'transportadora';

export type ParcelApplyResult = 'applied' | 'ignored' | 'unknown';

export class OrderParcelService<S extends ParcelScope, V = unknown> {
  constructor(
    private readonly uow: UnitOfWork<S>,
    private readonly clock: Clock,
    private readonly orders: OrderMover<S, V>,
    private readonly labels: ShippingLabels,
  ) {}

  /** Whether shipping without a typed code buys the label (the back office's dialog offers it). */
  get buysLabels(): boolean {
    return this.labels.buysLabels;
  }

  /**
   * POST /api/admin/orders/:id/ship: a typed tracking code ships as before; without one the label is bought through the
   * provider first (outside any transaction: a carrier call never holds the order's lock), stored at once so a retry
   * after a failed move reuses it instead of buying a second label, then the order moves to shipped.
   */
  async ship(orderId: string, typedCode: string | null | undefined, actorEmail: string): Promise<V> {
    if (!isId(orderId)) throw orderNotFound();
    const order = await this.uow.repos.marketplace.orders.findById(orderId);
    if (!order) throw orderNotFound();
    // The wrong state is named before a label is bought.
    assertTransition(order.status, 'shipped', 'operator', { trackingCode: typedCode ?? 'ETIQUETA' });
    const now = this.clock.now();
    const existing = await this.uow.repos.marketplace.shipments.find(orderId);
    let stored = existing !== null;
    let code: string;
    if (typedCode) {
      code = trackingCodeSchema.parse(typedCode);
    } else if (existing?.tracking_code) {
      code = existing.tracking_code;
    } else {
      if (!this.labels.buysLabels) {
        throw invalid('tracking_code_required', 'Informe o código de rastreio para marcar o pedido como enviado.', { tracking_code: 'Informe o código de rastreio' });
      }
      const label = await this.labels.buyLabel(await this.labelRequest(orderId));
      code = trackingCodeSchema.parse(label.tracking_code);
      await this.uow.run(async (tx) => {
        await tx.marketplace.shipments.create({ order_id: orderId, provider: this.labels.provider, provider_order_id: label.provider_order_id, tracking_code: code, label_url: label.label_url, status: 'created', next_poll_at: new Date(now.getTime() + PARCEL_POLL_BASE_MS) });
        stored = true;
        await tx.audit.append({ action: 'order.label_purchased', actor_email: actorEmail, entity_type: 'order', entity_id: orderId, metadata: { provider: this.labels.provider, provider_order_id: label.provider_order_id, tracking_code: code } });
      });
    }
    await this.uow.run(async (tx) => {
      await this.orders.move(tx, orderId, 'shipped', { actorEmail, trackingCode: code });
      if (!stored) {
        const parcel = { provider_order_id: null, tracking_code: code };
        await tx.marketplace.shipments.create({
          order_id: orderId,
          provider: this.labels.provider,
          ...parcel,
          label_url: null,
          status: 'created',
          next_poll_at: this.labels.canTrack(parcel) ? new Date(now.getTime() + PARCEL_POLL_BASE_MS) : null,
        });
      } else if (typedCode && existing && existing.tracking_code !== code) {
        await tx.marketplace.shipments.update(orderId, { tracking_code: code });
      }
    });
    return this.orders.adminGet(orderId);
  }

  /** The provider's webhook, already verified by its adapter: each step applied once. */
  async receive(updates: readonly ParcelUpdate[], source: 'webhook' | 'simulated' = 'webhook') {
    const results: ParcelApplyResult[] = [];
    for (const u of updates) results.push(await this.apply(u, source));
    return { applied: results.filter((r) => r === 'applied').length, ignored: results.filter((r) => r === 'ignored').length, unknown: results.filter((r) => r === 'unknown').length };
  }

  /**
   * Job `track_parcels`: the parcels due asks the provider about them in one call; a parcel with news is polled again
   * in 30 min, one without waits longer each time (parcelPollDelayMs), one older than 60 days is left to the operator.
   */
  async poll(limit = 100) {
    const now = this.clock.now();
    const due = await this.uow.repos.marketplace.shipments.dueForPolling(now, limit);
    const giveUp = now.getTime() - PARCEL_POLL_GIVE_UP_DAYS * 86_400_000;
    const stale = due.filter((s) => s.created_at.getTime() < giveUp || !this.labels.canTrack(s));
    for (const s of stale) await this.uow.repos.marketplace.shipments.update(s.order_id, { next_poll_at: null });
    const asked = due.filter((s) => !stale.includes(s));
    if (asked.length === 0) return { checked: 0, applied: 0, provider_errors: 0, given_up: stale.length };
    let updates: ParcelUpdate[];
    let failed = false;
    try {
      updates = await this.labels.track(asked.map((s) => ({ order_id: s.order_id, provider_order_id: s.provider_order_id, tracking_code: s.tracking_code, status: s.status })));
    } catch {
      // The provider is down or refused: every parcel asked waits its next, longer turn.
      updates = [];
      failed = true;
    }
    const moved = new Set<string>();
    for (const u of updates) {
      const s = asked.find((a) => (u.provider_order_id && a.provider_order_id === u.provider_order_id) || (u.tracking_code && a.tracking_code === u.tracking_code));
      if (s && (await this.apply(u, 'poll', s)) === 'applied') moved.add(s.order_id);
    }
    for (const s of asked) {
      if (moved.has(s.order_id)) continue;
      await this.uow.repos.marketplace.shipments.update(s.order_id, { quiet_polls: s.quiet_polls + 1, next_poll_at: new Date(now.getTime() + parcelPollDelayMs(s.quiet_polls + 1)) });
    }
    return { checked: asked.length, applied: moved.size, provider_errors: failed ? 1 : 0, given_up: stale.length };
  }

  /** Development only (the route is absent in production): the next made-up step of an order's parcel. */
  async simulateNext(orderId: string) {
    const s = isId(orderId) ? await this.uow.repos.marketplace.shipments.find(orderId) : null;
    if (!s) throw orderNotFound();
    const next = nextSimulatedStep(s.status);
    const result = next ? await this.apply({ provider_order_id: s.provider_order_id, tracking_code: s.tracking_code, status: next, occurred_at: this.clock.now() }, 'simulated', s) : 'ignored';
    return { result, status: next };
  }

  /** One step: stored once (unique per parcel and status), only forward, told on the order's timeline. */
  private async apply(u: ParcelUpdate, source: string, known?: OrderShipmentRecord): Promise<ParcelApplyResult> {
    const found = known ?? (await this.uow.repos.marketplace.shipments.findByReference(u));
    if (!found) return 'unknown';
    const now = this.clock.now();
    // A carrier's clock ahead of ours is not a delivery in the future.
    const at = u.occurred_at.getTime() > now.getTime() ? now : u.occurred_at;
    return this.uow.run(async (tx) => {
      const s = await tx.marketplace.shipments.lock(found.order_id);
      if (!s || !parcelAdvances(s.status, u.status)) return 'ignored';
      if (!(await tx.marketplace.shipments.addEvent({ order_id: s.order_id, status: u.status, occurred_at: at, source }))) return 'ignored';
      const final = isFinalParcelStatus(u.status);
      await tx.marketplace.shipments.update(s.order_id, {
        status: u.status,
        quiet_polls: 0,
        next_poll_at: final ? null : new Date(now.getTime() + PARCEL_POLL_BASE_MS),
        ...(u.tracking_code && !s.tracking_code ? { tracking_code: u.tracking_code } : {}),
      });
      const order = await tx.marketplace.orders.lock(s.order_id);
      if (!order) return 'applied';
      if (u.status === 'delivered') {
        // The order's own command (the state table with the carrier as actor): notification, e-mail, commission, and
        // the return window counted from the carrier's date. An order no longer shipped (refunded meanwhile) stays.
        if (order.status === 'shipped') await this.orders.move(tx, order.id, 'delivered', { actorEmail: CARRIER_ACTOR, actor: 'carrier', at, note: 'entregue, segundo a transportadora' });
        return 'applied';
      }
      await tx.marketplace.orders.recordStatus({ order_id: order.id, from_status: order.status, to_status: order.status, actor: CARRIER_ACTOR, note: PARCEL_STEP_NOTES[u.status], created_at: at });
      if (u.status === 'returned') {
        // Flagged for the operator (the order's page and list show it): ship again or refund is a person's call.
        await tx.audit.append({ action: 'order.parcel_returned', actor_email: CARRIER_ACTOR, entity_type: 'order', entity_id: order.id, metadata: { tracking_code: s.tracking_code, provider_order_id: s.provider_order_id, source } });
      }
      return 'applied';
    });
  }

  /** What the provider needs for the label: the order's address and lines, the buyer's name, CPF and contacts. */
  private async labelRequest(orderId: string): Promise<LabelRequest> {
    const repos = this.uow.repos;
    const order = (await repos.marketplace.orders.findById(orderId))!;
    const [items, user, profile] = await Promise.all([repos.marketplace.orders.items(orderId), repos.identity.users.findById(order.user_id), repos.identity.profiles.findByUserId(order.user_id)]);
    const facts = new Map((await repos.marketplace.products.shippingFacts(items.map((i) => i.product_id))).map((f) => [f.id, f]));
    return {
      order_id: orderId,
      option_id: order.shipping_option_id,
      recipient: {
        name: profile?.full_name ?? user?.email ?? '',
        document: profile?.cpf?.replace(/\D/g, '') || null,
        email: user?.email ?? '',
        phone: profile?.phone ?? null,
        address: order.address,
      },
      items: items.map((i) => ({ name: i.product_name, quantity: i.quantity, unit_price: i.unit_price })),
      lines: items.flatMap((i) => {
        const f = facts.get(i.product_id);
        return f ? [{ product_id: i.product_id, quantity: i.quantity, unit_price: i.unit_price, weight_grams: f.weight_grams, height_cm: f.height_cm, width_cm: f.width_cm, length_cm: f.length_cm }] : [];
      }),
    };
  }
}
