// Payments' persistence ports: our record of each charge and the provider events received.
import type { PaymentMethod } from '../ports/payments';

export type PaymentPurpose = 'entry' | 'balance' | 'order';

export type LocalPaymentStatus = 'pending' | 'confirmed' | 'failed' | 'cancelled' | 'refund_pending' | 'refunded' | 'amount_mismatch';

export interface PaymentRecord {
  id: string;
  user_id: string;
  purpose: PaymentPurpose;
  ref_id: string;
  /** What the entry, balance or order costs; the provider charges `amount - wallet_amount`. */
  amount: number;
  /** The part paid with wallet credit (docs/product/payments.md#wallet); equal to `amount` for method WALLET (no provider charge). */
  wallet_amount: number;
  method: PaymentMethod | 'WALLET';
  installments: number;
  status: LocalPaymentStatus;
  provider: string;
  provider_customer_id: string | null;
  provider_payment_id: string | null;
  provider_status: string | null;
  pix_payload: string | null;
  pix_image: string | null;
  pix_expires_at: Date | null;
  boleto_url: string | null;
  invoice_url: string | null;
  due_date: string | null;
  confirmed_at: Date | null;
  refunded_amount: number;
  refund_requested_at: Date | null;
  refunded_at: Date | null;
  failure_reason: string | null;
  /** Boleto refunds: where the member chose to get the money ('pix' | 'wallet'); null while awaiting. */
  refund_destination?: 'pix' | 'wallet' | null;
  refund_pix_key_type?: string | null;
  /** Canonical DICT form. */
  refund_pix_key?: string | null;
  /** The provider's id of the one PIX transfer that refunded this boleto. */
  refund_transfer_id?: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface PaymentRepository {
  /** Inserts a new pending payment unless one is already pending for the same purpose and reference (then null). */
  createIfNoneLive(payment: Pick<PaymentRecord, 'user_id' | 'purpose' | 'ref_id' | 'amount' | 'method' | 'installments' | 'provider'>): Promise<PaymentRecord | null>;
  findById(id: string): Promise<PaymentRecord | null>;
  lock(id: string): Promise<PaymentRecord | null>;
  findByProviderId(providerPaymentId: string): Promise<PaymentRecord | null>;
  /** The payment a boleto refund's PIX transfer paid back. */
  findByRefundTransferId(providerTransferId: string): Promise<PaymentRecord | null>;
  /** The newest still-pending payment for this purpose and reference. */
  findPendingFor(purpose: PaymentPurpose, refId: string): Promise<PaymentRecord | null>;
  findConfirmedFor(purpose: PaymentPurpose, refId: string): Promise<PaymentRecord | null>;
  update(id: string, patch: Partial<PaymentRecord>): Promise<void>;
  moveIf(id: string, from: LocalPaymentStatus[], to: LocalPaymentStatus, patch?: Partial<PaymentRecord>): Promise<boolean>;
  listByStatus(status: LocalPaymentStatus, filter: { since?: Date; limit: number; withProvider?: boolean }): Promise<PaymentRecord[]>;
  listForUser(userId: string, offset: number, limit: number): Promise<{ items: PaymentRecord[]; total: number }>;
}

export interface PaymentEventRecord {
  id: string;
  provider: string;
  event_id: string;
  type: string;
  provider_payment_id: string | null;
  received_at: Date;
  processed_at: Date | null;
  outcome: string | null;
}

export interface PaymentEventRepository {
  /** Stores the event; null when the same provider event id was stored before (a redelivery). */
  insertIfNew(event: { provider: string; event_id: string; type: string; provider_payment_id: string | null; payload: unknown }): Promise<string | null>;
  markProcessed(id: string, at: Date, outcome: string, error?: string | null): Promise<void>;
  listUnprocessed(limit: number): Promise<PaymentEventRecord[]>;
}

export interface PaymentRepositories {
  payments: PaymentRepository;
  events: PaymentEventRepository;
}

/** The payments module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type PaymentsScope = { payments: PaymentRepositories };

/** The five PIX key types (Banco Central's DICT); here so that other modules' ports can name them without the validators. */
export const PIX_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** What a webhook came to: applied (processed), duplicate (already stored), refused_signature (bad token), error. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'refused_signature' | 'error';

/** Told what payments did, for the operator's metrics; never decides anything and must not throw. */
export interface PaymentObserver {
  /** A provider's charge confirmed, once per payment, after the confirming transaction committed. */
  paymentConfirmed(payment: Pick<PaymentRecord, 'method' | 'purpose' | 'created_at'> & { confirmed_at: Date }): void;
  webhookReceived(provider: string, outcome: WebhookOutcome): void;
}
