// The service-invoice (NFS-e) port: what the core asks of the provider that issues the platform's service invoices,
// in centavos and our own words (docs/integrations.md#asaas-service-invoices-nfs-e).
import type { Cents } from '../shared/money';
import type { PaymentCustomer } from './payments';

/**
 * A provider invoice's status in our words. Asaas: SCHEDULED → scheduled; SYNCHRONIZED → synchronised; AUTHORIZED →
 * authorised; PROCESSING_CANCELLATION → cancelling; CANCELED → cancelled; CANCELLATION_DENIED → cancel_denied; ERROR →
 * error; anything unknown → scheduled (never "authorised" by accident).
 */
export type ProviderInvoiceStatus = 'scheduled' | 'synchronised' | 'authorised' | 'cancelling' | 'cancelled' | 'cancel_denied' | 'error';

export interface ScheduleInvoiceInput {
  /** Our invoice id: an invoice is found again by it after a timed-out request, never scheduled twice. */
  externalReference: string;
  /** The charge the invoice belongs to, when the provider made one; otherwise a stand-alone invoice to the customer. */
  providerPaymentId: string | null;
  /** The provider's customer, when known; else `customer` is found or created first. */
  providerCustomerId: string | null;
  customer: PaymentCustomer | null;
  value: Cents;
  description: string;
  /** YYYY-MM-DD (America/Sao_Paulo): the provider issues it on that day. */
  effectiveDate: string;
  municipalServiceId: string | null;
  municipalServiceCode: string;
  municipalServiceName: string;
  /** Percent. */
  issRate: number;
}

export interface ProviderInvoice {
  id: string;
  status: ProviderInvoiceStatus;
  externalReference: string | null;
  /** The provider's words about the status (an error's reason). */
  statusDescription: string | null;
  number: string | null;
  validationCode: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  /** The provider's customer the invoice was made out to. */
  customerId: string | null;
}

export interface ServiceInvoiceProvider {
  readonly name: 'sandbox' | 'asaas';
  /**
   * Schedules an invoice (issued on its effective date). Idempotent by externalReference. A refusal (fiscal data
   * missing, a bad field) is an `invalid` DomainError carrying the provider's own message; no answer is `unavailable`.
   */
  schedule(input: ScheduleInvoiceInput): Promise<ProviderInvoice>;
  /** The source of truth for an invoice's status and links. */
  get(providerInvoiceId: string): Promise<ProviderInvoice>;
  /** Asks for the cancellation (the status follows: cancelling, then cancelled or cancel_denied). */
  cancel(providerInvoiceId: string): Promise<ProviderInvoice>;
}
