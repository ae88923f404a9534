// The campaigns module's persistence port: campaigns and the bonuses they paid.
import type { ListQuery } from '../shared/list-query';
import type { CampaignBonusType, CampaignStatus } from './campaign-rules';

export interface CampaignRecord {
  id: string;
  name: string;
  starts_at: Date;
  ends_at: Date;
  bonus_type: CampaignBonusType;
  bonus_value: number;
  cap_per_inviter: number;
  budget: number;
  spent: number;
  status: CampaignStatus;
  created_by: string | null;
  ended_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface CampaignBonusRecord {
  id: string;
  campaign_id: string;
  inviter_user_id: string;
  inviter_member_id: string;
  invitee_member_id: string;
  group_id: string;
  amount: number;
  wallet_entry_ref: string;
  status: 'credited' | 'reversed';
  reversed_at: Date | null;
  reversal_reason: string | null;
  created_at: Date;
}

export interface CampaignFilter {
  q?: string;
  status?: CampaignStatus;
  id?: string[];
}

export interface CampaignRepository {
  create(c: Pick<CampaignRecord, 'name' | 'starts_at' | 'ends_at' | 'bonus_type' | 'bonus_value' | 'cap_per_inviter' | 'budget' | 'created_by'>): Promise<CampaignRecord>;
  findById(id: string): Promise<CampaignRecord | null>;
  /** Row lock until the commit: serialises bonuses of one campaign. */
  lock(id: string): Promise<CampaignRecord | null>;
  /** Inside a transaction: serialises campaign creation (the one-active-at-a-time check). */
  lockCreation(): Promise<void>;
  list(query: ListQuery<CampaignFilter>): Promise<{ items: CampaignRecord[]; total: number }>;
  /** Not ended and whose period overlaps [startsAt, endsAt). */
  findOverlapping(startsAt: Date, endsAt: Date): Promise<CampaignRecord[]>;
  /** The campaign active at `now` (not ended, inside its period), if any. */
  findActiveAt(now: Date): Promise<CampaignRecord | null>;
  /** `active` → `ended`; false when it was not active. */
  end(id: string, now: Date): Promise<boolean>;
  /** Conditional: `spent += amount` only while it stays within the budget (false otherwise). */
  addSpent(id: string, amount: number): Promise<boolean>;
  /** `spent -= amount` (a reversed bonus gives its share of the budget back). */
  subtractSpent(id: string, amount: number): Promise<void>;
}

export interface CampaignBonusRepository {
  /** False when this invitee already has a bonus in this campaign. */
  create(b: Omit<CampaignBonusRecord, 'id' | 'status' | 'reversed_at' | 'reversal_reason' | 'created_at'>): Promise<boolean>;
  /** Sum of the inviter's credited (not reversed) bonuses in the campaign. */
  creditedToInviter(campaignId: string, inviterUserId: string): Promise<number>;
  /** Credited bonuses earned through this invitee (any campaign). */
  listCreditedForInvitee(inviteeMemberId: string): Promise<CampaignBonusRecord[]>;
  markReversed(id: string, now: Date, reason: string): Promise<boolean>;
  listForCampaign(campaignId: string, limit: number): Promise<Array<CampaignBonusRecord & { inviter_name: string | null; inviter_email: string | null }>>;
  countForCampaign(campaignId: string): Promise<{ credited: number; reversed: number }>;
}

export interface CampaignRepositories {
  campaigns: CampaignRepository;
  bonuses: CampaignBonusRepository;
}

/** The campaigns module's tables, as a unit of work scope (core/ports/unit-of-work.ts). */
export type CampaignsScope = { campaigns: CampaignRepositories };
