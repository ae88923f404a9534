// Knex repositories of influencer attribution: influencers (application, decisions, code, funnel) and the
// clicks on their referral links.
import type { Knex } from 'knex';
import type { InfluencerFilter, InfluencerListItem, InfluencerRecord, InfluencerRepository, NewInfluencer } from '../../../core/influencers/ports';
import type { ReferralClickRecord, ReferralClickRepository } from '../../../core/referrals/ports';

const SORTABLE = new Set(['created_at', 'status', 'code', 'audience_size', 'commission_rate_bp', 'approved_at', 'niche']);
const COLUMNS = ['i.*', 'u.email as email', 'p.full_name as full_name'];

const influencer = (row: Record<string, unknown>) => ({ ...row, code: (row.code as string | null) ?? null }) as InfluencerRecord;

export class KnexInfluencerRepository implements InfluencerRepository {
  constructor(private readonly db: Knex) {}

  private withAccount() {
    return this.db('influencers as i').join('users as u', 'u.id', 'i.user_id').leftJoin('profiles as p', 'p.user_id', 'i.user_id');
  }

  async create(i: NewInfluencer) {
    const [row] = await this.db('influencers').insert(i).returning('*');
    return influencer(row);
  }
  async findById(id: string) {
    const row = await this.withAccount().where('i.id', id).first(COLUMNS);
    return row ? (influencer(row) as InfluencerListItem) : null;
  }
  async findByUserId(userId: string) {
    const row = await this.db('influencers').where({ user_id: userId }).first();
    return row ? influencer(row) : null;
  }
  async findByCode(code: string) {
    // citext compares without case on PostgreSQL and PGlite alike.
    const row = await this.db('influencers').where({ code }).first();
    return row ? influencer(row) : null;
  }
  async lock(id: string) {
    const row = await this.db('influencers').where({ id }).forUpdate().first();
    return row ? influencer(row) : null;
  }
  async update(id: string, patch: Partial<Omit<InfluencerRecord, 'id' | 'user_id' | 'created_at'>>) {
    await this.db('influencers').where({ id }).update({ ...patch, updated_at: this.db.fn.now() });
  }
  async list(filter: InfluencerFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const q = this.withAccount();
    if (filter.status) q.where('i.status', filter.status);
    if (filter.id) q.whereIn('i.id', filter.id);
    if (filter.q) {
      const like = `%${filter.q}%`;
      q.where((w) => w.whereILike('p.full_name', like).orWhereILike('u.email', like).orWhereILike('i.instagram', like).orWhereRaw('i.code::text ilike ?', [like]));
    }
    const [counted] = (await q.clone().count({ count: '*' })) as Array<{ count: number | string }>;
    const field = SORTABLE.has(sort.field) ? sort.field : 'created_at';
    const rows = (await q
      .orderBy([{ column: `i.${field}`, order: sort.order.toLowerCase() as 'asc' | 'desc' }, { column: 'i.id', order: 'asc' }])
      .offset(offset)
      .limit(limit)
      .select(COLUMNS)) as Array<Record<string, unknown>>;
    return { items: rows.map((r) => influencer(r) as InfluencerListItem), total: Number(counted?.count ?? 0) };
  }
  async funnel(id: string) {
    const [clicks] = (await this.db('referral_clicks').where({ influencer_id: id, counted: true }).count({ count: '*' })) as Array<{ count: number | string }>;
    const [signups] = (await this.db('referrals')
      .where({ influencer_id: id })
      .select(
        this.db.raw('count(*) as signups'),
        this.db.raw('count(*) filter (where self_referral) as self_referrals'),
        this.db.raw('count(*) filter (where flagged_at is not null) as flagged'),
      )) as Array<Record<string, number | string>>;
    return {
      clicks: Number(clicks?.count ?? 0),
      signups: Number(signups?.signups ?? 0),
      self_referrals: Number(signups?.self_referrals ?? 0),
      flagged: Number(signups?.flagged ?? 0),
    };
  }
}

export class KnexReferralClickRepository implements ReferralClickRepository {
  constructor(private readonly db: Knex) {}

  async create(click: Omit<ReferralClickRecord, 'id'>) {
    const [row] = await this.db('referral_clicks').insert(click).returning('*');
    return row as ReferralClickRecord;
  }
  async findById(id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    return ((await this.db('referral_clicks').where({ id }).first()) as ReferralClickRecord | undefined) ?? null;
  }
  async lastCountedAt(visitorHash: string, code: string, since: Date) {
    const row = (await this.db('referral_clicks')
      .where({ visitor_hash: visitorHash, code, counted: true })
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .first('created_at')) as { created_at: Date } | undefined;
    return row?.created_at ?? null;
  }
}
