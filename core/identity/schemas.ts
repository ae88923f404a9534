// The public answers of the identity module (what the API shows of an account), as zod schemas: the HTTP contract
// produces its answers through them, so a stored field (metadata, password hash) never leaves by accident.
import { z } from 'zod';
import { ROLES } from './roles';
import { ORIGINS } from '../referrals';
import { addressAnswerFields } from '../address';
import { dateTimeAnswer } from '../shared/answer-schemas';

/** ISO 8601 date-time text (documented format; the value is written by the server). */

export const publicUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    full_name: z.string(),
    email_confirmed: z.boolean(),
    created_at: dateTimeAnswer,
  })
  .meta({ id: 'PublicUser' });

/**
 * The profile as its owner sees it: personal data and address. `metadata` (internal bookkeeping: pending redirects,
 * group invites) stays on the server. `origem` is kept: the web app's origin tracker reads it to avoid re-posting.
 */
export const ownProfileSchema = z
  .object({
    user_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: z.string(),
    cpf: z.string().nullable(),
    phone: z.string().nullable(),
    birth_date: z.string().nullable(),
    cep: z.string().nullable(),
    ...addressAnswerFields,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    origem: z.enum(ORIGINS).nullable(),
  })
  .meta({ id: 'OwnProfile' });

export const meAnswerSchema = z
  .object({
    user: publicUserSchema,
    profile: ownProfileSchema.nullable(),
    second_factor: z
      .enum(['enrol', 'verify'])
      .optional()
      .describe('Admins only: the session is password-only and must enrol (first admin sign-in) or verify a code before admin routes answer.'),
  })
  .meta({ id: 'Me' });
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/** GET /api/auth/session: the same answer as GET /api/me when signed in; signed out is an answer too, not an error. */
export const sessionProbeAnswerSchema = z
  .object({
    user: publicUserSchema.nullable(),
    profile: ownProfileSchema.nullable(),
    second_factor: meAnswerSchema.shape.second_factor,
  })
  .meta({ id: 'SessionProbe' });

export const signupAnswerSchema = z.object({ user: publicUserSchema, mail_sent: z.boolean(), message: z.string() });

/** A session was granted (login, confirmation): who, and where the web app goes next. */
export const sessionAnswerSchema = z
  .object({
    user: publicUserSchema,
    redirect_to: z.string(),
    redirect_state: z.record(z.string(), z.unknown()).optional().describe('Navigation state for `redirect_to` (a pending checkout: `{ plan }`).'),
  })
  .meta({ id: 'SessionGrant' });

export const messageAnswerSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

const nullableDate = dateTimeAnswer.nullable();

/** GET /api/me/export (LGPD art. 18, II and V): every stored row about the user, secrets left out. */
/** One exported row: its columns as stored (dates as ISO strings in the JSON). */
const exportRow = z.record(z.string(), z.unknown());

export const accountExportSchema = z.object({
  exported_at: dateTimeAnswer,
  legal_basis: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    email_confirmed_at: nullableDate,
    blocked_at: nullableDate,
    last_login_at: nullableDate,
    deleted_at: nullableDate,
    created_at: dateTimeAnswer,
  }),
  // The export is the person's own data in full, bookkeeping included (that is the point of portability).
  profile: ownProfileSchema.omit({ role: true }).extend({ metadata: z.record(z.string(), z.unknown()) }).nullable(),
  sessions: z.array(z.object({ id: z.string(), ip: z.string().nullable(), user_agent: z.string().nullable(), created_at: dateTimeAnswer, last_seen_at: dateTimeAnswer, expires_at: dateTimeAnswer })),
  links_sent: z.array(z.object({ purpose: z.string(), created_at: dateTimeAnswer, expires_at: dateTimeAnswer, used_at: nullableDate })),
  referral: z
    .object({
      id: z.string(),
      referred_user_id: z.string(),
      referrer_user_id: z.string().nullable(),
      referral_type: z.string(),
      status: z.string(),
      codigo_referencia: z.string(),
      created_at: dateTimeAnswer,
    })
    .nullable(),
  referred_users: z.array(z.object({ referred_user_id: z.string(), referral_type: z.string(), status: z.string(), created_at: dateTimeAnswer })),
  activity: z.array(z.object({ created_at: dateTimeAnswer, action: z.string(), ip: z.string().nullable(), user_agent: z.string().nullable(), metadata: z.record(z.string(), z.unknown()) })),
  // The other modules' rows about the person (core/flows/export-my-data.flow.ts), each row as stored.
  groups: z.array(exportRow),
  memberships: z.array(exportRow),
  vouchers: z.array(exportRow),
  payments: z.array(exportRow),
  wallet: z.object({ balance: z.number().int(), entries: z.array(exportRow) }),
  notifications: z.array(exportRow),
  cart: z.array(exportRow),
  orders: z.array(exportRow),
  reviews_written: z.array(exportRow),
  professional: z
    .object({
      profile: exportRow,
      photos: z.array(exportRow),
      receivables: z.array(exportRow),
      payouts: z.array(exportRow),
      reviews_received: z.array(exportRow),
      vouchers_redeemed: z.array(exportRow),
    })
    .nullable(),
  // The theme A/B experiment: each participation (variant, conversion) with its events.
  experiments: z.array(exportRow),
  // Browsers subscribed to web push (their encryption keys left out).
  push_subscriptions: z.array(exportRow),
  // Consents: terms and privacy versions accepted, message choices, the WhatsApp number's opt-in (core/messaging).
  consents: z.object({ legal_acceptances: z.array(exportRow), message_preferences: z.array(exportRow), whatsapp: exportRow.nullable() }),
  // WhatsApp and push messages sent, with their delivery status.
  messages_sent: z.array(exportRow),
});
