// Influencers and their commissions in memory: one commission per purchase (source), moves conditional on the status,
// claw-backs owed until a payout deducts them — as adapters/db/repos/commissions.repos.ts.
import type { InfluencerRepository, InfluencersScope } from '../../../core/influencers/ports';
import type { CommissionRepository } from '../../../core/influencers/commission-ports';
import type { MemoryDb } from './db';
import { faked } from './table';

export function influencersFake(db: MemoryDb): InfluencersScope {
  const c = db.commissions;
  const influencers = faked<InfluencerRepository>('influencers', {
    findById: async (id) => {
      const i = db.influencers.get(id);
      return i ? { ...i, full_name: db.profiles.get(i.user_id)?.full_name ?? null, email: db.users.get(i.user_id)?.email ?? '' } : null;
    },
    findByUserId: async (userId) => db.influencers.first((i) => i.user_id === userId),
    findByCode: async (code) => db.influencers.first((i) => i.code?.toLowerCase() === code.toLowerCase()),
    lock: async (id) => db.influencers.get(id),
    update: async (id, patch) => void db.influencers.patch(id, patch),
  });
  const commissions = faked<CommissionRepository>('commissions', {
    referralOf: async (userId) => {
      const r = db.referrals.first((x) => x.referred_user_id === userId);
      if (!r) return null;
      const i = db.influencers.get(r.influencer_id);
      return { influencer_id: r.influencer_id, self_referral: r.self_referral, influencer_status: i?.status ?? null, commission_rate_bp: i?.commission_rate_bp ?? null };
    },
    createOnce: async (n) => {
      if (c.first((x) => x.source_type === n.source_type && x.source_id === n.source_id)) return null;
      return c.insert({ ...n, status: 'pending', payout_id: null, reversed_at: null, clawback_at: null, clawback_payout_id: null, updated_at: n.created_at });
    },
    reverseSource: async (source, id, at) => c.patchWhere((x) => x.source_type === source && x.source_id === id && (x.status === 'pending' || x.status === 'available'), { status: 'reversed', reversed_at: at }),
    clawBackSource: async (source, id, at) => c.patchWhere((x) => x.source_type === source && x.source_id === id && (x.status === 'in_payout' || x.status === 'paid') && !x.clawback_at, { clawback_at: at }),
    mature: async (at) => c.patchWhere((x) => x.status === 'pending' && x.available_at <= at, { status: 'available' }),
    amountsForInfluencer: async (id) => c.all((x) => x.influencer_id === id).map((x) => ({ amount: x.amount, status: x.status, clawback_at: x.clawback_at })),
    duePayouts: async (minimum, at) =>
      db.influencers
        .all((i) => i.status === 'approved')
        .map((i) => {
          const due = c.all((x) => x.influencer_id === i.id && (x.status === 'available' || (x.status === 'pending' && x.available_at <= at)));
          const owed = c.all((x) => x.influencer_id === i.id && x.status === 'paid' && !!x.clawback_at && !x.clawback_payout_id).reduce((s, x) => s + x.amount, 0);
          return { influencer_id: i.id, user_id: i.user_id, code: i.code ?? '', commissions: due.length, amount: due.reduce((s, x) => s + x.amount, 0) - owed };
        })
        .filter((d) => d.commissions > 0 && d.amount > 0 && d.amount >= minimum)
        .sort((a, b) => a.code.localeCompare(b.code)),
    lockAvailable: async (id) => c.all((x) => x.influencer_id === id && x.status === 'available').sort((a, b) => a.available_at.getTime() - b.available_at.getTime()).map((x) => ({ id: x.id, net: x.amount })),
    lockOwedClawbacks: async (id) => c.all((x) => x.influencer_id === id && x.status === 'paid' && !!x.clawback_at && !x.clawback_payout_id).map((x) => ({ id: x.id, amount: x.amount })),
    deductClawbacks: async (ids, payoutId) => c.patchWhere((x) => ids.includes(x.id) && x.status === 'paid' && !!x.clawback_at && !x.clawback_payout_id, { clawback_payout_id: payoutId }),
    claim: async (ids, payoutId) => c.patchWhere((x) => ids.includes(x.id) && x.status === 'available', { status: 'in_payout', payout_id: payoutId }),
    countInPayout: async (payoutId) => c.all((x) => x.payout_id === payoutId).length,
    settlePayout: async (payoutId) => c.patchWhere((x) => x.payout_id === payoutId && x.status === 'in_payout', { status: 'paid' }),
    releasePayout: async (payoutId) => {
      c.patchWhere((x) => x.payout_id === payoutId && x.status === 'in_payout' && !!x.clawback_at, (x) => ({ status: 'reversed', reversed_at: x.clawback_at, clawback_at: null, payout_id: null }));
      c.patchWhere((x) => x.clawback_payout_id === payoutId, { clawback_payout_id: null });
      return c.patchWhere((x) => x.payout_id === payoutId && x.status === 'in_payout', { status: 'available', payout_id: null });
    },
  });
  return { influencers, commissions };
}
