// Service invoices' records and repository port; the module owns the `service_invoices` table.
import type { Cents } from '../shared/money';
import type { ServiceInvoiceStatus } from './service-invoice-rules';

/** What an invoice is for: the platform's fee on one member's completed purchase (the voucher's id). */
export type ServiceInvoiceSource = 'group_purchase';

export interface ServiceInvoiceRecord {
  id: string;
  source: ServiceInvoiceSource;
  source_id: string;
  /** The payment that completed the purchase (the balance): the receipt and the history show the invoice with it. */
  payment_id: string;
  amount: Cents;
  description: string;
  /** When the taxable event happened (the purchase completed). */
  occurred_at: Date;
  status: ServiceInvoiceStatus;
  provider: string;
  provider_invoice_id: string | null;
  /** The provider's charge the invoice is linked to; null when the purchase was paid without one (wallet credit). */
  provider_payment_id: string | null;
  provider_customer_id: string | null;
  provider_status: string | null;
  number: string | null;
  validation_code: string | null;
  pdf_url: string | null;
  xml_url: string | null;
  /** The provider's message when it refused or failed the invoice (or its cancellation). */
  error_message: string | null;
  /** Set when the purchase was withdrawn or refunded: the invoice is to be cancelled. */
  cancel_requested_at: Date | null;
  cancel_reason: string | null;
  attempts: number;
  authorised_at: Date | null;
  cancelled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewServiceInvoice = Pick<ServiceInvoiceRecord, 'source' | 'source_id' | 'payment_id' | 'amount' | 'description' | 'occurred_at' | 'provider' | 'provider_payment_id' | 'provider_customer_id'>;

export type ServiceInvoicePatch = Partial<Omit<ServiceInvoiceRecord, 'id' | 'source' | 'source_id' | 'status' | 'created_at'>>;

export interface ServiceInvoiceListQuery {
  /** occurred_at in [from, to). */
  from?: Date;
  to?: Date;
  status?: ServiceInvoiceStatus;
  offset: number;
  limit: number;
}

export interface ServiceInvoiceRepository {
  /** Once per source: null when the purchase already has its invoice. */
  createIfNew(row: NewServiceInvoice): Promise<ServiceInvoiceRecord | null>;
  findById(id: string): Promise<ServiceInvoiceRecord | null>;
  findBySource(source: ServiceInvoiceSource, sourceId: string): Promise<ServiceInvoiceRecord | null>;
  findByProviderId(providerInvoiceId: string): Promise<ServiceInvoiceRecord | null>;
  /** Row lock inside a transaction. */
  lock(id: string): Promise<ServiceInvoiceRecord | null>;
  update(id: string, patch: ServiceInvoicePatch): Promise<void>;
  /** Moves the status only from `from` (conditional update); false when the row was elsewhere. */
  moveIf(id: string, from: readonly ServiceInvoiceStatus[], to: ServiceInvoiceStatus, patch?: ServiceInvoicePatch): Promise<boolean>;
  /** What the reconcile job looks at: not sent yet, in progress at the provider, or a cancellation not done; oldest first. */
  listOpen(limit: number): Promise<ServiceInvoiceRecord[]>;
  list(query: ServiceInvoiceListQuery): Promise<{ items: ServiceInvoiceRecord[]; total: number }>;
  listByPaymentIds(paymentIds: readonly string[]): Promise<ServiceInvoiceRecord[]>;
}

export type ServiceInvoicesScope = { serviceInvoices: { invoices: ServiceInvoiceRepository } };
