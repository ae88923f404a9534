// Referrals: visitor type and profile origin (docs/product/spec.md §4), who brought whom (docs/product/spec.md §3 referrals), and influencer
// attribution: clicks on referral links and the sign-up's binding inside the 30-day window.
export * from './ports';
export * from './origin';
export * from './visitor-type';
export * from './attribution';
export * from './referral.service';
