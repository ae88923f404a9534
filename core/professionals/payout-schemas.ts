// The public answers about payouts (GET /api/me/payouts, the back office's run), as zod schemas: the OpenAPI
// description and the web types come from them.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';
import { PAYOUT_STATUSES } from './payout-rules';

export const payoutSchema = z
  .object({
    id: z.string(),
    /** Centavos. */
    amount: z.number().int(),
    status: z.enum(PAYOUT_STATUSES),
    created_at: dateTimeAnswer,
    paid_at: dateTimeAnswer.nullable(),
    failure_reason: z.string().nullable(),
    receipt_url: z.string().nullable(),
  })
  .meta({ id: 'Payout' });

export const myPayoutsSchema = z.object({ items: z.array(payoutSchema), total: z.number().int() }).meta({ id: 'PayoutList' });

export const payoutRunAnswerSchema = z
  .object({
    /** How many payouts were created (one per professional at most). */
    payouts: z.number().int(),
    /** Their total, centavos. */
    amount: z.number().int(),
  })
  .meta({ id: 'PayoutRun' });
