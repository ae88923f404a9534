// In-app notifications: every group event's notification, and reading/marking them (docs/product/screens.md).
import { paginationSchema } from '../shared/pagination';
import { isId } from '../shared/ids';
import { z } from 'zod';
import { localizeNotification, notificationContent, type NotificationKind, type NotificationLocale, type NotificationParams } from './notification-texts';
import type { Clock } from '../shared/clock';
import { notFound } from '../shared/errors';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { NotificationsScope } from './ports';

/** Notifications read and write their own table only. */
type NotificationScope = NotificationsScope;

export type NotificationType = NotificationKind;

export interface NotificationDraft {
  user_id: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  /** Makes the notification once-only for the event it speaks of. */
  dedupe_key: string;
}

const groupLink = (groupId: string) => `/my-groups?grupo=${groupId}`;

/** A draft: the pt-BR text (see notification-texts.ts), and the ids plus the facts (`params`) in `data`. */
function draft<K extends NotificationKind>(
  userId: string,
  kind: K,
  params: NotificationParams[K],
  ids: Record<string, string>,
  link: string | null,
  dedupeKey: string,
): NotificationDraft {
  const { title, body } = notificationContent(kind, params);
  return { user_id: userId, type: kind, title, body, link, data: { ...ids, params }, dedupe_key: dedupeKey };
}

/** Every group event's notification, in one place so the screens, e-mails and tests agree. */
export const notify = {
  placeHeld: (userId: string, memberId: string, groupId: string, plan: string, entry: number, holdMinutes: number) =>
    draft(userId, 'place_held', { plan, entry, hold_minutes: holdMinutes }, { group_id: groupId, member_id: memberId }, '/payment', `place_held:${memberId}`),
  entryConfirmed: (userId: string, memberId: string, groupId: string, plan: string, paid: number, size: number) =>
    draft(userId, 'entry_confirmed', { plan, paid, size }, { group_id: groupId, member_id: memberId }, groupLink(groupId), `entry_confirmed:${memberId}`),
  memberJoined: (userId: string, groupId: string, newMemberId: string, firstName: string, paid: number, size: number) =>
    draft(userId, 'member_joined', { first_name: firstName, paid, size }, { group_id: groupId, member_id: newMemberId }, groupLink(groupId), `member_joined:${newMemberId}:${userId}`),
  groupComplete: (userId: string, memberId: string, groupId: string, plan: string, balance: number) =>
    draft(userId, 'group_complete', { plan, balance }, { group_id: groupId, member_id: memberId }, '/payment', `group_complete:${memberId}`),
  balanceConfirmed: (userId: string, voucherId: string, plan: string, code: string) =>
    draft(userId, 'balance_confirmed', { plan, code }, { voucher_id: voucherId }, '/dashboard', `balance_confirmed:${voucherId}`),
  /** A product plan's balance is paid; the link opens the address confirmation (core/marketplace/plan-order.ts). */
  planDeliveryAddress: (userId: string, voucherId: string, plan: string, code: string) =>
    draft(userId, 'plan_delivery_address', { plan, code }, { voucher_id: voucherId }, `/my-groups/vouchers/${voucherId}/delivery`, `plan_delivery_address:${voucherId}`),
  reminder: (userId: string, memberId: string, groupId: string, plan: string, paid: number, size: number, deadline: Date) =>
    draft(userId, 'group_reminder', { plan, paid, size, deadline: deadline.toISOString() }, { group_id: groupId, member_id: memberId }, groupLink(groupId), `group_reminder:${memberId}`),
  boletoHoldLapsed: (userId: string, memberId: string, groupId: string, plan: string, dueDate: string) =>
    draft(userId, 'boleto_hold_lapsed', { plan, due_date: dueDate }, { group_id: groupId, member_id: memberId }, groupLink(groupId), `boleto_hold_lapsed:${memberId}`),
  groupExpired: (userId: string, memberId: string, groupId: string, plan: string, amount: number, toWallet: boolean) =>
    draft(userId, 'group_expired', { plan, amount, to_wallet: toWallet }, { group_id: groupId, member_id: memberId }, '/payment-history', `group_expired:${memberId}`),
  professionalStatus: (userId: string, professionalId: string, status: 'approved' | 'rejected' | 'suspended', reason: string | null, at: Date) =>
    draft(userId, 'professional_status', { status, reason }, { professional_id: professionalId }, status === 'approved' ? '/dashboard/professional' : '/professional-pending', `professional_status:${professionalId}:${status}:${at.toISOString()}`),
  voucherRedeemed: (userId: string, voucherId: string, plan: string, businessName: string) =>
    draft(userId, 'voucher_redeemed', { plan, business_name: businessName }, { voucher_id: voucherId }, `/my-groups?avaliar=${voucherId}`, `voucher_redeemed:${voucherId}`),
  placeOpened: (userId: string, groupId: string, leftMemberId: string, plan: string, paid: number, size: number) =>
    draft(userId, 'place_opened', { plan, paid, size }, { group_id: groupId, member_id: leftMemberId }, groupLink(groupId), `place_opened:${leftMemberId}:${userId}`),
  purchaseReversed: (userId: string, memberId: string, groupId: string, params: { plan: string; chargeback: boolean; outcome: 'place_released' | 'purchase_cancelled'; other_part_refunded: boolean }) =>
    draft(userId, 'purchase_reversed', params, { group_id: groupId, member_id: memberId }, groupLink(groupId), `purchase_reversed:${memberId}`),
  purchaseWithdrawn: (userId: string, memberId: string, groupId: string, params: { plan: string; scope: 'entry' | 'purchase'; amount: number; to_wallet: boolean }) =>
    draft(userId, 'purchase_withdrawn', params, { group_id: groupId, member_id: memberId }, groupLink(groupId), `purchase_withdrawn:${memberId}`),
  refundIssued: (userId: string, paymentId: string, amount: number, via?: 'card' | 'pix' | 'wallet') =>
    // A boleto refund whose PIX transfer failed is sent again: the second way it went back is told too.
    draft(userId, 'refund_issued', via ? { amount, via } : { amount }, { payment_id: paymentId }, '/payment-history', via === 'pix' || via === 'wallet' ? `refund_issued:${paymentId}:${via}` : `refund_issued:${paymentId}`),
  groupOneShort: (userId: string, groupId: string, plan: string, deadline: Date) =>
    draft(userId, 'group_one_short', { plan, deadline: deadline.toISOString() }, { group_id: groupId }, groupLink(groupId), `group_one_short:${groupId}:${userId}`),
  /** Once per place and method: a PIX hold minutes before it lapses, a boleto the day before it is due. */
  holdLapsing: (userId: string, memberId: string, groupId: string, params: { plan: string; amount: number; method: 'PIX' | 'BOLETO'; expires_at: Date; pix_code: string | null }) =>
    draft(userId, 'hold_lapsing', { ...params, expires_at: params.expires_at.toISOString() }, { group_id: groupId, member_id: memberId }, '/payment', `hold_lapsing:${memberId}:${params.method}`),
  refundChoiceNeeded: (userId: string, paymentId: string, amount: number) =>
    draft(userId, 'refund_choice_needed', { amount }, { payment_id: paymentId }, '/payment-history', `refund_choice_needed:${paymentId}`),
};

export const notificationListSchema = z.object({
  ...paginationSchema.shape,
});

export class NotificationService {
  constructor(
    private readonly uow: UnitOfWork<NotificationScope>,
    private readonly clock: Clock,
  ) {}

  /** Stores a notification once; inside the caller's transaction. */
  static async push(tx: NotificationScope, draft: NotificationDraft): Promise<boolean> {
    return tx.notifications.create(draft);
  }

  /** The user's notifications, unread first; texts in the reader's locale (stored pt-BR, rendered en-US). */
  async list(userId: string, query: z.infer<typeof notificationListSchema>, locale: NotificationLocale = 'pt-BR') {
    const page = await this.uow.repos.notifications.list(userId, (query.page - 1) * query.per_page, query.per_page);
    return { ...page, items: page.items.map((n) => localizeNotification(n, locale)) };
  }

  unreadCount(userId: string) {
    return this.uow.repos.notifications.unreadCount(userId);
  }

  async markRead(userId: string, id: string) {
    const ok = isId(id) && (await this.uow.repos.notifications.markRead(userId, id, this.clock.now()));
    if (!ok) throw notFound('notification_not_found', 'Notificação não encontrada.');
  }

  markAllRead(userId: string) {
    return this.uow.repos.notifications.markAllRead(userId, this.clock.now());
  }
}
