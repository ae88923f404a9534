// The public answers about commissions (GET /api/me/influencer, the back office's commissions panel), as zod schemas:
// the OpenAPI description and the web types come from them.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';
import { COMMISSION_SOURCES, COMMISSION_STATUSES } from './commission-rules';

export const influencerDashboardQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { message: 'Período inválido: use 7, 30 ou 90 dias.' })
    .default('30')
    .transform((d) => Number(d) as 7 | 30 | 90),
});

const commissionTotalsSchema = z.object({
  /** Centavos, still inside the 7-day withdrawal window. */
  pending: z.number().int(),
  /** Centavos, available (or on their way in a payout). */
  available: z.number().int(),
  /** Centavos, paid by a payout. */
  paid: z.number().int(),
  /** Centavos owed: commissions paid out whose purchase was refunded later, deducted from the next payouts. */
  clawback: z.number().int(),
});

export const influencerDashboardSchema = z
  .object({
    code: z.string(),
    status: z.enum(['approved', 'suspended']),
    commission_rate_bp: z.number().int(),
    links: z.object({ short: z.string(), ref: z.string(), indicacao: z.string() }).nullable(),
    /** The short link as a QR code (SVG), for print and stories. */
    qr_svg: z.string().nullable(),
    days: z.number().int(),
    clicks: z.number().int(),
    signups: z.number().int(),
    paying_users: z.number().int(),
    /** Percent, one decimal. */
    conversion_rate: z.number(),
    commissions: commissionTotalsSchema,
    series: z.array(z.object({ date: z.string(), clicks: z.number().int(), signups: z.number().int(), commissions: z.number().int() })),
  })
  .meta({ id: 'InfluencerDashboard' });

export const adminCommissionSchema = z
  .object({
    id: z.string(),
    source_type: z.enum(COMMISSION_SOURCES),
    source_id: z.string(),
    base_fee: z.number().int(),
    rate_bp: z.number().int(),
    amount: z.number().int(),
    status: z.enum(COMMISSION_STATUSES),
    available_at: dateTimeAnswer,
    payout_id: z.string().nullable(),
    reversed_at: dateTimeAnswer.nullable(),
    /** Paid out, then its purchase was refunded: owed by the influencer until a payout deducts it. */
    clawback_at: dateTimeAnswer.nullable(),
    /** The payout that deducted the claw-back. */
    clawback_payout_id: z.string().nullable(),
    created_at: dateTimeAnswer,
  })
  .meta({ id: 'AdminCommission' });

export const adminCommissionTotalsSchema = commissionTotalsSchema.extend({ reversed: z.number().int() }).meta({ id: 'AdminCommissionTotals' });
