// The referrals module's table: who was referred by whom (and by which influencer), recorded once per user.
import type { Knex } from 'knex';
import type { InfluencerBinding, NewReferral, ReferralRecord, ReferralRepository } from '../../../core/referrals/ports';

const toReferral = (r: Record<string, unknown>): ReferralRecord => ({
  id: r.id as string,
  referred_user_id: r.referred_user_id as string,
  referrer_user_id: (r.referrer_user_id as string | null) ?? null,
  referral_type: r.referral_type as ReferralRecord['referral_type'],
  status: r.status as ReferralRecord['status'],
  codigo_referencia: r.codigo_referencia as string,
  created_at: r.created_at as Date,
});

export class KnexReferralRepository implements ReferralRepository {
  constructor(private readonly db: Knex) {}

  async create(referral: NewReferral) {
    await this.db('referrals').insert(referral);
  }
  async bindingOf(userId: string) {
    const row = (await this.db('referrals')
      .where({ referred_user_id: userId })
      .whereNotNull('influencer_id')
      .first('influencer_id', 'click_id', 'clicked_at', 'signup_ip_hash', 'self_referral', 'flagged_at', 'flag_reason')) as InfluencerBinding | undefined;
    return row ?? null;
  }
  async countFromIpSince(influencerId: string, ipHash: string, since: Date) {
    const [row] = (await this.db('referrals').where({ influencer_id: influencerId, signup_ip_hash: ipHash }).where('created_at', '>=', since).count({ count: '*' })) as Array<{ count: number | string }>;
    return Number(row?.count ?? 0);
  }
  async findByReferred(userId: string) {
    const row = await this.db('referrals').where({ referred_user_id: userId }).first();
    return row ? toReferral(row) : null;
  }
  async listByReferrer(userId: string) {
    return (await this.db('referrals').where({ referrer_user_id: userId }).orderBy('created_at', 'desc')).map(toReferral);
  }
}
