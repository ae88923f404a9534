// An order's parcel (docs/product/marketplace.md#parcel-tracking): the shipment row (provider, its order id, tracking
// code, label) and the carrier's steps, one row per step, as the marketplace stores them.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';
import { PARCEL_STATUS_LABELS, PARCEL_STATUSES, type ParcelEventStatus, type ParcelStatus } from '../shipping';

export interface OrderShipmentRecord {
  order_id: string;
  /** `melhor_envio`, or `table` for a typed tracking code. */
  provider: string;
  provider_order_id: string | null;
  tracking_code: string | null;
  label_url: string | null;
  status: ParcelStatus;
  /** Polls in a row that brought nothing new (the backoff's exponent). */
  quiet_polls: number;
  /** null: not polled (finished, or given up). */
  next_poll_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ParcelEventRecord {
  id: string;
  order_id: string;
  status: ParcelEventStatus;
  occurred_at: Date;
  /** `webhook`, `poll` or `simulated`. */
  source: string;
  created_at: Date;
}

export interface OrderShipmentRepository {
  /** Inserts the order's shipment; false when it already has one (the order_id is the key). */
  create(row: Omit<OrderShipmentRecord, 'created_at' | 'updated_at' | 'quiet_polls'>): Promise<boolean>;
  find(orderId: string): Promise<OrderShipmentRecord | null>;
  /** SELECT … FOR UPDATE. */
  lock(orderId: string): Promise<OrderShipmentRecord | null>;
  /** The shipment of a provider's order, or of a tracking code (typed ones have no provider order). */
  findByReference(ref: { provider_order_id: string | null; tracking_code: string | null }): Promise<OrderShipmentRecord | null>;
  update(orderId: string, patch: Partial<Pick<OrderShipmentRecord, 'status' | 'quiet_polls' | 'next_poll_at' | 'tracking_code'>>): Promise<void>;
  /** Inserts the step unless the parcel already has one of that status (unique order_id + status): true when inserted. */
  addEvent(event: Omit<ParcelEventRecord, 'id' | 'created_at'>): Promise<boolean>;
  events(orderId: string): Promise<ParcelEventRecord[]>;
  /** Shipments due for a poll (next_poll_at reached), oldest due first. */
  dueForPolling(now: Date, limit: number): Promise<OrderShipmentRecord[]>;
}

/** The shipment as the back office reads it (the customer sees the steps in the timeline). */
export function shipmentView(s: OrderShipmentRecord | null) {
  if (!s) return null;
  return {
    provider: s.provider,
    provider_order_id: s.provider_order_id,
    tracking_code: s.tracking_code,
    label_url: s.label_url,
    status: s.status,
    status_label: PARCEL_STATUS_LABELS[s.status],
    returned: s.status === 'returned',
    next_poll_at: s.next_poll_at?.toISOString() ?? null,
  };
}

export const shipmentSchema = z
  .object({
    provider: z.string(),
    provider_order_id: z.string().nullable(),
    tracking_code: z.string().nullable(),
    label_url: z.string().nullable(),
    status: z.enum(PARCEL_STATUSES),
    status_label: z.string(),
    returned: z.boolean().describe('The carrier sent the parcel back: the operator decides (ship again or refund).'),
    next_poll_at: dateTimeAnswer.nullable(),
  })
  .meta({ id: 'OrderShipment' });
