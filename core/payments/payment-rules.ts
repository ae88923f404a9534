// Pure rules of payments: the create-payment input, due dates in São Paulo, the amount check and the public view.
import { z } from 'zod';
import type { Cents } from '../shared/money';
import type { PaymentMethod } from '../ports/payments';
import type { LocalPaymentStatus, PaymentPurpose, PaymentRecord } from './ports';
import { refundChoiceOf } from './boleto-refund';

export const PAYMENT_METHODS: readonly PaymentMethod[] = ['PIX', 'BOLETO', 'CREDIT_CARD'];

/**
 * The payment's state table (docs/payments.md). A late confirmation may revive a charge we cancelled or saw fail (the
 * money arrived: it is kept, or refunded when its place is gone); a refund the provider reverses reopens it; a
 * cancelled charge may be re-stated as cancelled to record the provider's status. An amount mismatch waits for a person.
 */
const PAYMENT_MOVES: Record<LocalPaymentStatus, readonly LocalPaymentStatus[]> = {
  pending: ['confirmed', 'cancelled', 'failed', 'amount_mismatch'],
  cancelled: ['confirmed', 'cancelled', 'amount_mismatch'],
  failed: ['confirmed', 'amount_mismatch'],
  confirmed: ['refund_pending', 'refunded'],
  refund_pending: ['refunded'],
  refunded: ['refund_pending'],
  amount_mismatch: [],
};

export const canMovePayment = (from: LocalPaymentStatus, to: LocalPaymentStatus): boolean => PAYMENT_MOVES[from].includes(to);

/** The smallest charge the provider accepts (Asaas: R$ 5,00 for PIX, boleto and card). */
export const PROVIDER_MINIMUM_CHARGE: Cents = 500;

/** What the provider charges for a payment: its amount less the wallet credit used. */
export const providerAmountOf = (p: Pick<PaymentRecord, 'amount' | 'wallet_amount'>): Cents => p.amount - p.wallet_amount;

export const createPaymentSchema = z.object({
  purpose: z.enum(['entry', 'balance', 'order'], { message: 'Finalidade de pagamento inválida' }),
  ref_id: z.uuid({ message: 'Referência inválida' }),
  method: z.enum(['PIX', 'BOLETO', 'CREDIT_CARD'], { message: 'Escolha PIX, boleto ou cartão' }),
  installments: z.number().int().min(1).max(12, { message: 'No máximo 12 parcelas' }).default(1),
  /** Pay with wallet credit first (orders and balances); the server computes the split, never the client. */
  use_wallet: z.boolean({ message: 'Informe se deseja usar o saldo da carteira' }).default(false),
});
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

/** A provider's confirmation applies only when it paid exactly what we charged (docs/product/payments.md). */
export const amountMatches = (expected: Cents, paid: Cents) => Number.isSafeInteger(paid) && expected === paid;

/** YYYY-MM-DD in America/Sao_Paulo, `plusDays` ahead (Asaas refuses due dates before today there). */
export function saoPauloDate(now: Date, plusDays = 0): string {
  const d = new Date(now.getTime() + plusDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

export interface PaymentView {
  id: string;
  purpose: PaymentPurpose;
  ref_id: string;
  status: string;
  confirmed: boolean;
  amount: number;
  /** Paid with wallet credit ("Crédito usado"); the rest (`amount - wallet_amount`) through the provider. */
  wallet_amount: number;
  method: string;
  installments: number;
  provider: string;
  pix?: { payload: string; image: string; expires_at: string };
  boleto_url?: string;
  invoice_url?: string;
  created_at: string;
  confirmed_at: string | null;
  refunded_amount: number;
  /** Boleto refunds only: `awaiting_choice` until the member picks a PIX key or wallet credit. */
  refund_destination?: 'awaiting_choice' | 'pix' | 'wallet';
}

export function toPaymentView(p: PaymentRecord): PaymentView {
  return {
    id: p.id,
    purpose: p.purpose,
    ref_id: p.ref_id,
    status: p.status,
    confirmed: p.status === 'confirmed',
    amount: p.amount,
    wallet_amount: p.wallet_amount,
    method: p.method,
    installments: p.installments,
    provider: p.provider,
    ...(p.pix_payload && p.pix_image && p.pix_expires_at ? { pix: { payload: p.pix_payload, image: p.pix_image, expires_at: p.pix_expires_at.toISOString() } } : {}),
    ...(p.boleto_url ? { boleto_url: p.boleto_url } : {}),
    ...(p.invoice_url ? { invoice_url: p.invoice_url } : {}),
    created_at: p.created_at.toISOString(),
    confirmed_at: p.confirmed_at?.toISOString() ?? null,
    refunded_amount: p.refunded_amount,
    ...refundChoiceView(p),
  };
}

/** Boleto refunds: where the money goes (or that the member must choose); card refunds: the statement notice. */
function refundChoiceView(p: PaymentRecord): Pick<PaymentView, 'refund_destination'> {
  const choice = refundChoiceOf(p);
  return choice ? { refund_destination: choice } : {};
}
