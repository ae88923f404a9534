import type { CampaignOfferMessages } from './pt-BR';

const campaignOffer: CampaignOfferMessages = {
  eyebrow: 'Campaign: {{name}}',
  fixed: 'Invite friends and earn {{amount}} in credit for each friend who completes a group',
  fee_percent: "Invite friends and earn {{percent}}% of Turma's fee in credit for each friend who completes a group",
  details: 'Up to {{cap}} per person · valid until {{until}} · credit to spend in the marketplace',
  compact: 'Earn {{reward}} for each friend who completes the group (up to {{cap}})',
  percentReward: '{{percent}}% of the fee',
};

export default campaignOffer;
