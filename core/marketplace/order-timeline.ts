// An order's timeline as the customer and the back office read it. A status change is a step named by its status; a
// change that keeps the status (a return asked or refused, one line refunded) is a step of its own, named by what
// happened — never a second "Entregue".
import { LINE_REFUND_NOTE_PREFIX } from './order-line-refund';
import { ORDER_STATUS_LABELS, type OrderStatus } from './order-rules';

export const TIMELINE_EVENTS = ['return_requested', 'return_rejected', 'line_refunded', 'parcel_posted', 'parcel_in_transit', 'parcel_out_for_delivery', 'parcel_returned'] as const;
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number];

export const TIMELINE_EVENT_LABELS: Record<TimelineEvent, string> = {
  return_requested: 'Devolução solicitada',
  return_rejected: 'Devolução recusada',
  line_refunded: 'Reembolso parcial',
  parcel_posted: 'Objeto postado',
  parcel_in_transit: 'Em trânsito',
  parcel_out_for_delivery: 'Saiu para entrega',
  parcel_returned: 'Devolvido ao remetente',
};

/** The carrier's steps that keep the order's status, as their timeline notes (order-parcel.service.ts writes them). */
export const PARCEL_STEP_NOTES = {
  posted: 'transporte: objeto postado',
  in_transit: 'transporte: em trânsito',
  out_for_delivery: 'transporte: saiu para entrega',
  returned: 'transporte: devolvido ao remetente',
} as const;

/** The note prefixes the use cases write for same-status steps (order.service.ts, order-line-refund.service.ts). */
const NOTE_EVENTS: ReadonlyArray<readonly [prefix: string, event: TimelineEvent]> = [
  ['devolução solicitada:', 'return_requested'],
  ['devolução recusada:', 'return_rejected'],
  [LINE_REFUND_NOTE_PREFIX, 'line_refunded'],
  [PARCEL_STEP_NOTES.posted, 'parcel_posted'],
  [PARCEL_STEP_NOTES.in_transit, 'parcel_in_transit'],
  [PARCEL_STEP_NOTES.out_for_delivery, 'parcel_out_for_delivery'],
  [PARCEL_STEP_NOTES.returned, 'parcel_returned'],
];

export function timelineEvent(h: { from_status: OrderStatus | null; to_status: OrderStatus; note: string | null }): TimelineEvent | null {
  if (h.from_status !== h.to_status || !h.note) return null;
  return NOTE_EVENTS.find(([prefix]) => h.note!.startsWith(prefix))?.[1] ?? null;
}

export function timelineStep(h: { from_status: OrderStatus | null; to_status: OrderStatus; note: string | null; created_at: Date }) {
  const event = timelineEvent(h);
  // A carrier's step is said by its label in the reader's language; its pt-BR note would only repeat it.
  const note = event?.startsWith('parcel_') ? null : h.note;
  return { status: h.to_status, event, label: event ? TIMELINE_EVENT_LABELS[event] : ORDER_STATUS_LABELS[h.to_status], at: h.created_at.toISOString(), note };
}
