// What goes in and out of the campaigns module: the admin's campaign form, its back-office view and the public offer.
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';
import { CAMPAIGN_BONUS_TYPES, CAMPAIGN_STATUSES } from './campaign-rules';

const moment = (label: string, bad: string) =>
  z
    .string({ message: `Informe ${label}` })
    .trim()
    .min(1, { message: `Informe ${label}` })
    .refine((s) => !Number.isNaN(Date.parse(s)), { message: bad })
    .transform((s) => new Date(s))
    .meta({ format: 'date-time' });

/** An amount in centavos; `what` is the field's noun with its article ("o orçamento"). */
const cents = (what: string) => {
  const subject = what.charAt(0).toUpperCase() + what.slice(1);
  return z
    .number({ message: `Informe ${what} em centavos` })
    .int({ message: `${subject} deve estar em centavos` })
    .positive({ message: `${subject} deve ser maior que zero` })
    .max(100_000_000, { message: `${subject} não pode passar de R$ 1.000.000,00` });
};

export const campaignInputSchema = z
  .object({
    name: z.string({ message: 'Informe o nome da campanha' }).trim().min(3, { message: 'Informe o nome da campanha' }).max(120),
    starts_at: moment('a data de início', 'Data de início inválida'),
    ends_at: moment('a data de término', 'Data de término inválida'),
    bonus_type: z.enum(CAMPAIGN_BONUS_TYPES, { message: 'Escolha bônus fixo ou percentual da taxa' }),
    /** Centavos ('fixed') or basis points of the platform fee ('fee_percent', 1–10000). */
    bonus_value: z.number({ message: 'Informe o valor do bônus' }).int({ message: 'O valor do bônus deve ser inteiro' }).positive({ message: 'O bônus deve ser maior que zero' }),
    cap_per_inviter: cents('o limite por pessoa'),
    budget: cents('o orçamento'),
  })
  .refine((c) => !(c.starts_at instanceof Date) || !(c.ends_at instanceof Date) || c.ends_at.getTime() > c.starts_at.getTime(), { message: 'O término deve ser depois do início', path: ['ends_at'] })
  .refine((c) => c.bonus_type !== 'fee_percent' || c.bonus_value <= 10_000, { message: 'O percentual não pode passar de 100% da taxa', path: ['bonus_value'] })
  .refine((c) => c.cap_per_inviter <= c.budget, { message: 'O limite por pessoa não pode passar do orçamento', path: ['cap_per_inviter'] });
export type CampaignInput = z.input<typeof campaignInputSchema>;

const bonusType = z.enum(CAMPAIGN_BONUS_TYPES);

export const adminCampaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    starts_at: dateTimeAnswer,
    ends_at: dateTimeAnswer,
    bonus_type: bonusType,
    bonus_value: z.number().int(),
    cap_per_inviter: z.number().int(),
    budget: z.number().int(),
    spent: z.number().int(),
    remaining: z.number().int(),
    status: z.enum(CAMPAIGN_STATUSES),
    phase: z.enum(['scheduled', 'running', 'finished', 'ended']),
    ended_at: dateTimeAnswer.nullable(),
    created_at: dateTimeAnswer,
  })
  .meta({ id: 'AdminCampaign' });

export const campaignBonusViewSchema = z
  .object({
    id: z.string(),
    inviter_user_id: z.string(),
    inviter_name: z.string().nullable(),
    inviter_email: z.string().nullable(),
    invitee_member_id: z.string(),
    group_id: z.string(),
    amount: z.number().int(),
    status: z.enum(['credited', 'reversed']),
    reversed_at: dateTimeAnswer.nullable(),
    created_at: dateTimeAnswer,
  })
  .meta({ id: 'CampaignBonus' });

export const adminCampaignDetailSchema = adminCampaignSchema
  .extend({
    bonuses: z.array(campaignBonusViewSchema),
    bonuses_credited: z.number().int(),
    bonuses_reversed: z.number().int(),
  })
  .meta({ id: 'AdminCampaignDetail' });

/** GET /api/campaigns/active: what the landing and invite screens show (no budget figures). */
export const campaignOfferSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    bonus_type: bonusType,
    /** Centavos ('fixed') or basis points of the platform fee ('fee_percent'). */
    bonus_value: z.number().int(),
    cap_per_inviter: z.number().int(),
    ends_at: dateTimeAnswer,
  })
  .meta({ id: 'CampaignOffer' });
export type CampaignOffer = z.infer<typeof campaignOfferSchema>;
