// Goods invoices' answers: the back office's view of an order's NF-e (with the provider's message and the retry) and
// the customer's (status, access key, DANFE link only).
import { z } from 'zod';
import { GOODS_INVOICE_STATUSES } from './goods-invoice-rules';

export const adminGoodsInvoiceSchema = z
  .object({
    id: z.string(),
    order_id: z.string(),
    status: z.enum(GOODS_INVOICE_STATUSES),
    status_label: z.string(),
    provider: z.string(),
    reference: z.string(),
    attempt: z.number().int(),
    goods_amount: z.number().int(),
    freight_amount: z.number().int(),
    total_amount: z.number().int(),
    access_key: z.string().nullable(),
    number: z.string().nullable(),
    series: z.string().nullable(),
    danfe_url: z.string().nullable(),
    xml_url: z.string().nullable(),
    provider_status: z.string().nullable().describe("The provider's or SEFAZ's code of the last answer."),
    error_message: z.string().nullable().describe("The provider's own words on a rejection or an unreachable provider."),
    authorised_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    return_required_at: z.string().nullable(),
    can_retry: z.boolean(),
  })
  .meta({ id: 'AdminGoodsInvoice' });

export const adminGoodsInvoiceAnswerSchema = z.object({ invoice: adminGoodsInvoiceSchema.nullable() });

export const myGoodsInvoiceAnswerSchema = z.object({
  invoice: z
    .object({
      status: z.enum(GOODS_INVOICE_STATUSES),
      access_key: z.string().nullable(),
      number: z.string().nullable(),
      series: z.string().nullable(),
      danfe_url: z.string().nullable(),
      authorised_at: z.string().nullable(),
    })
    .nullable(),
});
