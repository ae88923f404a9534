// The professionals module's payout persistence: payouts, and the receivables' moves a payout makes (maturing,
// claiming for a payout, paying, giving back). Every move is a conditional update: the row's current status decides.
import type { PixKeyType } from '../payments/ports';
import type { PayoutStatus } from './payout-rules';

export interface PayoutRecord {
  id: string;
  /**
   * Exactly one of the three is set: a professional's payout (receivables), an influencer's (commissions), or a
   * deleted account's wallet credit refunded by PIX (`user_id`, at most one per account).
   */
  professional_id: string | null;
  influencer_id: string | null;
  user_id?: string | null;
  amount: number;
  status: PayoutStatus;
  pix_key_type: PixKeyType | null;
  pix_key: string | null;
  provider_transfer_id: string | null;
  provider_status: string | null;
  receipt_url: string | null;
  failure_reason: string | null;
  transfer_requested_at: Date | null;
  paid_at: Date | null;
  failed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An approved professional whose available receivables add up to at least the minimum. */
export interface DuePayout {
  professional_id: string;
  user_id: string;
  business_name: string;
  pix_key_type: PixKeyType;
  pix_key: string;
  amount: number;
  receivables: number;
}

export interface PayoutRepository {
  create(p: Pick<PayoutRecord, 'amount' | 'pix_key_type' | 'pix_key'> & ({ professional_id: string } | { influencer_id: string } | { user_id: string })): Promise<PayoutRecord>;
  /** The wallet refund payout of this (deleted) account, if any. */
  findWalletRefund(userId: string): Promise<PayoutRecord | null>;
  findById(id: string): Promise<PayoutRecord | null>;
  findByTransferId(providerTransferId: string): Promise<PayoutRecord | null>;
  /** SELECT … FOR UPDATE. */
  lock(id: string): Promise<PayoutRecord | null>;
  update(id: string, patch: Partial<Omit<PayoutRecord, 'id' | 'professional_id' | 'influencer_id' | 'user_id' | 'amount' | 'created_at'>>): Promise<void>;
  /** Moves the payout only if its status is one of `from`; true for the one caller that did. */
  moveIf(id: string, from: PayoutStatus[], to: PayoutStatus, patch?: Partial<PayoutRecord>): Promise<boolean>;
  listForProfessional(professionalId: string, offset: number, limit: number): Promise<{ items: PayoutRecord[]; total: number }>;
  listForInfluencer(influencerId: string, offset: number, limit: number): Promise<{ items: PayoutRecord[]; total: number }>;

  /** pending → available for every receivable whose hold ended at `now`; the number moved. */
  matureReceivables(now: Date): Promise<number>;
  /**
   * Approved professionals whose available receivables (counting pending ones whose hold ended at `now`, which the
   * run matures first) sum to at least `minimum`. A read only: the run's claim decides.
   */
  duePayouts(minimum: number, now: Date): Promise<DuePayout[]>;
  /** The professional's available receivables, locked (FOR UPDATE) for this transaction. */
  lockAvailable(professionalId: string): Promise<Array<{ id: string; net: number }>>;
  /** available → in_payout with this payout, only those still available; the number claimed. */
  claimReceivables(ids: string[], payoutId: string): Promise<number>;
  /** in_payout → paid for this payout's receivables. */
  settleReceivables(payoutId: string): Promise<number>;
  /** in_payout → available with payout_id cleared, for this payout's receivables. */
  releaseReceivables(payoutId: string): Promise<number>;
}
