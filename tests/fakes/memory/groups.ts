// The groups module's repositories in memory: groups, members (with the profile's name, as the adapter joins it) and
// vouchers, each move a conditional update on the stored status.
import type { GroupRepository, GroupsScope, MemberRepository, MemberWithName, VoucherRepository } from '../../../core/groups/ports';
import type { MemoryDb } from './db';
import { faked, newestFirst } from './table';

export function groupsFake(db: MemoryDb): GroupsScope {
  const live = (m: { status: string; hold_expires_at: Date | null }, at: Date) => m.status === 'paid' || m.status === 'awarded' || (m.status === 'pending_payment' && !!m.hold_expires_at && m.hold_expires_at > at);
  const groups = faked<GroupRepository>('groups.groups', {
    create: async (g) => db.groups.insert({ reminder_sent_at: null, completed_at: null, expired_at: null, ...g }),
    findById: async (id) => db.groups.get(id),
    lock: async (id) => db.groups.get(id),
    openWithPlaces: async (planId, userId, at) =>
      db.groups
        .all((g) => g.plan_id === planId && g.status === 'open' && g.deadline_at > at)
        .map((g) => {
          const places = db.members.all((m) => m.group_id === g.id && live(m, at));
          return { id: g.id, group_size: g.group_size, created_at: g.created_at, places_taken: places.length, mine: places.some((m) => m.user_id === userId) };
        }),
    moveIf: async (id, from, to, patch = {}) => db.groups.patchIf(id, (g) => g.status === from, { ...patch, status: to }),
    update: async (id, patch) => void db.groups.patch(id, patch),
    listPastDeadline: async (at, limit) => db.groups.all((g) => g.status === 'open' && g.deadline_at <= at).sort((a, b) => a.deadline_at.getTime() - b.deadline_at.getTime()).slice(0, limit),
    listOpenEndingBefore: async (until, limit) =>
      db.groups.all((g) => g.status === 'open' && g.reminder_sent_at === null && g.deadline_at <= until).sort((a, b) => a.deadline_at.getTime() - b.deadline_at.getTime()).slice(0, limit),
    markReminded: async (id, at) => db.groups.patchIf(id, (g) => g.reminder_sent_at === null, { reminder_sent_at: at }),
    listForUser: async (userId) => newestFirst(db.groups.all((g) => db.members.all((m) => m.group_id === g.id && m.user_id === userId).length > 0)),
  });
  const members = faked<MemberRepository>('groups.members', {
    create: async (m) => db.members.insert({ status: 'pending_payment', refund_to: 'original', paid_at: null, awarded_at: null, released_at: null, refunded_at: null, ...m }),
    findById: async (id) => db.members.get(id),
    lock: async (id) => db.members.get(id),
    findByInviteCode: async (code) => db.members.first((m) => m.invite_code === code),
    listForGroup: async (groupId): Promise<MemberWithName[]> => db.members.all((m) => m.group_id === groupId).map((m) => ({ ...m, full_name: db.profiles.get(m.user_id)?.full_name ?? null })),
    listForUser: async (userId) => newestFirst(db.members.all((m) => m.user_id === userId)),
    moveIf: async (id, from, to, patch = {}) => db.members.patchIf(id, (m) => m.status === from, { ...patch, status: to }),
    update: async (id, patch) => void db.members.patch(id, patch),
    listExpiredHolds: async (at, limit) => db.members.all((m) => m.status === 'pending_payment' && !!m.hold_expires_at && m.hold_expires_at <= at).slice(0, limit),
    listHoldsLapsingBetween: async (from, to, limit) =>
      db.members
        .all((m) => m.status === 'pending_payment' && !!m.hold_expires_at && m.hold_expires_at > from && m.hold_expires_at <= to)
        .sort((a, b) => a.hold_expires_at!.getTime() - b.hold_expires_at!.getTime())
        .slice(0, limit),
  });
  const vouchers = faked<VoucherRepository>('groups.vouchers', {
    create: async (v) => db.vouchers.insert({ status: 'awaiting_balance', redeemable_at: null, redeemed_at: null, redeemed_by_professional_id: null, cancelled_at: null, ...v }),
    findById: async (id) => db.vouchers.get(id),
    findByMember: async (memberId) => db.vouchers.first((v) => v.member_id === memberId),
    findByCode: async (code) => db.vouchers.first((v) => v.code === code),
    lockByCode: async (code) => db.vouchers.first((v) => v.code === code),
    listForUser: async (userId) => newestFirst(db.vouchers.all((v) => v.user_id === userId)),
    moveIf: async (id, from, to, patch = {}) => db.vouchers.patchIf(id, (v) => v.status === from, { ...patch, status: to }),
  });
  return { groups: { groups, members, vouchers } };
}
