// Every notification kind has a kind of message (category), and the defaults keep WhatsApp, push and marketing off.
import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../core/notifications/notification-texts';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNELS, categoryOf, categoryOfType, defaultAllows } from '../../../core/messaging/categories';

/** Every kind there is; the type check below fails when a kind is added without being listed here. */
const KINDS = {
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
const listed: [Unlisted] extends [never] ? true : Unlisted = true;



describe('categoryOf', () => {
  it.each(Object.entries(KINDS))('%s is %s', (kind, category) => {
    expect(listed).toBe(true);
    expect(categoryOf(kind as NotificationKind)).toBe(category);
    expect(categoryOfType(kind)).toBe(category);
  });

  it('knows no category for a type this version does not know', () => {
    expect(categoryOfType('newsletter_of_2030')).toBeNull();
  });
});

describe('defaultAllows', () => {
  it('sends e-mail and the bell for groups, payments and vouchers; nothing else until the person chooses', () => {
    const on = MESSAGE_CATEGORIES.flatMap((category) => MESSAGE_CHANNELS.filter((channel) => defaultAllows(channel, category)).map((channel) => `${category}:${channel}`));
    expect(on).toEqual(['transactional:email', 'transactional:in_app', 'vouchers:email', 'vouchers:in_app']);
  });
});
