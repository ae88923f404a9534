// Pure rules of a campaign (docs/product/group-purchase.md, docs/product/referrals.md): when one is active, and how much a bonus is — a fixed amount or basis
// points of the platform fee of the completed group's plan, never more than what is left of the inviter's cap and of
// the campaign's budget. Shared by the server and the screens.
import { percentOf, type Cents } from '../shared/money';

export const CAMPAIGN_BONUS_TYPES = ['fixed', 'fee_percent'] as const;
export type CampaignBonusType = (typeof CAMPAIGN_BONUS_TYPES)[number];

export const CAMPAIGN_STATUSES = ['active', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a screen shows: an `active` campaign is `scheduled`, `running` or `finished` depending on the clock. */
export type CampaignPhase = 'scheduled' | 'running' | 'finished' | 'ended';

/** A bonus is reversed when the invitee's purchase is refunded within this many days of the completion (CDC art. 49). */
export const BONUS_REVERSAL_WINDOW_DAYS = 7;

export interface CampaignWindow {
  status: CampaignStatus;
  starts_at: Date;
  ends_at: Date;
}

/** Active at `now`: not ended by an admin, and `starts_at <= now < ends_at`. */
export function isActiveAt(c: CampaignWindow, now: Date): boolean {
  return c.status === 'active' && c.starts_at.getTime() <= now.getTime() && now.getTime() < c.ends_at.getTime();
}

export function campaignPhase(c: CampaignWindow, now: Date): CampaignPhase {
  if (c.status === 'ended') return 'ended';
  if (now.getTime() < c.starts_at.getTime()) return 'scheduled';
  return now.getTime() < c.ends_at.getTime() ? 'running' : 'finished';
}

/** Two periods [start, end) overlap. */
export function periodsOverlap(a: { starts_at: Date; ends_at: Date }, b: { starts_at: Date; ends_at: Date }): boolean {
  return a.starts_at.getTime() < b.ends_at.getTime() && b.starts_at.getTime() < a.ends_at.getTime();
}

/** The platform's fee on a plan price (PLATFORM_FEE_PERCENT of the group price). */
export const platformFeeOf = (price: Cents, feePercent: number): Cents => percentOf(price, feePercent);

/** The bonus before limits: the fixed amount, or `bonus_value` basis points of the platform fee (half-up). */
export function nominalBonus(c: { bonus_type: CampaignBonusType; bonus_value: number }, platformFee: Cents): Cents {
  if (c.bonus_type === 'fixed') return Math.max(0, c.bonus_value);
  return Math.max(0, percentOf(platformFee, c.bonus_value / 100));
}

/**
 * What the inviter is credited: the nominal bonus, capped by what is left of the inviter's cap (`inviterCredited` =
 * the inviter's bonuses in this campaign not reversed) and of the budget. 0 means nothing is paid.
 */
export function bonusAmount(
  c: { bonus_type: CampaignBonusType; bonus_value: number; cap_per_inviter: Cents; budget: Cents; spent: Cents },
  platformFee: Cents,
  inviterCredited: Cents,
): Cents {
  const capLeft = Math.max(0, c.cap_per_inviter - inviterCredited);
  const budgetLeft = Math.max(0, c.budget - c.spent);
  return Math.min(nominalBonus(c, platformFee), capLeft, budgetLeft);
}

/** A refund reverses the bonus only inside the withdrawal window counted from the group's completion. */
export function withinReversalWindow(completedAt: Date | null, refundedAt: Date): boolean {
  if (!completedAt) return true;
  return refundedAt.getTime() - completedAt.getTime() <= BONUS_REVERSAL_WINDOW_DAYS * 86_400_000;
}

/** The wallet ledger refs of a bonus and of its reversal (one entry each, ever). */
export const bonusWalletRef = (campaignId: string, inviteeMemberId: string) => `campaign:${campaignId}:invitee:${inviteeMemberId}`;
export const bonusReversalRef = (walletRef: string) => `${walletRef}:reversal`;
