// The one rule of an active membership (and of what a member owes) that my-groups, the dashboard and /payment share.
import { describe, expect, it } from 'vitest';
import { chargeDue, isActiveMembership, isEntryPaid, isLiveHold, type MembershipView } from '../../../core/groups/group-rules';

const now = new Date('2026-05-01T12:00:00Z');
const later = '2026-05-01T12:10:00Z';
const earlier = '2026-05-01T11:50:00Z';
const item = (
  group: MembershipView['group']['status'],
  member: MembershipView['membership']['status'],
  hold: string | null = null,
  voucher: NonNullable<MembershipView['voucher']>['status'] | null = null,
): MembershipView => ({ group: { status: group }, membership: { status: member, hold_expires_at: hold }, voucher: voucher ? { status: voucher } : null });

describe('isActiveMembership', () => {
  it.each([
    ['open, entry paid', item('open', 'paid'), true],
    ['open, live hold', item('open', 'pending_payment', later), true],
    ['open, hold ran out', item('open', 'pending_payment', earlier), false],
    ['open, place released', item('open', 'released'), false],
    ['complete, balance due', item('complete', 'awarded', null, 'awaiting_balance'), true],
    ['complete, voucher redeemable', item('complete', 'awarded', null, 'redeemable'), true],
    ['complete, voucher redeemed', item('complete', 'awarded', null, 'redeemed'), false],
    ['expired, refunded', item('expired', 'refunded'), false],
    ['cancelled, paid', item('cancelled', 'paid'), false],
  ])('%s → %s', (_name, view, expected) => {
    expect(isActiveMembership(view, now)).toBe(expected);
    expect(isActiveMembership(view, now.getTime())).toBe(expected);
  });
});

describe('chargeDue', () => {
  it.each([
    [item('open', 'pending_payment', later), 'entry'],
    [item('open', 'pending_payment', earlier), null],
    [item('expired', 'pending_payment', later), null],
    [item('open', 'paid'), null],
    [item('complete', 'awarded', null, 'awaiting_balance'), 'balance'],
    [item('complete', 'awarded', null, 'redeemable'), null],
  ])('%j → %s', (view, expected) => expect(chargeDue(view, now)).toBe(expected));
});

describe('isLiveHold / isEntryPaid', () => {
  it('a hold is live until the instant it expires, Dates and ISO strings alike', () => {
    expect(isLiveHold(item('open', 'pending_payment', new Date(now.getTime() + 1) as unknown as string), now)).toBe(true);
    expect(isLiveHold(item('open', 'pending_payment', now.toISOString()), now)).toBe(false);
  });
  it.each([['paid', true], ['awarded', true], ['pending_payment', false], ['released', false], ['refunded', false]] as const)(
    '%s → %s',
    (status, expected) => expect(isEntryPaid(status)).toBe(expected),
  );
});
