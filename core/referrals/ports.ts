// Referrals' persistence port: who brought whom (docs/product/spec.md §3 referrals), and the clicks on influencer links.

export interface ReferralRecord {
  id: string;
  referred_user_id: string;
  referrer_user_id: string | null;
  referral_type: 'direct' | 'influencer' | 'user';
  status: 'pending' | 'confirmed' | 'cancelled';
  codigo_referencia: string;
  created_at: Date;
}

/** The influencer binding a sign-up inside the attribution window carries (for good). */
export interface InfluencerBinding {
  influencer_id: string;
  click_id: string;
  clicked_at: Date;
  signup_ip_hash: string | null;
  self_referral: boolean;
  flagged_at: Date | null;
  flag_reason: string | null;
}

export type NewReferral = Omit<ReferralRecord, 'id' | 'created_at'> & Partial<InfluencerBinding> & { created_at?: Date };

export interface ReferralRepository {
  create(referral: NewReferral): Promise<void>;
  findByReferred(userId: string): Promise<ReferralRecord | null>;
  listByReferrer(userId: string): Promise<ReferralRecord[]>;
  /** The influencer binding of a user's referral row, or null (direct or user referrals). */
  bindingOf(userId: string): Promise<InfluencerBinding | null>;
  /** Sign-ups bound to the influencer from this IP hash since `since`. */
  countFromIpSince(influencerId: string, ipHash: string, since: Date): Promise<number>;
}

export interface ReferralClickRecord {
  id: string;
  code: string;
  influencer_id: string | null;
  path: string;
  referrer: string | null;
  visitor_hash: string;
  is_bot: boolean;
  counted: boolean;
  created_at: Date;
}

export interface ReferralClickRepository {
  create(click: Omit<ReferralClickRecord, 'id'>): Promise<ReferralClickRecord>;
  findById(id: string): Promise<ReferralClickRecord | null>;
  /** The visitor's latest counted click on this code since `since`, or null. */
  lastCountedAt(visitorHash: string, code: string, since: Date): Promise<Date | null>;
}

/** The referrals module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type ReferralsScope = { referrals: ReferralRepository; referralClicks: ReferralClickRepository };

export type { Origin } from './origin';
export type { VisitorType } from './visitor-type';
