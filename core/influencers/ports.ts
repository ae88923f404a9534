// Influencers' persistence port: the application, its decisions, the referral code and the funnel counts.
import type { CommissionRepository } from './commission-ports';

export const INFLUENCER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type InfluencerStatus = (typeof INFLUENCER_STATUSES)[number];

export interface InfluencerRecord {
  id: string;
  user_id: string;
  status: InfluencerStatus;
  code: string | null;
  code_changes: number;
  commission_rate_bp: number | null;
  instagram: string | null;
  tiktok: string | null;
  youtube: string | null;
  audience_size: number;
  niche: string;
  pix_key_type: string;
  pix_key: string;
  rejection_reason: string | null;
  suspension_reason: string | null;
  approved_at: Date | null;
  created_at: Date;
}

/** A back-office row: the influencer with the account's name and e-mail. */
export interface InfluencerListItem extends InfluencerRecord {
  full_name: string | null;
  email: string;
}

export type NewInfluencer = Pick<InfluencerRecord, 'user_id' | 'instagram' | 'tiktok' | 'youtube' | 'audience_size' | 'niche' | 'pix_key_type' | 'pix_key'>;

export interface InfluencerFilter {
  status?: InfluencerStatus;
  q?: string;
  id?: string[];
}

/** Counted clicks (bots and repeats left out), sign-ups bound to the influencer, and those of them set apart. */
export interface InfluencerFunnel {
  clicks: number;
  signups: number;
  self_referrals: number;
  flagged: number;
}

export interface InfluencerRepository {
  create(i: NewInfluencer): Promise<InfluencerRecord>;
  findById(id: string): Promise<InfluencerListItem | null>;
  findByUserId(userId: string): Promise<InfluencerRecord | null>;
  /** Case-insensitive (the column is citext). */
  findByCode(code: string): Promise<InfluencerRecord | null>;
  lock(id: string): Promise<InfluencerRecord | null>;
  update(id: string, patch: Partial<Omit<InfluencerRecord, 'id' | 'user_id' | 'created_at'>>): Promise<void>;
  list(filter: InfluencerFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number): Promise<{ items: InfluencerListItem[]; total: number }>;
  funnel(id: string): Promise<InfluencerFunnel>;
}

/** The influencers module's tables (their commissions too), as a unit of work scope (core/ports/unit-of-work.ts). */
export type InfluencersScope = { influencers: InfluencerRepository; commissions: CommissionRepository };
