// Influenciadores: applications by status (tabs), each influencer's funnel (clicks, sign-ups, self-referrals, flagged),
// and the decisions (approve with a commission rate, reject or suspend with a reason, reactivate, change the rate), each
// audited by the server. The show page is a composition of cards.
import CampaignIcon from '@mui/icons-material/Campaign';
import { type ResourceProps } from 'react-admin';
import { InfluencerList } from './List';
import { InfluencerShow } from './Show';
import { Influencer } from './shared';

export * from './shared';
export * from './List';
export * from './Show';

export const influencers: Omit<ResourceProps, 'name'> = {
  list: InfluencerList,
  show: InfluencerShow,
  icon: CampaignIcon,
  recordRepresentation: (r: Influencer) => r.full_name || r.email,
};
