// Boleto refunds: the provider cannot refund a boleto, so the member chooses where the money goes — a PIX
// key (one transfer through the payment port) or wallet credit. Card refunds go back through the provider and show
// on the card statement within 10 business days.
import { z } from 'zod';
import type { PaymentRecord } from './ports';
import { pixKeySchema } from './pix-key';

export const CARD_REFUND_NOTICE = 'O estorno aparece na fatura do cartão em até 10 dias úteis.';

/** A refund of this payment needs the member's choice (a boleto whose provider part is above zero). */
export function needsRefundChoice(p: Pick<PaymentRecord, 'method' | 'amount' | 'wallet_amount'>): boolean {
  return p.method === 'BOLETO' && p.amount - p.wallet_amount > 0;
}

/** Where a boleto refund stands: awaiting the member's choice, or the choice made; null when not a boleto refund. */
export function refundChoiceOf(p: Pick<PaymentRecord, 'method' | 'amount' | 'wallet_amount' | 'status'> & { refund_destination?: string | null }): 'awaiting_choice' | 'pix' | 'wallet' | null {
  if (!needsRefundChoice(p) || (p.status !== 'refund_pending' && p.status !== 'refunded')) return null;
  if (p.refund_destination === 'pix' || p.refund_destination === 'wallet') return p.refund_destination;
  return p.status === 'refund_pending' ? 'awaiting_choice' : null;
}

/** POST /api/payments/:id/refund-destination. */
export const refundDestinationSchema = z.discriminatedUnion(
  'type',
  [z.object({ type: z.literal('pix'), pix_key: pixKeySchema }), z.object({ type: z.literal('wallet') })],
  { error: 'Escolha como receber o reembolso: chave PIX ou crédito na carteira' },
);
export type RefundDestinationInput = z.input<typeof refundDestinationSchema>;

/** The unique wallet ref of a boleto refund credited to the wallet (applied once). */
export const boletoRefundWalletRef = (paymentId: string) => `payment:${paymentId}:refund-credit`;
