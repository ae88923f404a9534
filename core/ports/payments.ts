// The payment port (PRODUCT.md §6): what the core asks of a provider, in centavos and our own words.
import type { Cents } from '../shared/money';

export type PaymentMethod = 'PIX' | 'BOLETO' | 'CREDIT_CARD';
export type ProviderPaymentStatus = 'pending' | 'confirmed' | 'overdue' | 'refunded' | 'cancelled' | 'failed';

export interface PaymentCustomer {
  name: string;
  cpf: string;
  email: string;
  phone?: string | null;
}

export interface CreateChargeInput {
  customerId: string;
  method: PaymentMethod;
  amount: Cents;
  /** Due date as YYYY-MM-DD in America/Sao_Paulo. */
  dueDate: string;
  description: string;
  /** Our payment id, so a charge can be found again after a timed-out request. */
  externalReference: string;
  installments?: number;
}

export interface ProviderCharge {
  providerId: string;
  status: ProviderPaymentStatus;
  amount: Cents;
  invoiceUrl: string | null;
  boletoUrl: string | null;
}

export interface PixQrCode {
  payload: string;
  /** PNG as a data: URL. */
  image: string;
  expiresAt: Date;
}

export interface PaymentWebhookEvent {
  eventId: string;
  type: string;
  providerPaymentId: string | null;
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'asaas';
  ensureCustomer(customer: PaymentCustomer): Promise<string>;
  createCharge(input: CreateChargeInput): Promise<ProviderCharge>;
  getPixQrCode(providerPaymentId: string): Promise<PixQrCode>;
  getCharge(providerPaymentId: string): Promise<ProviderCharge>;
  refund(providerPaymentId: string, amount?: Cents): Promise<ProviderCharge>;
  /** Authenticates and parses a webhook; throws an `unauthenticated` DomainError when the token is wrong. */
  parseWebhook(headers: Record<string, string | undefined>, body: unknown): PaymentWebhookEvent;
}
