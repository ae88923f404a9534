// The groups module's tables on knex (plain query builder): groups, members and vouchers.
import type { Knex } from 'knex';
import type { GroupRecord, GroupRepository, MemberRecord, MemberRepository, MemberWithName, VoucherRecord, VoucherRepository } from '../../../core/groups/ports';
import type { GroupStatus, MemberStatus, VoucherStatus } from '../../../core/groups/group-rules';

const now = (db: Knex) => db.fn.now();

export class KnexGroupRepository implements GroupRepository {
  constructor(private readonly db: Knex) {}

  async create(group: Omit<GroupRecord, 'id' | 'created_at' | 'reminder_sent_at' | 'completed_at' | 'expired_at'>) {
    const [row] = await this.db('groups').insert(group).returning('*');
    return row as GroupRecord;
  }
  async findById(id: string) {
    return ((await this.db('groups').where({ id }).first()) as GroupRecord | undefined) ?? null;
  }
  async lock(id: string) {
    return ((await this.db('groups').where({ id }).forUpdate().first()) as GroupRecord | undefined) ?? null;
  }
  async openWithPlaces(planId: string, userId: string, at: Date) {
    const live = `(m.status in ('paid','awarded') or (m.status = 'pending_payment' and m.hold_expires_at > ?))`;
    const rows = (await this.db('groups as g')
      .leftJoin('group_members as m', 'm.group_id', 'g.id')
      .where('g.plan_id', planId)
      .where('g.status', 'open')
      .where('g.deadline_at', '>', at)
      .groupBy('g.id', 'g.group_size', 'g.created_at')
      .select(
        'g.id',
        'g.group_size',
        'g.created_at',
        this.db.raw(`count(m.id) filter (where ${live}) as places_taken`, [at]),
        this.db.raw(`bool_or(m.user_id = ? and ${live}) as mine`, [userId, at]),
      )
      .orderBy('g.created_at')) as Array<{ id: string; group_size: number; created_at: Date; places_taken: number | string; mine: boolean | null }>;
    return rows.map((r) => ({ id: r.id, group_size: r.group_size, created_at: r.created_at, places_taken: Number(r.places_taken), mine: r.mine === true }));
  }
  async moveIf(id: string, from: GroupStatus, to: GroupStatus, patch: Partial<GroupRecord> = {}) {
    const n = await this.db('groups').where({ id, status: from }).update({ ...patch, status: to, updated_at: now(this.db) });
    return n === 1;
  }
  async update(id: string, patch: Partial<GroupRecord>) {
    await this.db('groups').where({ id }).update({ ...patch, updated_at: now(this.db) });
  }
  async listPastDeadline(at: Date, limit: number) {
    return (await this.db('groups').where({ status: 'open' }).where('deadline_at', '<=', at).orderBy('deadline_at').limit(limit)) as GroupRecord[];
  }
  async listOpenEndingBefore(until: Date, limit: number) {
    return (await this.db('groups').where({ status: 'open' }).whereNull('reminder_sent_at').where('deadline_at', '<=', until).orderBy('deadline_at').limit(limit)) as GroupRecord[];
  }
  async markReminded(id: string, at: Date) {
    return (await this.db('groups').where({ id }).whereNull('reminder_sent_at').update({ reminder_sent_at: at })) === 1;
  }
  async listForUser(userId: string) {
    return (await this.db('groups')
      .whereIn('id', this.db('group_members').select('group_id').where({ user_id: userId }))
      .orderBy('created_at', 'desc')) as GroupRecord[];
  }
  async listOwnedBy(userId: string) {
    return (await this.db('groups').where({ owner_user_id: userId }).orderBy('created_at', 'desc')) as GroupRecord[];
  }
  async list(filter: { status?: GroupStatus; planId?: string; offset: number; limit: number }) {
    const q = this.db('groups');
    if (filter.status) q.where('status', filter.status);
    if (filter.planId) q.where('plan_id', filter.planId);
    const [{ count }] = (await q.clone().count<{ count: number }[]>('* as count')) as [{ count: number }];
    const items = (await q.orderBy('created_at', 'desc').offset(filter.offset).limit(filter.limit)) as GroupRecord[];
    return { items, total: Number(count) };
  }
}

export class KnexMemberRepository implements MemberRepository {
  constructor(private readonly db: Knex) {}

  async create(member: Pick<MemberRecord, 'group_id' | 'user_id' | 'invite_code' | 'invited_by_member_id' | 'hold_expires_at'>) {
    const [row] = await this.db('group_members').insert(member).returning('*');
    return row as MemberRecord;
  }
  async findById(id: string) {
    return ((await this.db('group_members').where({ id }).first()) as MemberRecord | undefined) ?? null;
  }
  async lock(id: string) {
    return ((await this.db('group_members').where({ id }).forUpdate().first()) as MemberRecord | undefined) ?? null;
  }
  async findByInviteCode(code: string) {
    return ((await this.db('group_members').where({ invite_code: code }).first()) as MemberRecord | undefined) ?? null;
  }
  async listForGroup(groupId: string) {
    return (await this.db('group_members as m')
      .leftJoin('profiles as p', 'p.user_id', 'm.user_id')
      .select('m.*', 'p.full_name')
      .where('m.group_id', groupId)
      .orderBy('m.created_at')) as MemberWithName[];
  }
  async listForUser(userId: string) {
    return (await this.db('group_members').where({ user_id: userId }).orderBy('created_at', 'desc')) as MemberRecord[];
  }
  async moveIf(id: string, from: MemberStatus, to: MemberStatus, patch: Partial<MemberRecord> = {}) {
    return (await this.db('group_members').where({ id, status: from }).update({ ...patch, status: to, updated_at: now(this.db) })) === 1;
  }
  async update(id: string, patch: Partial<MemberRecord>) {
    await this.db('group_members').where({ id }).update({ ...patch, updated_at: now(this.db) });
  }
  async listExpiredHolds(at: Date, limit: number) {
    return (await this.db('group_members').where({ status: 'pending_payment' }).where('hold_expires_at', '<=', at).orderBy('hold_expires_at').limit(limit)) as MemberRecord[];
  }
  async listHoldsLapsingBetween(from: Date, to: Date, limit: number) {
    return (await this.db('group_members').where({ status: 'pending_payment' }).where('hold_expires_at', '>', from).where('hold_expires_at', '<=', to).orderBy('hold_expires_at').limit(limit)) as MemberRecord[];
  }
}

export class KnexVoucherRepository implements VoucherRepository {
  constructor(private readonly db: Knex) {}

  async create(voucher: Omit<VoucherRecord, 'id' | 'created_at' | 'redeemable_at' | 'redeemed_at' | 'status'>) {
    const [row] = await this.db('vouchers').insert(voucher).returning('*');
    return row as VoucherRecord;
  }
  async findById(id: string) {
    return ((await this.db('vouchers').where({ id }).first()) as VoucherRecord | undefined) ?? null;
  }
  async findByMember(memberId: string) {
    return ((await this.db('vouchers').where({ member_id: memberId }).first()) as VoucherRecord | undefined) ?? null;
  }
  async findByCode(code: string) {
    return ((await this.db('vouchers').where({ code }).first()) as VoucherRecord | undefined) ?? null;
  }
  async lockByCode(code: string) {
    return ((await this.db('vouchers').where({ code }).forUpdate().first()) as VoucherRecord | undefined) ?? null;
  }
  async listForUser(userId: string) {
    return (await this.db('vouchers').where({ user_id: userId }).orderBy('created_at', 'desc')) as VoucherRecord[];
  }
  async listRedeemedBy(professionalId: string) {
    return (await this.db('vouchers').where({ redeemed_by_professional_id: professionalId }).orderBy('redeemed_at', 'desc')) as VoucherRecord[];
  }
  async moveIf(id: string, from: VoucherStatus, to: VoucherStatus, patch: Partial<VoucherRecord> = {}) {
    return (await this.db('vouchers').where({ id, status: from }).update({ ...patch, status: to, updated_at: now(this.db) })) === 1;
  }
}
