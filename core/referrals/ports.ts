// Referrals' persistence port: who brought whom (SPEC.md §3 referrals).

export interface ReferralRecord {
  id: string;
  referred_user_id: string;
  referrer_user_id: string | null;
  referral_type: 'direct' | 'influencer' | 'user';
  status: 'pending' | 'confirmed' | 'cancelled';
  codigo_referencia: string;
  created_at: Date;
}

export interface ReferralRepository {
  create(referral: Omit<ReferralRecord, 'id' | 'created_at'>): Promise<void>;
  findByReferred(userId: string): Promise<ReferralRecord | null>;
  listByReferrer(userId: string): Promise<ReferralRecord[]>;
}
