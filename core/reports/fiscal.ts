// Fiscal: the platform's taxable events of a month, to issue service invoices (NFS-e): the fee on a redeemed voucher and
// the marketplace sale on its confirmed payment (docs/product/payments.md#fiscal-events). Each has a stable id
// (`fee:<receivable>`, `order:<order>`) that the invoiced mark refers to.
import { startOfBrasiliaDay } from './financial';

export type FiscalEventKind = 'fee' | 'order';

export interface FiscalEvent {
  id: string;
  kind: FiscalEventKind;
  occurred_at: Date;
  customer_name: string | null;
  customer_cpf: string | null;
  description: string;
  /** The invoice's service amount: the fee (fee) or the sale (order), centavos. */
  amount: number;
  /** The purchase the event belongs to: the plan price or the order total, centavos. */
  gross: number;
  refunded: boolean;
  invoice_number: string | null;
  invoiced_at: Date | null;
}

export const fiscalEventId = (kind: FiscalEventKind, id: string) => `${kind}:${id}`;

/** `YYYY-MM` → the Brasília month as instants [from, to). */
export function brasiliaMonth(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: startOfBrasiliaDay(`${month}-01`), to: startOfBrasiliaDay(`${next}-01`) };
}

export interface FiscalSummary {
  month: string;
  events: FiscalEvent[];
  totals: { events: number; amount: number; invoiced: number; invoiced_amount: number; pending: number; pending_amount: number };
}

/** The month's events, oldest first, with what is invoiced and what is left (refunded sales are left out of totals). */
export function summariseFiscal(month: string, events: readonly FiscalEvent[]): FiscalSummary {
  const sorted = [...events].sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime() || a.id.localeCompare(b.id));
  const live = sorted.filter((e) => !e.refunded);
  const invoiced = live.filter((e) => e.invoice_number !== null);
  const sum = (list: FiscalEvent[]) => list.reduce((n, e) => n + e.amount, 0);
  return {
    month,
    events: sorted,
    totals: {
      events: live.length,
      amount: sum(live),
      invoiced: invoiced.length,
      invoiced_amount: sum(invoiced),
      pending: live.length - invoiced.length,
      pending_amount: sum(live) - sum(invoiced),
    },
  };
}
