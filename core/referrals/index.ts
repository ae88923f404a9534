// Referrals: visitor type and profile origin (SPEC.md §4), and who brought whom (SPEC.md §3 referrals).
export * from './ports';
export * from './origin';
export * from './visitor-type';
