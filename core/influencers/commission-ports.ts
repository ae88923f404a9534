// Commissions' persistence port: one commission per purchase (unique source), its moves as conditional
// updates (the row's current status decides), the payout moves (like receivables'), and the dashboard's counts.
import type { Cents } from '../shared/money';
import type { CommissionAmountRow, CommissionReferral, CommissionSource, CommissionStatus } from './commission-rules';

export interface CommissionRecord {
  id: string;
  influencer_id: string;
  referred_user_id: string;
  source_type: CommissionSource;
  source_id: string;
  base_fee: Cents;
  rate_bp: number;
  amount: Cents;
  status: CommissionStatus;
  available_at: Date;
  payout_id: string | null;
  reversed_at: Date | null;
  /** Paid out (or being paid), then its purchase was refunded: a negative balance for the next payouts. */
  clawback_at: Date | null;
  /** The payout that deducted the claw-back (null while still owed). */
  clawback_payout_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** `created_at` is when the purchase completed (the Clock's now), the day it counts in the dashboard's series. */
export type NewCommission = Pick<CommissionRecord, 'influencer_id' | 'referred_user_id' | 'source_type' | 'source_id' | 'base_fee' | 'rate_bp' | 'amount' | 'available_at' | 'created_at'>;

/** An approved influencer whose available commissions add up to at least the minimum. */
export interface DueInfluencerPayout {
  influencer_id: string;
  user_id: string;
  code: string;
  amount: Cents;
  commissions: number;
}

/** Per-day counts (São Paulo days, YYYY-MM-DD) for the dashboard's series. */
export type DayCounts = Array<{ day: string; n: number }>;

export interface InfluencerPeriodStats {
  clicks: number;
  signups: number;
  paying_users: number;
  series: { clicks: DayCounts; signups: DayCounts; commissions: DayCounts };
}

export interface CommissionRepository {
  /** The buyer's referral as far as commissions go (null without one). */
  referralOf(userId: string): Promise<CommissionReferral | null>;
  /** Inserts once per (source_type, source_id); null when the purchase had already earned. */
  createOnce(c: NewCommission): Promise<CommissionRecord | null>;
  /** pending|available → reversed for this purchase; the number reversed. */
  reverseSource(source: CommissionSource, sourceId: string, at: Date): Promise<number>;
  /** in_payout|paid and not yet clawed back → clawed back (`clawback_at`) for this purchase; the number clawed back. */
  clawBackSource(source: CommissionSource, sourceId: string, at: Date): Promise<number>;
  /** pending → available for every commission whose window ended at `now`. */
  mature(now: Date): Promise<number>;
  listForInfluencer(influencerId: string, filter: { status?: CommissionStatus }, offset: number, limit: number): Promise<{ items: CommissionRecord[]; total: number }>;
  /** Every commission's amount, status and claw-back (for the totals). */
  amountsForInfluencer(influencerId: string): Promise<CommissionAmountRow[]>;
  stats(influencerId: string, since: Date): Promise<InfluencerPeriodStats>;

  /** Approved influencers due a payout now (pending ones whose window ended count: the run matures them first). */
  duePayouts(minimum: Cents, now: Date): Promise<DueInfluencerPayout[]>;
  /** The influencer's available commissions, locked for this transaction. */
  lockAvailable(influencerId: string): Promise<Array<{ id: string; net: Cents }>>;
  /** The influencer's paid claw-backs not yet deducted, locked for this transaction. */
  lockOwedClawbacks(influencerId: string): Promise<Array<{ id: string; amount: Cents }>>;
  /** Marks these claw-backs as deducted by this payout (only those still owed); the number marked. */
  deductClawbacks(ids: string[], payoutId: string): Promise<number>;
  /** available → in_payout with this payout, only those still available; the number claimed. */
  claim(ids: string[], payoutId: string): Promise<number>;
  countInPayout(payoutId: string): Promise<number>;
  /** in_payout → paid for this payout's commissions. */
  settlePayout(payoutId: string): Promise<number>;
  /**
   * A failed payout: its commissions in_payout → available (payout cleared), those clawed back meanwhile → reversed;
   * the claw-backs it deducted are owed again.
   */
  releasePayout(payoutId: string): Promise<number>;
}
