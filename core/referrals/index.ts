// Referrals: visitor type and profile origin (SPEC.md §4), who brought whom (SPEC.md §3 referrals), and influencer
// attribution (issue 11): clicks on referral links and the sign-up's binding inside the 30-day window.
export * from './ports';
export * from './origin';
export * from './visitor-type';
export * from './attribution';
export * from './referral.service';
