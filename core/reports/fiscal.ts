// Fiscal: the platform's taxable events of a month, the fee on a redeemed voucher (NFS-e) and the marketplace sale,
// split into services (NFS-e), goods (NF-e) and freight apart (docs/product/payments.md#fiscal-events). Each has a
// stable id (`fee:<receivable>`, `order:<order>`) that the invoiced mark refers to.
import { startOfBrasiliaDay } from './financial';
import type { GoodsInvoiceStatus } from '../goods-invoices';

export type FiscalEventKind = 'fee' | 'order';

export interface FiscalEvent {
  id: string;
  kind: FiscalEventKind;
  occurred_at: Date;
  customer_name: string | null;
  customer_cpf: string | null;
  description: string;
  /** The event's taxable total: services + goods + freight, centavos. */
  amount: number;
  /** What goes on a service invoice (NFS-e): the fee, or the service products of a sale. */
  service_amount: number;
  /** What goes on a goods invoice (NF-e): the goods products of a sale. */
  goods_amount: number;
  /** The sale's freight, never part of a service's value (it rides on the NF-e of the goods). */
  freight_amount: number;
  /** The sale's NF-e, when one was requested: its status and access key. */
  nfe_status: GoodsInvoiceStatus | null;
  nfe_access_key: string | null;
  /** The purchase the event belongs to: the plan price or the order total, centavos. */
  gross: number;
  refunded: boolean;
  invoice_number: string | null;
  invoiced_at: Date | null;
}

export const fiscalEventId = (kind: FiscalEventKind, id: string) => `${kind}:${id}`;

/**
 * How an event's value splits: a fee is all service; a sale is its service lines (NFS-e), its goods lines (NF-e)
 * and its freight apart, so the freight is never counted as a service.
 */
export function fiscalSplit(
  event: { kind: 'fee'; fee: number } | { kind: 'order'; service_lines: number; goods_lines: number; shipping: number },
): Pick<FiscalEvent, 'amount' | 'service_amount' | 'goods_amount' | 'freight_amount'> {
  if (event.kind === 'fee') return { amount: event.fee, service_amount: event.fee, goods_amount: 0, freight_amount: 0 };
  const amount = event.service_lines + event.goods_lines + event.shipping;
  return { amount, service_amount: event.service_lines, goods_amount: event.goods_lines, freight_amount: event.shipping };
}

export const FISCAL_KIND_LABELS: Record<FiscalEventKind, string> = { fee: 'Taxa de intermediação', order: 'Venda no marketplace' };

/** `YYYY-MM` → the Brasília month as instants [from, to). */
export function brasiliaMonth(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: startOfBrasiliaDay(`${month}-01`), to: startOfBrasiliaDay(`${next}-01`) };
}

export interface FiscalSummary {
  month: string;
  events: FiscalEvent[];
  totals: {
    events: number;
    amount: number;
    invoiced: number;
    invoiced_amount: number;
    pending: number;
    pending_amount: number;
    /** Of `amount`: services (NFS-e), goods (NF-e) and freight. */
    service_amount: number;
    goods_amount: number;
    freight_amount: number;
  };
}

/** The month's events, oldest first, with what is invoiced and what is left (refunded sales are left out of totals). */
export function summariseFiscal(month: string, events: readonly FiscalEvent[]): FiscalSummary {
  const sorted = [...events].sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime() || a.id.localeCompare(b.id));
  const live = sorted.filter((e) => !e.refunded);
  const invoiced = live.filter((e) => e.invoice_number !== null);
  const sum = (list: FiscalEvent[], field: 'amount' | 'service_amount' | 'goods_amount' | 'freight_amount' = 'amount') => list.reduce((n, e) => n + e[field], 0);
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
      service_amount: sum(live, 'service_amount'),
      goods_amount: sum(live, 'goods_amount'),
      freight_amount: sum(live, 'freight_amount'),
    },
  };
}
