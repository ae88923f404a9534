// The channels a message can take and the kinds of message a person chooses them for (docs/product/messaging.md).
import type { NotificationKind } from '../notifications';

export type MessageChannel = 'email' | 'whatsapp' | 'push' | 'in_app';
export type MessageCategory = 'transactional' | 'vouchers' | 'marketing';

export const MESSAGE_CHANNELS: readonly MessageChannel[] = ['email', 'whatsapp', 'push', 'in_app'];
export const MESSAGE_CATEGORIES: readonly MessageCategory[] = ['transactional', 'vouchers', 'marketing'];

/** Every notification kind's category (a kind missing here fails typecheck below). */
const CATEGORY = {
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
  balance_confirmed: 'vouchers',
  plan_delivery_address: 'vouchers',
  voucher_redeemed: 'vouchers',
  group_one_short: 'transactional',
  hold_lapsing: 'transactional',
} as const satisfies Record<string, MessageCategory>;

type Unmapped = Exclude<NotificationKind, keyof typeof CATEGORY>;
/** Compiles only while every NotificationKind has its category above. */
export const EVERY_KIND_HAS_A_CATEGORY: [Unmapped] extends [never] ? true : Unmapped = true;

export function categoryOf(kind: NotificationKind): MessageCategory {
  return (CATEGORY as Record<string, MessageCategory>)[kind] ?? 'transactional';
}

/** A stored notification's `type` (a string): its category, or null for a type this version does not know. */
export function categoryOfType(type: string): MessageCategory | null {
  return Object.hasOwn(CATEGORY, type) ? (CATEGORY as Record<string, MessageCategory>)[type]! : null;
}

/** The choice before a person makes any: e-mail and the bell for what they bought; WhatsApp, push and marketing off. */
export function defaultAllows(channel: MessageChannel, category: MessageCategory): boolean {
  if (category === 'marketing') return false;
  return channel === 'email' || channel === 'in_app';
}
