// Flow: influencer commissions (docs/product/referrals.md#commissions): earned once per purchase in the transaction
// that completes it, reversed in the one that refunds it (clawed back once paid out), matured and paid by PayoutFlow.
// Crosses groups, marketplace, payments, referrals and influencers.
import type { Clock } from '../shared/clock';
import { forbidden, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import type { Cents } from '../shared/money';
import {
  COMMISSION_STATUSES,
  commissionFor,
  commissionTotals,
  conversionRate,
  dailySeries,
  periodStart,
  platformFee,
  referralLinks,
  type CommissionRecord,
  type CommissionSource,
  type CommissionStatus,
  type DashboardPeriod,
} from '../influencers';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { InfluencersScope } from '../influencers/ports';
import type { AuditScope } from '../audit/ports';

/** Commissions read and write the influencers module's tables (audit: every change is logged). */
export type CommissionScope = InfluencersScope & AuditScope;

/** In the purchase's transaction: the commission it earns its buyer's influencer, if any (once per purchase). */
export async function earnCommission(tx: Tx<CommissionScope>, input: { buyerId: string; source: CommissionSource; sourceId: string; base: Cents; feePercent: number; now: Date }) {
  const earned = commissionFor(await tx.commissions.referralOf(input.buyerId), platformFee(input.base, input.feePercent), input.now);
  if (!earned) return null;
  const created = await tx.commissions.createOnce({ ...earned, referred_user_id: input.buyerId, source_type: input.source, source_id: input.sourceId, created_at: input.now });
  if (created) {
    await tx.audit.append({ action: 'commission.created', actor_email: 'sistema', entity_type: 'commission', entity_id: created.id, metadata: { influencer_id: created.influencer_id, source_type: created.source_type, source_id: created.source_id, base_fee: created.base_fee, rate_bp: created.rate_bp, amount: created.amount } });
  }
  return created;
}

/**
 * In the refund's transaction: the purchase's commission is reversed; one already paid out (or in a transfer) is
 * clawed back instead — a negative balance deducted from the influencer's next payouts (never a negative transfer).
 */
export async function reverseCommission(tx: Tx<CommissionScope>, source: CommissionSource, sourceId: string, now: Date) {
  const reversed = await tx.commissions.reverseSource(source, sourceId, now);
  if (reversed) await tx.audit.append({ action: 'commission.reversed', actor_email: 'sistema', entity_type: source, entity_id: sourceId, metadata: { reversed } });
  const clawedBack = await tx.commissions.clawBackSource(source, sourceId, now);
  if (clawedBack) await tx.audit.append({ action: 'commission.clawed_back', actor_email: 'sistema', entity_type: source, entity_id: sourceId, metadata: { clawed_back: clawedBack } });
  return reversed + clawedBack;
}

export const commissionView = (c: CommissionRecord) => ({
  id: c.id,
  source_type: c.source_type,
  source_id: c.source_id,
  base_fee: c.base_fee,
  rate_bp: c.rate_bp,
  amount: c.amount,
  status: c.status,
  available_at: c.available_at.toISOString(),
  payout_id: c.payout_id,
  reversed_at: c.reversed_at ? c.reversed_at.toISOString() : null,
  clawback_at: c.clawback_at ? c.clawback_at.toISOString() : null,
  clawback_payout_id: c.clawback_payout_id ?? null,
  created_at: c.created_at.toISOString(),
});

export class InfluencerDashboardFlow {
  constructor(
    private readonly uow: UnitOfWork<CommissionScope>,
    private readonly clock: Clock,
    private readonly options: { publicUrl: string },
  ) {}

  /** GET /api/me/influencer: the caller's own link, funnel and commissions over the last `days`. */
  async mine(userId: string, days: DashboardPeriod) {
    const influencer = await this.uow.repos.influencers.findByUserId(userId);
    if (!influencer || influencer.status === 'pending' || influencer.status === 'rejected') throw forbidden('not_an_influencer', 'Disponível apenas para influenciadores aprovados.');
    const now = this.clock.now();
    const r = this.uow.repos.commissions;
    const [stats, amounts] = await Promise.all([r.stats(influencer.id, periodStart(now, days)), r.amountsForInfluencer(influencer.id)]);
    const totals = commissionTotals(amounts);
    return {
      code: influencer.code ?? '',
      status: influencer.status as 'approved' | 'suspended',
      commission_rate_bp: influencer.commission_rate_bp ?? 0,
      links: influencer.code ? referralLinks(this.options.publicUrl, influencer.code) : null,
      days,
      clicks: stats.clicks,
      signups: stats.signups,
      paying_users: stats.paying_users,
      conversion_rate: conversionRate(stats.signups, stats.paying_users),
      commissions: { pending: totals.pending, available: totals.available, paid: totals.paid, clawback: totals.clawback },
      series: dailySeries(now, days, stats.series),
    };
  }

  /** GET /api/admin/influencers/:id/commissions: one influencer's commissions (simple-rest page) and totals. */
  async forAdmin(influencerId: string, filter: { status?: string }, offset: number, limit: number) {
    const influencer = isId(influencerId) ? await this.uow.repos.influencers.findById(influencerId) : null;
    if (!influencer) throw notFound('influencer_not_found', 'Influenciador não encontrado.');
    const status = (COMMISSION_STATUSES as readonly string[]).includes(filter.status ?? '') ? (filter.status as CommissionStatus) : undefined;
    const r = this.uow.repos.commissions;
    const [page, amounts] = await Promise.all([r.listForInfluencer(influencer.id, { status }, offset, limit), r.amountsForInfluencer(influencer.id)]);
    return { items: page.items.map(commissionView), total: page.total, totals: commissionTotals(amounts) };
  }
}
