// Answer schemas of the influencer routes (the OpenAPI description and shapeAnswer read them).
import { z } from 'zod';
import { INFLUENCER_STATUSES } from './influencer-rules';

const status = z.enum(INFLUENCER_STATUSES);
const dateTime = z.string().meta({ format: 'date-time' });

/** `mail_sent` when the account was created with the application (the confirmation e-mail is on its way). */
export const influencerApplicationCreatedSchema = z.object({ id: z.string(), status, mail_sent: z.boolean().optional() });

export const influencerFunnelSchema = z.object({ clicks: z.number().int(), signups: z.number().int(), self_referrals: z.number().int(), flagged: z.number().int() });

export const adminInfluencerSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
  status,
  code: z.string().nullable(),
  code_changes: z.number().int(),
  commission_rate_bp: z.number().int().nullable(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  youtube: z.string().nullable(),
  audience_size: z.number().int(),
  niche: z.string(),
  pix_key: z.object({ type: z.string(), key: z.string() }),
  rejection_reason: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  approved_at: dateTime.nullable(),
  created_at: dateTime,
}).meta({ id: 'AdminInfluencer' });

export const adminInfluencerDetailSchema = adminInfluencerSchema.extend({ funnel: influencerFunnelSchema }).meta({ id: 'AdminInfluencerDetail' });

export const influencerCodeChangedSchema = z.object({ code: z.string(), code_changes: z.number().int() });
