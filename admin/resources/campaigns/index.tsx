// Campanhas (docs/product/group-purchase.md, docs/product/referrals.md): the member-to-member bonus. A campaign has a period, a bonus (fixed, or a
// percentage of the platform fee), a cap per inviter and a budget; the show page has spent/budget and the bonuses paid.
// Campaigns are never edited (bonuses were paid under their terms): an admin ends one (audited) and creates another.
import CampaignIcon from '@mui/icons-material/Campaign';
import { type ResourceProps } from 'react-admin';
import { CampaignList } from './List';
import { CampaignCreate } from './Create';
import { CampaignShow } from './Show';

export * from './shared';
export * from './List';
export * from './Show';
export * from './Create';

export const campaigns: Omit<ResourceProps, 'name'> = {
  list: CampaignList,
  create: CampaignCreate,
  show: CampaignShow,
  icon: CampaignIcon,
  recordRepresentation: 'name',
};
