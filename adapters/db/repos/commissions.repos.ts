// Knex repository of influencer commissions (core/influencers/commission-ports.ts): one row per purchase (unique source,
// insert … on conflict do nothing), every move a conditional update on the current status, claw-backs of refunded paid
// commissions, and the dashboard's counts per São Paulo day.
import type { Knex } from 'knex';
import type {
  CommissionRecord,
  CommissionRepository,
  DayCounts,
  DueInfluencerPayout,
  InfluencerPeriodStats,
  NewCommission,
} from '../../../core/influencers/commission-ports';
import type { CommissionAmountRow, CommissionReferral, CommissionSource, CommissionStatus } from '../../../core/influencers/commission-rules';

const now = (db: Knex) => db.fn.now();
/** São Paulo's day (UTC−3, as core's saoPauloDay) of a timestamptz column. */
const day = (column: string) => `to_char((${column} at time zone 'UTC') - interval '3 hours', 'YYYY-MM-DD')`;
const counts = (rows: unknown[]): DayCounts => (rows as Array<{ day: string; n: string | number }>).map((r) => ({ day: r.day, n: Number(r.n) }));

export class KnexCommissionRepository implements CommissionRepository {
  constructor(private readonly db: Knex) {}

  async referralOf(userId: string) {
    const row = await this.db('referrals as r')
      .leftJoin('influencers as i', 'i.id', 'r.influencer_id')
      .where('r.referred_user_id', userId)
      .first('r.influencer_id', 'r.self_referral', 'i.status as influencer_status', 'i.commission_rate_bp');
    return (row as CommissionReferral | undefined) ?? null;
  }
  async createOnce(c: NewCommission) {
    const [row] = await this.db('commissions').insert({ ...c, status: 'pending' }).onConflict(['source_type', 'source_id']).ignore().returning('*');
    return (row as CommissionRecord | undefined) ?? null;
  }
  async reverseSource(source: CommissionSource, sourceId: string, at: Date) {
    return this.db('commissions')
      .where({ source_type: source, source_id: sourceId })
      .whereIn('status', ['pending', 'available'])
      .update({ status: 'reversed', reversed_at: at, updated_at: now(this.db) });
  }
  async clawBackSource(source: CommissionSource, sourceId: string, at: Date) {
    return this.db('commissions')
      .where({ source_type: source, source_id: sourceId })
      .whereIn('status', ['in_payout', 'paid'])
      .whereNull('clawback_at')
      .update({ clawback_at: at, updated_at: now(this.db) });
  }
  async mature(at: Date) {
    return this.db('commissions').where({ status: 'pending' }).where('available_at', '<=', at).update({ status: 'available', updated_at: now(this.db) });
  }
  async listForInfluencer(influencerId: string, filter: { status?: CommissionStatus }, offset: number, limit: number) {
    const base = () => this.db('commissions').where({ influencer_id: influencerId }).modify((q) => (filter.status ? q.where({ status: filter.status }) : q));
    const [items, count] = await Promise.all([
      base().orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(offset).limit(limit),
      base().count<{ count: string | number }[]>({ count: '*' }),
    ]);
    return { items: items as CommissionRecord[], total: Number(count[0]?.count ?? 0) };
  }
  async amountsForInfluencer(influencerId: string) {
    return (await this.db('commissions').where({ influencer_id: influencerId }).select('amount', 'status', 'clawback_at', 'clawback_payout_id')) as CommissionAmountRow[];
  }
  async stats(influencerId: string, since: Date): Promise<InfluencerPeriodStats> {
    const clicks = () => this.db('referral_clicks').where({ influencer_id: influencerId, counted: true }).where('created_at', '>=', since);
    const signups = () => this.db('referrals').where({ influencer_id: influencerId }).where('created_at', '>=', since);
    const [c, s, paying, clickDays, signupDays, commissionDays] = await Promise.all([
      clicks().count<{ n: string }[]>({ n: '*' }),
      signups().count<{ n: string }[]>({ n: '*' }),
      signups()
        .whereExists((q) => q.select(this.db.raw('1')).from('payments as p').whereRaw('p.user_id = referrals.referred_user_id').whereNotNull('p.confirmed_at'))
        .countDistinct<{ n: string }[]>({ n: 'referred_user_id' }),
      clicks().select(this.db.raw(`${day('created_at')} as day`)).count({ n: '*' }).groupByRaw(day('created_at')),
      signups().select(this.db.raw(`${day('created_at')} as day`)).count({ n: '*' }).groupByRaw(day('created_at')),
      this.db('commissions')
        .where({ influencer_id: influencerId })
        .whereNot({ status: 'reversed' })
        .where('created_at', '>=', since)
        .select(this.db.raw(`${day('created_at')} as day`))
        .sum({ n: 'amount' })
        .groupByRaw(day('created_at')),
    ]);
    return {
      clicks: Number(c[0]?.n ?? 0),
      signups: Number(s[0]?.n ?? 0),
      paying_users: Number(paying[0]?.n ?? 0),
      series: { clicks: counts(clickDays), signups: counts(signupDays), commissions: counts(commissionDays) },
    };
  }

  async duePayouts(minimum: number, at: Date) {
    // Due: available commissions (and pending ones whose window ended) minus the paid claw-backs still owed.
    const due = this.db('commissions as c')
      .whereRaw('c.influencer_id = i.id')
      .where((q) => q.where('c.status', 'available').orWhere((w) => w.where('c.status', 'pending').where('c.available_at', '<=', at)));
    const owed = this.db('commissions as o').whereRaw('o.influencer_id = i.id').where('o.status', 'paid').whereNotNull('o.clawback_at').whereNull('o.clawback_payout_id');
    const rows = await this.db
      .from(
        this.db('influencers as i')
          .where({ 'i.status': 'approved' })
          .select('i.id as influencer_id', 'i.user_id', 'i.code')
          .select({ gross: due.clone().select(this.db.raw('coalesce(sum(c.amount), 0)')) })
          .select({ commissions: due.clone().count('*') })
          .select({ owed: owed.select(this.db.raw('coalesce(sum(o.amount), 0)')) })
          .as('d'),
      )
      .whereRaw('d.commissions > 0 and d.gross - d.owed > 0 and d.gross - d.owed >= ?', [minimum])
      .orderBy('d.code')
      .select('d.influencer_id', 'd.user_id', 'd.code', 'd.commissions', this.db.raw('d.gross - d.owed as amount'));
    return (rows as Array<Record<string, unknown>>).map((r) => ({ ...r, amount: Number(r.amount), commissions: Number(r.commissions) }) as DueInfluencerPayout);
  }
  async lockOwedClawbacks(influencerId: string) {
    const rows = await this.db('commissions')
      .where({ influencer_id: influencerId, status: 'paid' })
      .whereNotNull('clawback_at')
      .whereNull('clawback_payout_id')
      .orderBy('clawback_at')
      .forUpdate()
      .select('id', 'amount');
    return (rows as Array<{ id: string; amount: number }>).map((r) => ({ id: r.id, amount: Number(r.amount) }));
  }
  async deductClawbacks(ids: string[], payoutId: string) {
    if (!ids.length) return 0;
    return this.db('commissions').whereIn('id', ids).where({ status: 'paid' }).whereNotNull('clawback_at').whereNull('clawback_payout_id').update({ clawback_payout_id: payoutId, updated_at: now(this.db) });
  }
  async lockAvailable(influencerId: string) {
    return (await this.db('commissions').where({ influencer_id: influencerId, status: 'available' }).orderBy('available_at').forUpdate().select('id', 'amount as net')) as Array<{ id: string; net: number }>;
  }
  async claim(ids: string[], payoutId: string) {
    if (!ids.length) return 0;
    return this.db('commissions').whereIn('id', ids).where({ status: 'available' }).update({ status: 'in_payout', payout_id: payoutId, updated_at: now(this.db) });
  }
  async countInPayout(payoutId: string) {
    const [row] = await this.db('commissions').where({ payout_id: payoutId }).count<{ n: string }[]>({ n: '*' });
    return Number(row?.n ?? 0);
  }
  async settlePayout(payoutId: string) {
    return this.db('commissions').where({ payout_id: payoutId, status: 'in_payout' }).update({ status: 'paid', updated_at: now(this.db) });
  }
  async releasePayout(payoutId: string) {
    // Refunded while the transfer was on its way: never paid, so simply reversed (no claw-back left owed).
    await this.db('commissions')
      .where({ payout_id: payoutId, status: 'in_payout' })
      .whereNotNull('clawback_at')
      .update({ status: 'reversed', reversed_at: this.db.ref('clawback_at'), clawback_at: null, payout_id: null, updated_at: now(this.db) });
    // The claw-backs this payout was to deduct are owed again.
    await this.db('commissions').where({ clawback_payout_id: payoutId }).update({ clawback_payout_id: null, updated_at: now(this.db) });
    return this.db('commissions').where({ payout_id: payoutId, status: 'in_payout' }).update({ status: 'available', payout_id: null, updated_at: now(this.db) });
  }
}
