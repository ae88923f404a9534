// Campaigns and their bonuses in memory: `spent` moves only within the budget; one bonus per invitee and campaign.
import type { CampaignBonusRepository, CampaignRepository, CampaignsScope } from '../../../core/campaigns/ports';
import type { MemoryDb } from './db';
import { faked } from './table';

export function campaignsFake(db: MemoryDb): CampaignsScope {
  const campaigns = faked<CampaignRepository>('campaigns.campaigns', {
    create: async (c) => db.campaigns.insert({ ...c, spent: 0, status: 'active', ended_at: null, updated_at: db.now() }),
    findById: async (id) => db.campaigns.get(id),
    lock: async (id) => db.campaigns.get(id),
    lockCreation: async () => undefined,
    findActiveAt: async (at) => db.campaigns.first((c) => c.status === 'active' && c.starts_at <= at && at < c.ends_at),
    findOverlapping: async (from, to) => db.campaigns.all((c) => c.status !== 'ended' && c.starts_at < to && from < c.ends_at),
    end: async (id, at) => db.campaigns.patchIf(id, (c) => c.status === 'active', { status: 'ended', ended_at: at }),
    addSpent: async (id, amount) => db.campaigns.patchIf(id, (c) => c.spent + amount <= c.budget, { spent: (db.campaigns.get(id)?.spent ?? 0) + amount }),
    subtractSpent: async (id, amount) => void db.campaigns.patch(id, { spent: (db.campaigns.get(id)?.spent ?? 0) - amount }),
  });
  const bonuses = faked<CampaignBonusRepository>('campaigns.bonuses', {
    create: async (b) => {
      if (db.campaignBonuses.first((x) => x.campaign_id === b.campaign_id && x.invitee_member_id === b.invitee_member_id)) return false;
      db.campaignBonuses.insert({ ...b, status: 'credited', reversed_at: null, reversal_reason: null });
      return true;
    },
    creditedToInviter: async (campaignId, inviter) =>
      db.campaignBonuses.all((b) => b.campaign_id === campaignId && b.inviter_user_id === inviter && b.status === 'credited').reduce((s, b) => s + b.amount, 0),
    listCreditedForInvitee: async (memberId) => db.campaignBonuses.all((b) => b.invitee_member_id === memberId && b.status === 'credited'),
    markReversed: async (id, at, reason) => db.campaignBonuses.patchIf(id, (b) => b.status === 'credited', { status: 'reversed', reversed_at: at, reversal_reason: reason }),
    countForCampaign: async (campaignId) => ({
      credited: db.campaignBonuses.all((b) => b.campaign_id === campaignId && b.status === 'credited').length,
      reversed: db.campaignBonuses.all((b) => b.campaign_id === campaignId && b.status === 'reversed').length,
    }),
  });
  return { campaigns: { campaigns, bonuses } };
}
