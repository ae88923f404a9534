// Service invoices' route contracts: the back office's list and retry, the member's invoices by payment.
import { z } from 'zod';
import { SERVICE_INVOICE_STATUSES, SERVICE_INVOICE_STATUS_LABELS } from './service-invoice-rules';
import type { ServiceInvoiceRecord } from './ports';

export const serviceInvoiceListQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Use um mês no formato AAAA-MM' }).optional(),
  status: z.enum(SERVICE_INVOICE_STATUSES, { message: 'Situação inválida' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(100),
});

export const serviceInvoiceSchema = z
  .object({
    id: z.string(),
    source_id: z.string(),
    payment_id: z.string(),
    amount: z.number().int(),
    description: z.string(),
    occurred_at: z.string(),
    status: z.enum(SERVICE_INVOICE_STATUSES),
    status_label: z.string(),
    number: z.string().nullable(),
    pdf_url: z.string().nullable(),
    xml_url: z.string().nullable(),
    error_message: z.string().nullable(),
    cancel_requested_at: z.string().nullable(),
    authorised_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    attempts: z.number().int(),
  })
  .meta({ id: 'ServiceInvoice' });

export const serviceInvoiceListSchema = z.object({ items: z.array(serviceInvoiceSchema), total: z.number().int() });

/** What the member sees of an authorised invoice (its links), by payment. */
export const myServiceInvoiceSchema = z
  .object({ payment_id: z.string(), number: z.string().nullable(), pdf_url: z.string(), xml_url: z.string().nullable(), authorised_at: z.string().nullable() })
  .meta({ id: 'MyServiceInvoice' });
export const myServiceInvoicesSchema = z.object({ items: z.array(myServiceInvoiceSchema) });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toServiceInvoiceView(r: ServiceInvoiceRecord): z.output<typeof serviceInvoiceSchema> {
  return {
    id: r.id,
    source_id: r.source_id,
    payment_id: r.payment_id,
    amount: r.amount,
    description: r.description,
    occurred_at: r.occurred_at.toISOString(),
    status: r.status,
    status_label: SERVICE_INVOICE_STATUS_LABELS[r.status],
    number: r.number,
    pdf_url: r.pdf_url,
    xml_url: r.xml_url,
    error_message: r.error_message,
    cancel_requested_at: iso(r.cancel_requested_at),
    authorised_at: iso(r.authorised_at),
    cancelled_at: iso(r.cancelled_at),
    attempts: r.attempts,
  };
}

/** Only an authorised invoice with its PDF is shown to the member (a cancelled one is no document of theirs any more). */
export function toMyServiceInvoice(r: ServiceInvoiceRecord): z.output<typeof myServiceInvoiceSchema> | null {
  if (r.status !== 'authorised' || !r.pdf_url) return null;
  return { payment_id: r.payment_id, number: r.number, pdf_url: r.pdf_url, xml_url: r.xml_url, authorised_at: iso(r.authorised_at) };
}
