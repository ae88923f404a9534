// The public answers of group purchases (the invite view, a held place, my groups), as zod schemas.
import { z } from 'zod';
import { GROUP_STATUSES } from './group-rules';
import { dateTimeAnswer } from '../shared/answer-schemas';

const groupStatus = z.enum(GROUP_STATUSES);
const membershipStatus = z.enum(['pending_payment', 'paid', 'awarded', 'released', 'refunded']);
const refundTo = z.enum(['original', 'wallet']);
/** The member's own place: its state, hold and invite link. */
const membershipFields = {
  id: z.string(),
  status: membershipStatus,
  hold_expires_at: dateTimeAnswer.nullable(),
  invite_code: z.string(),
  invite_path: z.string(),
  /** A pending entry paid by boleto: its due date (YYYY-MM-DD, São Paulo); the place is held until the end of that day. */
  boleto_due_date: z.string().nullable(),
};

/** What anyone with the invite link sees: no member beyond first names. */
export const publicGroupSchema = z
  .object({
    id: z.string(),
    status: groupStatus,
    plan: z
      .object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        kind: z.enum(['service', 'product']),
        price: z.number().int(),
        full_price: z.number().int(),
        entry_price: z.number().int(),
        image_url: z.string().nullable(),
      })
      .nullable(),
    group_size: z.number().int(),
    members_paid: z.number().int(),
    places_left: z.number().int(),
    deadline: dateTimeAnswer,
    inviter_first_name: z.string(),
    members: z.array(z.object({ first_name: z.string() })),
  })
  .meta({ id: 'PublicGroup' });

/** A place held in a group (create, join, auto-match). */
export const heldPlaceSchema = z
  .object({
    group: publicGroupSchema,
    membership: z.object({ ...membershipFields, entry_price: z.number().int() }),
  })
  .meta({ id: 'HeldPlace' });

export const myGroupsSchema = z
  .object({
    items: z.array(
      z.object({
        group: z.object({
          id: z.string(),
          status: groupStatus,
          group_size: z.number().int(),
          members_paid: z.number().int(),
          places_left: z.number().int(),
          deadline: dateTimeAnswer,
          price: z.number().int(),
          entry_price: z.number().int(),
          plan: z.object({ id: z.string(), name: z.string(), kind: z.enum(['service', 'product']), full_price: z.number().int() }).nullable(),
          members: z.array(z.object({ first_name: z.string(), status: z.string(), is_me: z.boolean() })),
        }),
        membership: z.object({
          ...membershipFields,
          refund_to: refundTo,
          pending_payment_id: z.string().nullable(),
          /** CDC art. 49: until when the member may still withdraw (the last instant, São Paulo day 7), or null. */
          withdrawal_deadline: dateTimeAnswer.nullable(),
          withdrawable_amount: z.number().int().nullable().describe('What a withdrawal now gives back (centavos), or null when none is possible.'),
        }),
        voucher: z
          .object({
            id: z.string(),
            code: z.string(),
            status: z.enum(['awaiting_balance', 'redeemable', 'redeemed', 'cancelled']),
            price: z.number().int(),
            entry_paid: z.number().int(),
            balance_due: z.number().int(),
            pending_payment_id: z.string().nullable().describe('The balance charge still open (pending), to resume instead of creating another.'),
          })
          .nullable(),
      }),
    ),
    total: z.number().int(),
  })
  .meta({ id: 'MyGroups' });

export const refundPreferenceSchema = z.object({ id: z.string(), refund_to: refundTo });

/** POST /api/me/memberships/:id/withdraw: what was withdrawn and how the money goes back. */
export const withdrawalResultSchema = z
  .object({
    membership_id: z.string(),
    group_id: z.string(),
    scope: z.enum(['entry', 'purchase']),
    destination: refundTo,
    amount: z.number().int(),
    status: z.enum(['refund_started', 'wallet_credited']),
  })
  .meta({ id: 'WithdrawalResult' });

/** GET /api/me/vouchers: the member's own vouchers with the code's QR (SVG), who redeemed it and the review state. */
export const myVouchersSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        status: z.enum(['awaiting_balance', 'redeemable', 'redeemed', 'cancelled']),
        plan: z.object({ id: z.string(), name: z.string(), category: z.string().nullable(), category_name: z.string().nullable() }),
        group_id: z.string(),
        price: z.number().int(),
        balance_due: z.number().int(),
        redeemed_at: dateTimeAnswer.nullable(),
        redeemed_by: z.object({ id: z.string(), business_name: z.string() }).nullable(),
        /** The code as a QR code: an SVG document (no script), for an <img src="data:image/svg+xml…">. */
        qr_svg: z.string(),
        can_review: z.boolean(),
        review_id: z.string().nullable(),
        /** A product plan ships as an order — where it stands and the order once made; null for a service plan. */
        delivery: z.object({ state: z.enum(['awaiting_balance', 'awaiting_address', 'ordered', 'cancelled']), order_id: z.string().nullable() }).nullable(),
      }),
    ),
  })
  .meta({ id: 'MyVouchers' });
