// Campaign bonuses on the in-memory repositories: credited to the inviter's wallet once per invitee, within the cap per
// inviter and the campaign's budget (centavos), never for a self-invite, and reversed once within the window.
import { beforeEach, describe, expect, it } from 'vitest';
import { creditCampaignBonuses, reverseCampaignBonuses } from '../../../core/flows/campaign-bonus.flow';
import type { GroupRecord, MemberRecord } from '../../../core/groups';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';
import { seedGroup, seedMember, seedPlan, seedUser } from '../../fakes/memory/seed';

const T0 = new Date('2026-11-10T15:00:00Z');
const DAY = 86_400_000;
let db: MemoryDb;
let uow: MemoryUnitOfWork;

beforeEach(() => {
  db = new MemoryDb(() => T0);
  uow = new MemoryUnitOfWork(db);
});

function campaign(over: { bonus_type?: 'fixed' | 'fee_percent'; bonus_value?: number; cap_per_inviter?: number; budget?: number } = {}) {
  return db.campaigns.insert({ name: 'Indique', starts_at: new Date(T0.getTime() - DAY), ends_at: new Date(T0.getTime() + DAY), bonus_type: 'fixed', bonus_value: 1_000, cap_per_inviter: 5_000, budget: 100_000, spent: 0, status: 'active', created_by: null, ended_at: null, updated_at: T0, ...over });
}

/** A completed group (price 200,00) whose `n` awarded members were invited by one paid inviter. */
function invitedGroup(n: number): { group: GroupRecord; inviter: MemberRecord; invitees: MemberRecord[] } {
  const plan = seedPlan(db, { price: 20_000, group_size: n + 1 });
  const owner = seedUser(db);
  const group = seedGroup(db, plan, owner, { status: 'complete', completed_at: T0 });
  const inviter = seedMember(db, group, owner, { status: 'awarded', hold_expires_at: null });
  const invitees = Array.from({ length: n }, () => seedMember(db, group, seedUser(db), { status: 'awarded', hold_expires_at: null, invited_by_member_id: inviter.id }));
  return { group, inviter, invitees };
}

const credit = (g: GroupRecord, awarded: MemberRecord[]) => uow.tx((tx) => creditCampaignBonuses(tx, g, awarded, 'Plano', 10, T0));
const balanceOf = (userId: string) => db.wallet.all((e) => e.user_id === userId).reduce((s, e) => s + e.amount, 0);

describe('crediting campaign bonuses', () => {
  it('credits the fixed bonus per invitee once, up to the cap per inviter', async () => {
    const c = campaign({ cap_per_inviter: 2_500 });
    const { group, inviter, invitees } = invitedGroup(3);
    expect(await credit(group, invitees)).toBe(3);
    // 10,00 + 10,00 + what is left of the 25,00 cap.
    expect(db.campaignBonuses.all().map((b) => b.amount)).toEqual([1_000, 1_000, 500]);
    expect(balanceOf(inviter.user_id)).toBe(2_500);
    expect(db.campaigns.get(c.id)?.spent).toBe(2_500);
    // Completion reported again: nothing twice.
    expect(await credit(group, invitees)).toBe(0);
    expect(balanceOf(inviter.user_id)).toBe(2_500);
    expect(db.campaigns.get(c.id)?.spent).toBe(2_500);
  });

  it('a fee_percent bonus is a share of the platform fee, and never passes the budget', async () => {
    const c = campaign({ bonus_type: 'fee_percent', bonus_value: 5_000, budget: 1_500 });
    const { group, inviter, invitees } = invitedGroup(2);
    // Fee 10% of 200,00 = 20,00; half of it = 10,00; the budget leaves 5,00 for the second.
    expect(await credit(group, invitees)).toBe(2);
    expect(db.campaignBonuses.all().map((b) => b.amount)).toEqual([1_000, 500]);
    expect(db.campaigns.get(c.id)?.spent).toBe(1_500);
    expect(balanceOf(inviter.user_id)).toBe(1_500);
  });

  it('nothing for a self-invite, an inviter who gave the place up, or without an active campaign', async () => {
    const { group, inviter, invitees } = invitedGroup(1);
    expect(await credit(group, invitees)).toBe(0);
    campaign();
    const self = seedMember(db, group, { id: inviter.user_id }, { status: 'awarded', invited_by_member_id: inviter.id });
    expect(await credit(group, [self])).toBe(0);
    db.members.patch(inviter.id, { status: 'refunded' });
    expect(await credit(group, invitees)).toBe(0);
    expect(db.wallet.size).toBe(0);
  });
});

describe('reversing campaign bonuses', () => {
  it('within 7 days of completion: the bonus reversed once, the budget and the wallet given back', async () => {
    const c = campaign();
    const { group, inviter, invitees } = invitedGroup(1);
    await credit(group, invitees);
    const invitee = invitees[0]!;
    const undo = (at: Date) => uow.tx((tx) => reverseCampaignBonuses(tx, invitee.id, at, 'desistência'));
    expect(await undo(new Date(T0.getTime() + 7 * DAY))).toBe(1);
    expect(db.campaignBonuses.only()).toMatchObject({ status: 'reversed', reversal_reason: 'desistência' });
    expect(db.campaigns.get(c.id)?.spent).toBe(0);
    expect(balanceOf(inviter.user_id)).toBe(0);
    expect(await undo(new Date(T0.getTime() + 7 * DAY))).toBe(0);
    expect(db.wallet.size).toBe(2);
  });

  it('after the window the bonus stays', async () => {
    campaign();
    const { group, inviter, invitees } = invitedGroup(1);
    await credit(group, invitees);
    expect(await uow.tx((tx) => reverseCampaignBonuses(tx, invitees[0]!.id, new Date(T0.getTime() + 7 * DAY + 1), 'x'))).toBe(0);
    expect(balanceOf(inviter.user_id)).toBe(1_000);
  });
});
