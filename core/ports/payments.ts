// The payment port (docs/product/payments.md): what the core asks of a provider, in centavos and our own words.
import type { Cents } from '../shared/money';

export type PaymentMethod = 'PIX' | 'BOLETO' | 'CREDIT_CARD';

/**
 * A provider's payment status in our words. Asaas: PENDING/AWAITING_RISK_ANALYSIS → pending;
 * RECEIVED/CONFIRMED/RECEIVED_IN_CASH → confirmed; OVERDUE → overdue; REFUND_REQUESTED/REFUND_IN_PROGRESS →
 * refunding; REFUNDED → refunded; CHARGEBACK_* → chargeback; deleted → cancelled; anything unknown → pending.
 */
export type ProviderPaymentStatus = 'pending' | 'confirmed' | 'overdue' | 'refunding' | 'refunded' | 'chargeback' | 'cancelled';

export interface PaymentCustomer {
  name: string;
  /** 11 digits. */
  cpf: string;
  email: string;
  phone?: string | null;
  postalCode?: string | null;
  addressNumber?: string | null;
  /** Our user id. */
  externalReference: string;
}

export interface CreateChargeInput {
  customerId: string;
  method: PaymentMethod;
  amount: Cents;
  /** Due date as YYYY-MM-DD in America/Sao_Paulo (never before today there). */
  dueDate: string;
  description: string;
  /** Our payment id: a charge is found again by it after a timed-out request, never created twice. */
  externalReference: string;
  /** Card only: 1–12. */
  installments?: number;
}

export interface ProviderCharge {
  providerId: string;
  status: ProviderPaymentStatus;
  amount: Cents;
  externalReference: string | null;
  method: PaymentMethod | null;
  /** The provider's hosted page (card form, receipt). */
  invoiceUrl: string | null;
  boletoUrl: string | null;
  /** Sum of refunds done so far. */
  refundedAmount: Cents;
  /** The charge's due date as the provider holds it (YYYY-MM-DD, America/Sao_Paulo), when it says. */
  dueDate?: string | null;
}

export interface PixQrCode {
  /** The copia-e-cola BR Code. */
  payload: string;
  /** PNG as a data: URL. */
  image: string;
  expiresAt: Date;
}

export interface PaymentWebhookEvent {
  /** The provider's event id; redeliveries keep it (the unique key that makes processing exactly-once). */
  eventId: string;
  /** e.g. PAYMENT_RECEIVED; unknown types are accepted and ignored. */
  type: string;
  providerPaymentId: string | null;
  externalReference: string | null;
  /** When the provider created the event (for ordering diagnostics only: state comes from re-reading the charge). */
  createdAt: Date | null;
  /** TRANSFER_* events: the provider's transfer id (its externalReference, our payout id, is in `externalReference`). */
  providerTransferId?: string | null;
  /** INVOICE_* events: the provider's service invoice id (its externalReference, our invoice id, is in `externalReference`). */
  providerInvoiceId?: string | null;
}

/** The PIX key types a transfer can go to (Asaas `pixAddressKeyType`). */
export type TransferPixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

/**
 * A transfer's status in our words. Asaas: PENDING/BANK_PROCESSING/BLOCKED (and anything unknown) → pending;
 * DONE → done; FAILED → failed; CANCELLED → cancelled.
 */
export type ProviderTransferStatus = 'pending' | 'done' | 'failed' | 'cancelled';

export interface CreateTransferInput {
  /** Centavos. */
  value: Cents;
  pixKey: string;
  pixKeyType: TransferPixKeyType;
  description: string;
  /** Our payout id: a transfer is found again by it after a timed-out request, never sent twice. */
  externalReference: string;
}

export interface ProviderTransfer {
  id: string;
  status: ProviderTransferStatus;
  value?: Cents;
  externalReference?: string | null;
  /** Why the provider failed it, when it says. */
  failReason?: string | null;
  /** The provider's receipt page, once done. */
  receiptUrl?: string | null;
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'asaas';
  /** Finds the provider customer by CPF or creates it; returns the provider's customer id. */
  ensureCustomer(customer: PaymentCustomer): Promise<string>;
  /** Creates a charge; idempotent by externalReference (a retry after a timeout returns the existing charge). */
  createCharge(input: CreateChargeInput): Promise<ProviderCharge>;
  getPixQrCode(providerPaymentId: string): Promise<PixQrCode>;
  /** The source of truth for a charge's status. */
  getCharge(providerPaymentId: string): Promise<ProviderCharge>;
  /**
   * Cancels a charge that is still unpaid (Asaas `DELETE /payments/{id}`), so its PIX QR code or boleto no longer takes
   * money. A charge the provider no longer knows (already deleted) counts as done; a paid one is an `invalid` DomainError.
   */
  cancelCharge(providerPaymentId: string): Promise<void>;
  /** Full refund when amount is omitted. */
  refund(providerPaymentId: string, amount?: Cents, description?: string): Promise<ProviderCharge>;
  /**
   * Sends a PIX to a key (a professional's payout). Idempotent by externalReference: after an unknown outcome the
   * transfer is looked up, never sent blindly again. A refused transfer (bad key, no balance) is an `invalid` DomainError.
   */
  createTransfer(input: CreateTransferInput): Promise<ProviderTransfer>;
  /** The source of truth for a transfer's status. */
  getTransfer(providerTransferId: string): Promise<ProviderTransfer>;
  /** Authenticates (constant-time token compare) and parses a webhook; throws an `unauthenticated` DomainError when the token is wrong. */
  parseWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): PaymentWebhookEvent;
}
