// The account deletion's contract: the body of DELETE /api/me and the answers of the plan and the deletion.
import { z } from 'zod';
import { pixKeySchema } from '../payments';

/** DELETE /api/me: the password again, and the PIX key that receives the refunds when the plan asks for one. */
export const accountDeletionSchema = z.object({
  password: z.string({ message: 'Informe sua senha para confirmar' }).min(1, { message: 'Informe sua senha para confirmar' }).max(1024),
  pix_key: pixKeySchema.nullish(),
});
export type AccountDeletionInput = z.input<typeof accountDeletionSchema>;

export const deletionPlanAnswerSchema = z
  .object({
    can_delete: z.boolean(),
    blockers: z.array(z.object({ code: z.string(), message: z.string() })).describe('Why the account cannot be deleted now, and what to do (in the request language).'),
    memberships: z.array(
      z.object({
        member_id: z.string(),
        group_id: z.string(),
        plan_name: z.string(),
        action: z.enum(['release_hold', 'withdraw']),
        scope: z.enum(['entry', 'purchase']).nullable(),
        refund: z.number().int().describe('Centavos refunded to the original payment.'),
      }),
    ),
    charges: z.array(z.object({ payment_id: z.string(), purpose: z.enum(['entry', 'balance', 'order']), amount: z.number().int() })),
    boleto_refunds: z.number().int().describe('Centavos of boleto refunds sent by PIX to the given key.'),
    credit_refund: z.number().int().describe('Wallet credit refunded by one PIX transfer, centavos.'),
    pix_key_required: z.boolean(),
  })
  .meta({ id: 'AccountDeletionPlan' });

export const accountDeletionAnswerSchema = z.object({
  message: z.string(),
  retention: z.string(),
  withdrawn: z.number().int(),
  released: z.number().int(),
  charges_cancelled: z.number().int(),
  refund: z.object({ amount: z.number().int(), payout_id: z.string() }).nullable(),
});
