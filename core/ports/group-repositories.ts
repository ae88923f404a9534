// Persistence ports of the group purchase, its payments, notifications and wallet.
import type { GroupStatus, MemberStatus, VoucherStatus } from '../groups/group-rules';
import type { PaymentMethod } from './payments';

export interface GroupRecord {
  id: string;
  plan_id: string;
  owner_user_id: string;
  status: GroupStatus;
  group_size: number;
  price: number;
  entry_price: number;
  deadline_at: Date;
  reminder_sent_at: Date | null;
  completed_at: Date | null;
  expired_at: Date | null;
  created_at: Date;
}

export interface MemberRecord {
  id: string;
  group_id: string;
  user_id: string;
  status: MemberStatus;
  invite_code: string;
  invited_by_member_id: string | null;
  hold_expires_at: Date | null;
  refund_to: 'original' | 'wallet';
  paid_at: Date | null;
  awarded_at: Date | null;
  released_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
}

export interface MemberWithName extends MemberRecord {
  full_name: string | null;
}

export interface VoucherRecord {
  id: string;
  member_id: string;
  user_id: string;
  group_id: string;
  plan_id: string;
  code: string;
  status: VoucherStatus;
  price: number;
  entry_paid: number;
  balance_due: number;
  redeemable_at: Date | null;
  redeemed_at: Date | null;
  created_at: Date;
}

export type PaymentPurpose = 'entry' | 'balance' | 'order';
export type LocalPaymentStatus = 'pending' | 'confirmed' | 'failed' | 'cancelled' | 'refund_pending' | 'refunded' | 'amount_mismatch';

export interface PaymentRecord {
  id: string;
  user_id: string;
  purpose: PaymentPurpose;
  ref_id: string;
  amount: number;
  method: PaymentMethod | 'WALLET';
  installments: number;
  status: LocalPaymentStatus;
  provider: string;
  provider_customer_id: string | null;
  provider_payment_id: string | null;
  provider_status: string | null;
  pix_payload: string | null;
  pix_image: string | null;
  pix_expires_at: Date | null;
  boleto_url: string | null;
  invoice_url: string | null;
  due_date: string | null;
  confirmed_at: Date | null;
  refunded_amount: number;
  refund_requested_at: Date | null;
  refunded_at: Date | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface GroupRepository {
  create(group: Omit<GroupRecord, 'id' | 'created_at' | 'reminder_sent_at' | 'completed_at' | 'expired_at'>): Promise<GroupRecord>;
  findById(id: string): Promise<GroupRecord | null>;
  /** SELECT … FOR UPDATE: serialises everything that changes the group's places. */
  lock(id: string): Promise<GroupRecord | null>;
  /** Open groups of a plan with their live places (one query), oldest first; `mine` when `userId` holds a live place. */
  openWithPlaces(planId: string, userId: string, now: Date): Promise<Array<{ id: string; group_size: number; places_taken: number; created_at: Date; mine: boolean }>>;
  /** Conditional move: true only for the one caller that found it in `from`. */
  moveIf(id: string, from: GroupStatus, to: GroupStatus, patch?: Partial<GroupRecord>): Promise<boolean>;
  update(id: string, patch: Partial<GroupRecord>): Promise<void>;
  listPastDeadline(now: Date, limit: number): Promise<GroupRecord[]>;
  listOpenEndingBefore(until: Date, limit: number): Promise<GroupRecord[]>;
  /** Sets reminder_sent_at only if still null; true for the one caller that did. */
  markReminded(id: string, at: Date): Promise<boolean>;
  listForUser(userId: string): Promise<GroupRecord[]>;
  list(filter: { status?: GroupStatus; planId?: string; offset: number; limit: number }): Promise<{ items: GroupRecord[]; total: number }>;
}

export interface MemberRepository {
  create(member: Pick<MemberRecord, 'group_id' | 'user_id' | 'invite_code' | 'invited_by_member_id' | 'hold_expires_at'>): Promise<MemberRecord>;
  findById(id: string): Promise<MemberRecord | null>;
  lock(id: string): Promise<MemberRecord | null>;
  findByInviteCode(code: string): Promise<MemberRecord | null>;
  listForGroup(groupId: string): Promise<MemberWithName[]>;
  listForUser(userId: string): Promise<MemberRecord[]>;
  moveIf(id: string, from: MemberStatus, to: MemberStatus, patch?: Partial<MemberRecord>): Promise<boolean>;
  update(id: string, patch: Partial<MemberRecord>): Promise<void>;
  /** Pending members whose hold ran out. */
  listExpiredHolds(now: Date, limit: number): Promise<MemberRecord[]>;
}

export interface VoucherRepository {
  create(voucher: Omit<VoucherRecord, 'id' | 'created_at' | 'redeemable_at' | 'redeemed_at' | 'status'>): Promise<VoucherRecord>;
  findById(id: string): Promise<VoucherRecord | null>;
  findByMember(memberId: string): Promise<VoucherRecord | null>;
  listForUser(userId: string): Promise<VoucherRecord[]>;
  moveIf(id: string, from: VoucherStatus, to: VoucherStatus, patch?: Partial<VoucherRecord>): Promise<boolean>;
}

export interface PaymentRepository {
  create(payment: Pick<PaymentRecord, 'user_id' | 'purpose' | 'ref_id' | 'amount' | 'method' | 'installments' | 'provider'>): Promise<PaymentRecord>;
  findById(id: string): Promise<PaymentRecord | null>;
  lock(id: string): Promise<PaymentRecord | null>;
  findByProviderId(providerPaymentId: string): Promise<PaymentRecord | null>;
  /** The newest still-pending payment for this purpose and reference. */
  findPendingFor(purpose: PaymentPurpose, refId: string): Promise<PaymentRecord | null>;
  findConfirmedFor(purpose: PaymentPurpose, refId: string): Promise<PaymentRecord | null>;
  update(id: string, patch: Partial<PaymentRecord>): Promise<void>;
  moveIf(id: string, from: LocalPaymentStatus[], to: LocalPaymentStatus, patch?: Partial<PaymentRecord>): Promise<boolean>;
  listByStatus(status: LocalPaymentStatus, filter: { since?: Date; limit: number; withProvider?: boolean }): Promise<PaymentRecord[]>;
  listForUser(userId: string, offset: number, limit: number): Promise<{ items: PaymentRecord[]; total: number }>;
}

export interface PaymentEventRecord {
  id: string;
  provider: string;
  event_id: string;
  type: string;
  provider_payment_id: string | null;
  received_at: Date;
  processed_at: Date | null;
  outcome: string | null;
}

export interface PaymentEventRepository {
  /** Stores the event; null when the same provider event id was stored before (a redelivery). */
  insertIfNew(event: { provider: string; event_id: string; type: string; provider_payment_id: string | null; payload: unknown }): Promise<string | null>;
  markProcessed(id: string, at: Date, outcome: string, error?: string | null): Promise<void>;
  listUnprocessed(limit: number): Promise<PaymentEventRecord[]>;
}

export interface NotificationRecord {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

export interface NotificationRepository {
  /** False when a notification with the same dedupe key exists already. */
  create(notification: Omit<NotificationRecord, 'id' | 'read_at' | 'created_at'> & { dedupe_key: string | null }): Promise<boolean>;
  list(userId: string, offset: number, limit: number): Promise<{ items: NotificationRecord[]; total: number; unread: number }>;
  markRead(userId: string, id: string, at: Date): Promise<boolean>;
  markAllRead(userId: string, at: Date): Promise<number>;
  unreadCount(userId: string): Promise<number>;
}

export interface WalletEntryRecord {
  id: string;
  user_id: string;
  amount: number;
  kind: 'entry_credit' | 'referral_bonus' | 'spend' | 'adjustment';
  description: string;
  ref: string | null;
  created_at: Date;
}

export interface WalletRepository {
  /** False when an entry with the same ref exists already (credits are applied once). */
  add(entry: Omit<WalletEntryRecord, 'id' | 'created_at'>): Promise<boolean>;
  balance(userId: string): Promise<number>;
  list(userId: string): Promise<WalletEntryRecord[]>;
}
