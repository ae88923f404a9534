// The public answers of the professionals module (applications, profiles, nearby search, vouchers at the counter,
// receivables, reviews), as zod schemas: the OpenAPI description and the web types come from them.
import { z } from 'zod';
import { PIX_KEY_TYPES } from '../payments';
import { PROFESSIONAL_STATUSES } from './professional-rules';
import { RECEIVABLE_STATUSES } from './receivable-rules';
import { REDEMPTION_REFUSALS } from './redemption-rules';
import { addressAnswerFields } from '../address';
import { dateTimeAnswer } from '../shared/answer-schemas';

const professionalStatus = z.enum(PROFESSIONAL_STATUSES);
const receivableStatus = z.enum(RECEIVABLE_STATUSES);
const register = z.object({ council: z.literal('CRO'), number: z.string(), uf: z.string() });

export const applicationCreatedSchema = z.object({ id: z.string(), status: professionalStatus });

/** The professional's own application or profile. */
export const myProfessionalSchema = z.object({
  id: z.string(),
  status: professionalStatus,
  approved: z.boolean(),
  category: z.string(),
  business_name: z.string(),
  full_name: z.string(),
  tax_id: z.string(),
  register: register.nullable(),
  cep: z.string(),
  ...addressAnswerFields,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  bio: z.string(),
  pix_key: z.object({ type: z.enum(PIX_KEY_TYPES), key: z.string() }),
  rating_average: z.number(),
  total_reviews: z.number().int(),
  featured_until: dateTimeAnswer.nullable(),
  rejection_reason: z.string().nullable(),
  suspended_reason: z.string().nullable(),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  created_at: dateTimeAnswer,
});

export const nearbyProfessionalSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  business_name: z.string(),
  category: z.string(),
  city: z.string().nullable(),
  rating_average: z.number(),
  total_reviews: z.number().int(),
  distance_km: z.number(),
  /** The business address's coordinates (public, as on the profile): where the map puts the marker. */
  latitude: z.number(),
  longitude: z.number(),
  featured: z.boolean(),
  photo_url: z.string().nullable(),
});

export const nearbyAnswerSchema = z.object({
  items: z.array(nearbyProfessionalSchema),
  total: z.number().int(),
  radius_km: z.number(),
  /** When fewer than 5 are found: the nearest step of the radius ladder that finds more and how many (the whole country's count when none does). */
  wider: z.object({ radius_km: z.number(), total: z.number().int() }).optional(),
});

export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  first_name: z.string(),
  reply: z.string().nullable(),
  replied_at: dateTimeAnswer.nullable(),
  created_at: dateTimeAnswer,
});

export const publicProfessionalSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  business_name: z.string(),
  category: z.string(),
  bio: z.string(),
  register: z.string().nullable(),
  /** The business address (street, number, district) shown with the map on the public profile. */
  street: z.string().nullable(),
  number: z.string().nullable(),
  district: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  rating_average: z.number(),
  total_reviews: z.number().int(),
  featured: z.boolean(),
  photos: z.array(z.object({ id: z.string(), url: z.string() })),
  reviews: z.array(publicReviewSchema),
});

export const voucherLookupSchema = z.object({
  code: z.string(),
  plan: z.object({ id: z.string(), name: z.string(), category: z.string().nullable() }),
  member_first_name: z.string(),
  status: z.enum(['awaiting_balance', 'redeemable', 'redeemed', 'cancelled']),
  /** Whether the caller may redeem it now: the redeem's own rule (redemptionRefusal), so the two never disagree. */
  can_redeem: z.boolean(),
  /** Why not (the code the redeem would answer with), null when it can. */
  reason: z.enum(REDEMPTION_REFUSALS).nullable(),
  /** The reason in words, naming the voucher's category and who may redeem it. */
  reason_message: z.string().nullable(),
});

export const receivableSchema = z.object({
  id: z.string(),
  voucher_id: z.string(),
  plan: z.object({ id: z.string(), name: z.string() }),
  member_first_name: z.string(),
  gross: z.number().int(),
  fee: z.number().int(),
  fee_percent: z.number(),
  net: z.number().int(),
  status: receivableStatus,
  available_at: dateTimeAnswer,
  created_at: dateTimeAnswer,
});

export const redeemAnswerSchema = z.object({
  code: z.string(),
  status: z.literal('redeemed'),
  redeemed_at: dateTimeAnswer,
  receivable: receivableSchema,
});

export const myReceivablesSchema = z.object({
  items: z.array(receivableSchema),
  totals: z.record(receivableStatus, z.number().int()),
});

export const reviewSchema = z.object({
  id: z.string(),
  voucher_id: z.string(),
  professional_id: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: dateTimeAnswer.nullable(),
  created_at: dateTimeAnswer,
});

export const adminProfessionalSchema = myProfessionalSchema
  .omit({ photos: true })
  .extend({
    user_id: z.string(),
    decided_at: dateTimeAnswer.nullable(),
    featured: z.boolean(),
  })
  .meta({ id: 'AdminProfessional' });

/** GET /api/admin/professionals/:id: the application with its portfolio photos. */
export const adminProfessionalDetailSchema = adminProfessionalSchema
  .extend({
    photos: z.array(z.object({ id: z.string(), url: z.string() })),
  })
  .meta({ id: 'AdminProfessionalDetail' });

/** A review as the back office sees it (GET /api/admin/reviews). */
export const adminReviewSchema = z.object({
  id: z.string(),
  voucher_id: z.string(),
  professional_id: z.string(),
  professional_business_name: z.string(),
  user_id: z.string(),
  reviewer_first_name: z.string(),
  reviewer_email: z.string().nullable(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: dateTimeAnswer.nullable(),
  hidden: z.boolean(),
  hidden_at: dateTimeAnswer.nullable(),
  hidden_reason: z.string().nullable(),
  reported_count: z.number().int(),
  created_at: dateTimeAnswer,
}).meta({ id: 'AdminReview' });
