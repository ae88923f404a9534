// Every notification kind with its expected category, for the messaging tests that walk them all.
import type { NotificationKind } from '../../../core/notifications/notification-texts';

/** Every kind there is; the type check below fails when a kind is added without being listed here. */
export const KINDS = {
  place_held: 'transactional',
  entry_confirmed: 'transactional',
  member_joined: 'transactional',
  group_complete: 'transactional',
  group_reminder: 'transactional',
  group_expired: 'transactional',
  boleto_hold_lapsed: 'transactional',
  place_opened: 'transactional',
  purchase_reversed: 'transactional',
  purchase_withdrawn: 'transactional',
  refund_issued: 'transactional',
  refund_choice_needed: 'transactional',
  order_paid: 'transactional',
  order_cancelled: 'transactional',
  order_shipped: 'transactional',
  order_delivered: 'transactional',
  order_refunded: 'transactional',
  order_return_requested: 'transactional',
  order_return_accepted: 'transactional',
  order_return_rejected: 'transactional',
  order_line_refunded: 'transactional',
  professional_status: 'transactional',
  payout_done: 'transactional',
  payout_failed: 'transactional',
  group_one_short: 'transactional',
  hold_lapsing: 'transactional',
  balance_confirmed: 'vouchers',
  plan_delivery_address: 'vouchers',
  voucher_redeemed: 'vouchers',
} as const;
type Unlisted = Exclude<NotificationKind, keyof typeof KINDS>;
export const listed: [Unlisted] extends [never] ? true : Unlisted = true;

export const ALL_KINDS = Object.keys(KINDS) as NotificationKind[];
