// The landing visit's types, with no dependency (no zod): the back office's users list imports this module alone.
// core/referrals/visitor-type.ts builds its schema and rules on it and re-exports it.

export const VISITOR_TYPES = ['influencer', 'referral', 'direct'] as const;
export type VisitorType = (typeof VISITOR_TYPES)[number];
