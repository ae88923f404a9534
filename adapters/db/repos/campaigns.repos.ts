// Campaigns and their bonuses on knex (plain query builder). `spent` moves only by conditional updates.
import type { Knex } from 'knex';
import type { ListQuery } from '../../../core/shared/list-query';
import type {
  CampaignBonusRecord,
  CampaignBonusRepository,
  CampaignFilter,
  CampaignRecord,
  CampaignRepository,
} from '../../../core/campaigns/ports';

const toCampaign = (row: Record<string, unknown>): CampaignRecord => ({
  ...(row as unknown as CampaignRecord),
  bonus_value: Number(row.bonus_value),
  cap_per_inviter: Number(row.cap_per_inviter),
  budget: Number(row.budget),
  spent: Number(row.spent),
});

export class KnexCampaignRepository implements CampaignRepository {
  constructor(private readonly db: Knex) {}

  async create(c: Pick<CampaignRecord, 'name' | 'starts_at' | 'ends_at' | 'bonus_type' | 'bonus_value' | 'cap_per_inviter' | 'budget' | 'created_by'>) {
    const [row] = (await this.db('campaigns').insert(c).returning('*')) as Array<Record<string, unknown>>;
    return toCampaign(row!);
  }
  async findById(id: string) {
    const row = (await this.db('campaigns').where({ id }).first()) as Record<string, unknown> | undefined;
    return row ? toCampaign(row) : null;
  }
  async lock(id: string) {
    const row = (await this.db('campaigns').where({ id }).forUpdate().first()) as Record<string, unknown> | undefined;
    return row ? toCampaign(row) : null;
  }
  async lockCreation() {
    await this.db.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', ['campaigns:create']);
  }
  async list({ filter, sort, offset, limit }: ListQuery<CampaignFilter>) {
    const q = this.db('campaigns');
    if (filter.id?.length) q.whereIn('id', filter.id);
    if (filter.status) q.where('status', filter.status);
    if (filter.q) q.where('name', 'ilike', `%${filter.q}%`);
    const [{ count }] = (await q.clone().count<{ count: number }[]>('* as count')) as [{ count: number | string }];
    const rows = (await q.orderBy(sort.field, sort.order.toLowerCase() as 'asc' | 'desc').orderBy('id').offset(offset).limit(limit)) as Array<Record<string, unknown>>;
    return { items: rows.map(toCampaign), total: Number(count) };
  }
  async findOverlapping(startsAt: Date, endsAt: Date) {
    const rows = (await this.db('campaigns').where('status', 'active').where('starts_at', '<', endsAt).where('ends_at', '>', startsAt).orderBy('starts_at')) as Array<Record<string, unknown>>;
    return rows.map(toCampaign);
  }
  async findActiveAt(now: Date) {
    const row = (await this.db('campaigns').where('status', 'active').where('starts_at', '<=', now).where('ends_at', '>', now).orderBy('starts_at', 'desc').first()) as Record<string, unknown> | undefined;
    return row ? toCampaign(row) : null;
  }
  async end(id: string, now: Date) {
    return (await this.db('campaigns').where({ id, status: 'active' }).update({ status: 'ended', ended_at: now, updated_at: now })) === 1;
  }
  async addSpent(id: string, amount: number) {
    // The budget is never exceeded, whatever the interleaving: the condition is checked by the update itself.
    const n = await this.db('campaigns')
      .where({ id })
      .whereRaw('spent + ? <= budget', [amount])
      .update({ spent: this.db.raw('spent + ?', [amount]), updated_at: this.db.fn.now() });
    return n === 1;
  }
  async subtractSpent(id: string, amount: number) {
    await this.db('campaigns').where({ id }).update({ spent: this.db.raw('greatest(spent - ?, 0)', [amount]), updated_at: this.db.fn.now() });
  }
}

export class KnexCampaignBonusRepository implements CampaignBonusRepository {
  constructor(private readonly db: Knex) {}

  async create(b: Omit<CampaignBonusRecord, 'id' | 'status' | 'reversed_at' | 'reversal_reason' | 'created_at'>) {
    const rows = (await this.db('campaign_bonuses').insert(b).onConflict(['campaign_id', 'invitee_member_id']).ignore().returning('id')) as Array<{ id: string }>;
    return rows.length === 1;
  }
  async creditedToInviter(campaignId: string, inviterUserId: string) {
    const row = (await this.db('campaign_bonuses').where({ campaign_id: campaignId, inviter_user_id: inviterUserId, status: 'credited' }).sum<{ total: number | null }[]>('amount as total').first()) as { total: number | string | null } | undefined;
    return Number(row?.total ?? 0);
  }
  async listCreditedForInvitee(inviteeMemberId: string) {
    const rows = (await this.db('campaign_bonuses').where({ invitee_member_id: inviteeMemberId, status: 'credited' }).orderBy('created_at')) as CampaignBonusRecord[];
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  }
  async markReversed(id: string, now: Date, reason: string) {
    return (await this.db('campaign_bonuses').where({ id, status: 'credited' }).update({ status: 'reversed', reversed_at: now, reversal_reason: reason, updated_at: now })) === 1;
  }
  async listForCampaign(campaignId: string, limit: number) {
    const rows = (await this.db('campaign_bonuses as b')
      .leftJoin('users as u', 'u.id', 'b.inviter_user_id')
      .leftJoin('profiles as p', 'p.user_id', 'b.inviter_user_id')
      .where('b.campaign_id', campaignId)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id')
      .limit(limit)
      .select('b.*', 'p.full_name as inviter_name', 'u.email as inviter_email')) as Array<CampaignBonusRecord & { inviter_name: string | null; inviter_email: string | null }>;
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  }
  async countForCampaign(campaignId: string) {
    const rows = (await this.db('campaign_bonuses').where({ campaign_id: campaignId }).groupBy('status').select('status').count<{ status: string; count: number | string }[]>('* as count')) as Array<{ status: string; count: number | string }>;
    const of = (s: string) => Number(rows.find((r) => r.status === s)?.count ?? 0);
    return { credited: of('credited'), reversed: of('reversed') };
  }
}
