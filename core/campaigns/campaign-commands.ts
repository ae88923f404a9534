// What a flow may do to a campaign: spend its budget on one bonus, once per invitee (decision 021).
import type { Tx } from '../ports/unit-of-work';
import type { CampaignsScope } from './ports';

export function campaignCommands(tx: Tx<CampaignsScope>) {
  const { campaigns, bonuses } = tx.campaigns;
  return {
    /**
     * Spends the bonus from the budget and records it: false when the budget cannot cover it, or when this invitee's
     * bonus was recorded already (a completion reported again), in which case the budget gets the amount back.
     */
    recordBonus: async (bonus: Parameters<typeof bonuses.create>[0]): Promise<boolean> => {
      if (!(await campaigns.addSpent(bonus.campaign_id, bonus.amount))) return false;
      if (await bonuses.create(bonus)) return true;
      await campaigns.subtractSpent(bonus.campaign_id, bonus.amount);
      return false;
    },
  };
}
