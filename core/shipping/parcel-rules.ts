// A parcel after it leaves (docs/product/marketplace.md#parcel-tracking): the carrier's steps in their one order, the
// rule that keeps them from going backwards, and how long the polling job waits before asking the carrier again.

/** `created`: the label exists (bought, or a tracking code typed) and the carrier has not scanned the parcel yet. */
export const PARCEL_STATUSES = ['created', 'posted', 'in_transit', 'out_for_delivery', 'delivered', 'returned'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];

/** The steps a carrier reports (every status but `created`). */
export const PARCEL_EVENT_STATUSES = ['posted', 'in_transit', 'out_for_delivery', 'delivered', 'returned'] as const;
export type ParcelEventStatus = (typeof PARCEL_EVENT_STATUSES)[number];

export const PARCEL_STATUS_LABELS: Record<ParcelStatus, string> = {
  created: 'Etiqueta gerada',
  posted: 'Objeto postado',
  in_transit: 'Em trânsito',
  out_for_delivery: 'Saiu para entrega',
  delivered: 'Entregue',
  returned: 'Devolvido ao remetente',
};

/** delivered and returned are two ends of the same road: both rank last, and nothing follows either. */
const RANK: Record<ParcelStatus, number> = { created: 0, posted: 1, in_transit: 2, out_for_delivery: 3, delivered: 4, returned: 4 };

export function isFinalParcelStatus(status: ParcelStatus): boolean {
  return status === 'delivered' || status === 'returned';
}

/**
 * Whether a reported step moves the parcel on: only forward, never past an end. A late or repeated step (the webhook
 * and the polling job both telling, or an "in transit" arriving after "out for delivery") is not applied.
 */
export function parcelAdvances(current: ParcelStatus, next: ParcelStatus): boolean {
  if (isFinalParcelStatus(current)) return false;
  return RANK[next] > RANK[current];
}

/** The polling job's first wait after shipping, and the longest wait between two questions to the carrier. */
export const PARCEL_POLL_BASE_MS = 30 * 60_000;
export const PARCEL_POLL_MAX_MS = 12 * 3_600_000;

/**
 * Backoff: after `quietPolls` questions in a row that brought nothing new, wait base × 2^quietPolls, capped at 12 h
 * (30 min, 1 h, 2 h, … 12 h); a step that moved the parcel starts again at 30 min.
 */
export function parcelPollDelayMs(quietPolls: number): number {
  const n = Math.max(0, Math.min(Math.floor(quietPolls), 20));
  return Math.min(PARCEL_POLL_BASE_MS * 2 ** n, PARCEL_POLL_MAX_MS);
}

/** A parcel the carrier has not finished with after this long is no longer polled (the operator decides by hand). */
export const PARCEL_POLL_GIVE_UP_DAYS = 60;

/** The step the development simulation reports next (the embedded table's tracking, docs/integrations.md). */
export function nextSimulatedStep(current: ParcelStatus): ParcelEventStatus | null {
  const order: readonly ParcelStatus[] = ['created', 'posted', 'in_transit', 'out_for_delivery', 'delivered'];
  const i = order.indexOf(current);
  return i >= 0 && i < order.length - 1 ? (order[i + 1] as ParcelEventStatus) : null;
}
