// The group purchase's persistence ports: groups, their members' places and the vouchers of completed groups.

export const GROUP_STATUSES = ['open', 'complete', 'expired', 'cancelled'] as const;
export const MEMBER_STATUSES = ['pending_payment', 'paid', 'awarded', 'released', 'refunded'] as const;
export const VOUCHER_STATUSES = ['awaiting_balance', 'redeemable', 'redeemed', 'cancelled'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

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
  /** Set when an approved professional redeems the voucher (docs/product/professionals.md). */
  redeemed_by_professional_id?: string | null;
  /** Set when a refund or chargeback after completion cancelled the purchase. */
  cancelled_at?: Date | null;
  created_at: Date;
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
  /** Groups the user created (owner_user_id), newest first: the LGPD export. */
  listOwnedBy(userId: string): Promise<GroupRecord[]>;
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
  /** Pending members whose hold ends after `from` and no later than `to`, soonest first. */
  listHoldsLapsingBetween(from: Date, to: Date, limit: number): Promise<MemberRecord[]>;
}

export interface VoucherRepository {
  create(voucher: Omit<VoucherRecord, 'id' | 'created_at' | 'redeemable_at' | 'redeemed_at' | 'status'>): Promise<VoucherRecord>;
  findById(id: string): Promise<VoucherRecord | null>;
  findByMember(memberId: string): Promise<VoucherRecord | null>;
  findByCode(code: string): Promise<VoucherRecord | null>;
  /** SELECT … FOR UPDATE by code: serialises redemptions of one voucher. */
  lockByCode(code: string): Promise<VoucherRecord | null>;
  listForUser(userId: string): Promise<VoucherRecord[]>;
  /** Vouchers a professional redeemed, newest first (the professional's LGPD export). */
  listRedeemedBy(professionalId: string): Promise<VoucherRecord[]>;
  moveIf(id: string, from: VoucherStatus, to: VoucherStatus, patch?: Partial<VoucherRecord>): Promise<boolean>;
}

export interface GroupRepositories {
  groups: GroupRepository;
  members: MemberRepository;
  vouchers: VoucherRepository;
}

/** The groups module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type GroupsScope = { groups: GroupRepositories };
