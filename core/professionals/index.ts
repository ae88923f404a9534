// Professionals: applications and their review, trade registers, nearby search ranked per docs/product/spec.md §9 (featured, rating,
// distance), receivables for redeemed vouchers and payouts, and reviews.
export * from './ranking';
export * from './nearby-radius';
export * from './professional-rules';
export * from './receivable-rules';
export * from './review-rules';
export * from './redemption-rules';
export * from './payout-rules';
export * from './payout-commands';
export * from './payout-ports';
export * from './payout-messages';
export * from './payout-schemas';
export * from './ports';
export * from './schemas';
export * from './professional.service';
export * from './nearby-search';
export * from './review-moderation.service';
export * from './photo.service';
export * from './pin-rules';
export * from './pin-placement';
