// Influencers: applications and their review, commission rates, referral codes and the funnel.
export * from './influencer-rules';
export * from './ports';
export * from './influencer.service';
export * from './commission-rules';
export * from './commission-ports';
export * from './schemas';
export * from './commission-schemas';
