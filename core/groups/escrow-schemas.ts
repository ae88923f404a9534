// The public answer of GET /api/groups/:id/escrow: totals in centavos and first names only (no e-mail, no full name,
// no other member's amount).
import { z } from 'zod';
import { GROUP_STATUSES } from './group-rules';

const figure = z.object({ count: z.number().int(), amount: z.number().int() });

export const groupEscrowSchema = z
  .object({
    group_id: z.string(),
    status: z.enum(GROUP_STATUSES),
    currency: z.literal('BRL'),
    paid_in: figure,
    held: figure.extend({ entries: figure, balances: figure, refund_pending: figure }),
    refunded: figure,
    credited: figure,
    released: figure,
    paid_to_professionals: figure,
    shipped: figure,
    members: z.array(z.object({ first_name: z.string(), is_me: z.boolean(), state: z.enum(['held', 'refund_pending', 'refunded', 'credited', 'released']) })),
    mine: z.object({ paid_in: z.number().int(), held: z.number().int(), refunded: z.number().int(), credited: z.number().int(), released: z.number().int() }),
  })
  .meta({ id: 'GroupEscrow' });
export type GroupEscrowAnswer = z.infer<typeof groupEscrowSchema>;
