// Service invoices' commands for the flows: a completed purchase's fee gets its invoice, a withdrawn or refunded
// purchase's invoice is cancelled. Each writes only this module's rows, in the caller's transaction, and leaves the
// provider calls to jobs enqueued in it.
import type { Tx } from '../ports/unit-of-work';
import type { PaymentCustomer } from '../ports/payments';
import type { Cents } from '../shared/money';
import type { ServiceInvoiceSource, ServiceInvoicesScope } from './ports';
import { serviceInvoiceSources } from './service-invoice-rules';

declare module '../ports/job-queue' {
  interface JobPayloads {
    /** Sends one scheduled invoice to the provider (idempotent by our id; retried with backoff). */
    'service_invoices.issue': { invoice_id: string; customer: PaymentCustomer | null };
    /** Asks the provider to cancel one invoice of a withdrawn or refunded purchase (retried with backoff). */
    'service_invoices.cancel': { invoice_id: string };
  }
}

export interface FeeInvoiceInput {
  source: ServiceInvoiceSource;
  source_id: string;
  payment_id: string;
  amount: Cents;
  description: string;
  occurred_at: Date;
  provider: string;
  provider_payment_id: string | null;
  provider_customer_id: string | null;
  /** Who the invoice is made out to, when the provider knows no charge or customer for it yet. */
  customer: PaymentCustomer | null;
}

export function serviceInvoiceCommands(tx: Tx<ServiceInvoicesScope>) {
  const invoices = tx.serviceInvoices.invoices;
  return {
    /** The purchase's invoice, once: recorded as scheduled and sent to the provider by a job after the commit. */
    async schedule(input: FeeInvoiceInput): Promise<boolean> {
      const { customer, ...row } = input;
      const created = await invoices.createIfNew(row);
      if (!created) return false;
      await tx.jobs.enqueue('service_invoices.issue', { invoice_id: created.id, customer }, { singletonKey: created.id });
      return true;
    },

    /**
     * The purchase was withdrawn or refunded: an invoice never sent (or refused) is cancelled here and now; one the provider has is
     * marked and its cancellation asked by a job. False when the purchase has no invoice or it is already cancelled.
     */
    async requestCancel(source: ServiceInvoiceSource, sourceId: string, reason: string, now: Date): Promise<boolean> {
      const found = await invoices.findBySource(source, sourceId);
      const invoice = found ? await invoices.lock(found.id) : null;
      if (!invoice || invoice.status === 'cancelled' || invoice.cancel_requested_at) return false;
      const mark = { cancel_requested_at: now, cancel_reason: reason.slice(0, 300) };
      // Never sent, or refused (an invoice in error is no valid document): nothing to cancel at the provider.
      if (!invoice.provider_invoice_id || invoice.status === 'error') {
        return invoices.moveIf(invoice.id, serviceInvoiceSources('cancelled', 'system'), 'cancelled', { ...mark, cancelled_at: now });
      }
      await invoices.update(invoice.id, mark);
      await tx.jobs.enqueue('service_invoices.cancel', { invoice_id: invoice.id }, { singletonKey: invoice.id });
      return true;
    },
  };
}
