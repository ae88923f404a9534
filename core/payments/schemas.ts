// The public answers of payments (a charge as its payer sees it, its status), as zod schemas.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';


export const paymentSchema = z
  .object({
    id: z.string(),
    purpose: z.enum(['entry', 'balance', 'order']),
    ref_id: z.string(),
    status: z.string(),
    confirmed: z.boolean(),
    amount: z.number().int(),
    wallet_amount: z.number().int().meta({ description: 'Paid with wallet credit; the provider charges amount - wallet_amount.' }),
    method: z.string(),
    installments: z.number().int(),
    provider: z.string(),
    pix: z.object({ payload: z.string(), image: z.string(), expires_at: dateTimeAnswer }).optional(),
    boleto_url: z.string().optional(),
    invoice_url: z.string().optional(),
    created_at: dateTimeAnswer,
    confirmed_at: dateTimeAnswer.nullable(),
    refunded_amount: z.number().int(),
    /** Boleto refunds only: `awaiting_choice` until the member picks a PIX key or wallet credit. */
    refund_destination: z.enum(['awaiting_choice', 'pix', 'wallet']).optional(),
  })
  .meta({ id: 'Payment' });

export const paymentListSchema = z.object({
  items: z.array(
    paymentSchema
      .extend({
        has_receipt: z.boolean().describe('Money was received (even if refunded later): GET /api/payments/:id/receipt answers.'),
      })
      .meta({ id: 'PaymentLine' }),
  ),
  total: z.number().int(),
});

export const paymentStatusSchema = z
  .object({
    id: z.string(),
    status: z.enum(['pending', 'confirmed', 'failed', 'cancelled', 'refund_pending', 'refunded', 'amount_mismatch']),
    confirmed: z.boolean(),
  })
  .meta({ id: 'PaymentStatus' });

export const webhookAnswerSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
