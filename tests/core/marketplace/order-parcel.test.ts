// The parcel's steps on the in-memory repositories: each stored once and only forward, a late step ignored, the
// carrier's "delivered" moving a shipped order at the carrier's date (told once), a parcel sent back only flagged.
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../core/shared/clock';
import { OrderService } from '../../../core/marketplace/order.service';
import { OrderParcelService } from '../../../core/marketplace/order-parcel.service';
import { returnDeadline } from '../../../core/marketplace/order-return';
import type { OrderRecord } from '../../../core/marketplace/ports';
import type { ParcelUpdate, ShippingLabels } from '../../../core/shipping';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork, type MemoryScopes } from '../../fakes/memory/unit-of-work';
import { seedUser } from '../../fakes/memory/seed';

const clock = new FixedClock(new Date('2026-11-14T12:00:00Z'));
const labels: ShippingLabels = { provider: 'table', buysLabels: false, buyLabel: async () => { throw new Error('no labels'); }, canTrack: () => true, track: async () => [] };
let db: MemoryDb;
let parcels: OrderParcelService<MemoryScopes, unknown>;
let order: OrderRecord;

beforeEach(() => {
  clock.set(new Date('2026-11-14T12:00:00Z'));
  db = new MemoryDb(() => clock.now());
  const uow = new MemoryUnitOfWork(db);
  parcels = new OrderParcelService(uow, clock, new OrderService(uow, clock), labels);
  const user = seedUser(db);
  order = db.orders.insert({
    user_id: user.id, status: 'shipped', payment_id: null, subtotal: 5_000, total_amount: 5_000, items_count: 1,
    address: { cep: '01310100', street: 'Av. Paulista', number: '1000', complement: null, district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    tracking_code: 'AA123456789BR', cancel_reason: null, expires_at: clock.now(), paid_at: clock.now(), preparing_at: clock.now(), shipped_at: clock.now(),
    delivered_at: null, cancelled_at: null, refunded_at: null, return_status: null, return_reason: null, return_requested_at: null, return_decided_at: null,
    return_reject_reason: null, shipping_amount: 0, shipping_option_id: null, shipping_option_name: null, shipping_days: null, updated_at: clock.now(),
  } as Omit<OrderRecord, 'id' | 'created_at'>);
  db.shipments.insert({ id: order.id, order_id: order.id, provider: 'table', provider_order_id: null, tracking_code: 'AA123456789BR', label_url: null, status: 'created', quiet_polls: 0, next_poll_at: null, updated_at: clock.now() });
});

const step = (status: ParcelUpdate['status'], at: string): ParcelUpdate => ({ provider_order_id: null, tracking_code: 'AA123456789BR', status, occurred_at: new Date(at) });

describe('OrderParcelService.receive', () => {
  it('stores each step once, only forward, and delivers the order at the carrier\'s date', async () => {
    expect(await parcels.receive([step('posted', '2026-11-10T15:00:00Z'), step('posted', '2026-11-10T15:00:00Z')])).toEqual({ applied: 1, ignored: 1, unknown: 0 });
    expect(await parcels.receive([step('out_for_delivery', '2026-11-12T12:00:00Z'), step('in_transit', '2026-11-11T12:00:00Z')])).toEqual({ applied: 1, ignored: 1, unknown: 0 });
    expect(await parcels.receive([step('delivered', '2026-11-12T19:40:00Z'), step('delivered', '2026-11-12T19:40:00Z')])).toEqual({ applied: 1, ignored: 1, unknown: 0 });
    expect(await parcels.receive([step('returned', '2026-11-13T10:00:00Z'), { ...step('posted', '2026-11-10T15:00:00Z'), tracking_code: 'OTHER' }])).toEqual({ applied: 0, ignored: 1, unknown: 1 });

    const after = db.orders.get(order.id)!;
    expect(after.status).toBe('delivered');
    expect(after.delivered_at).toEqual(new Date('2026-11-12T19:40:00Z'));
    expect(returnDeadline(after.delivered_at!).toISOString()).toBe('2026-11-20T02:59:59.999Z');
    expect(db.parcelEvents.all().map((e) => e.status)).toEqual(['posted', 'out_for_delivery', 'delivered']);
    expect(db.shipments.get(order.id)).toMatchObject({ status: 'delivered', next_poll_at: null });
    expect(db.notifications.all((n) => n.type === 'order_delivered')).toHaveLength(1);
    expect(db.orderHistory.all().map((h) => [h.actor, h.to_status, h.note])).toEqual([
      ['transportadora', 'shipped', 'transporte: objeto postado'],
      ['transportadora', 'shipped', 'transporte: saiu para entrega'],
      ['transportadora', 'delivered', 'entregue, segundo a transportadora'],
    ]);
  });

  it('flags a parcel sent back and leaves the order shipped', async () => {
    expect(await parcels.receive([step('returned', '2026-11-13T10:00:00Z')])).toMatchObject({ applied: 1 });
    expect(db.orders.get(order.id)!.status).toBe('shipped');
    expect(db.shipments.get(order.id)!.status).toBe('returned');
    expect(db.audit.all((a) => a.action === 'order.parcel_returned')).toHaveLength(1);
  });

  it('polls with backoff: a quiet poll waits longer, a step starts again at 30 minutes', async () => {
    db.shipments.patch(order.id, { next_poll_at: clock.now() });
    expect(await parcels.poll()).toMatchObject({ checked: 1, applied: 0 });
    expect(db.shipments.get(order.id)).toMatchObject({ quiet_polls: 1, next_poll_at: new Date(clock.now().getTime() + 60 * 60_000) });
  });
});
