// The public answer of the wallet: balance and newest entries.
import { z } from 'zod';

export const walletSummarySchema = z
  .object({
    balance: z.number().int(),
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.string(),
        amount: z.number().int(),
        kind: z.enum(['entry_credit', 'referral_bonus', 'spend', 'adjustment']),
        description: z.string(),
        created_at: z.string().meta({ format: 'date-time' }),
      }),
    ),
  })
  .meta({ id: 'Wallet' });
