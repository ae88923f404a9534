// docs/product/group-purchase.md: every allowed and every refused state move, places, auto-match, deadlines and amounts.
import { describe, expect, it } from 'vitest';
import {
  GROUP_STATUSES,
  MEMBER_STATUSES,
  VOUCHER_STATUSES,
  assertCanJoin,
  assertGroupMove,
  canMoveGroup,
  canMoveMember,
  canMoveVoucher,
  deadlineFor,
  firstNameOf,
  holdExpiry,
  joinRefusal,
  makeCode,
  occupiesPlace,
  pickGroupForAutoMatch,
  placeAmounts,
  placesTaken,
  reminderDue,
  shouldComplete,
  type GroupStatus,
  type MemberStatus,
  type VoucherStatus,
} from '../../../core/groups/group-rules';
import { DomainError } from '../../../core/shared/errors';
import { amountMatches } from '../../../core/payments/payment-rules';

const ALLOWED_GROUP = new Set(['open>complete', 'open>expired', 'open>cancelled']);
const ALLOWED_MEMBER = new Set(['pending_payment>paid', 'pending_payment>released', 'paid>awarded', 'paid>refunded', 'awarded>refunded']);
const ALLOWED_VOUCHER = new Set(['awaiting_balance>redeemable', 'redeemable>redeemed', 'awaiting_balance>cancelled', 'redeemable>cancelled']);

const pairs = <S extends string>(all: readonly S[]) => all.flatMap((from) => all.map((to) => [from, to] as [S, S]));

describe('docs/product/group-purchase.md state machines', () => {
  it.each(pairs<GroupStatus>(GROUP_STATUSES))('group %s → %s', (from, to) => {
    expect(canMoveGroup(from, to)).toBe(ALLOWED_GROUP.has(`${from}>${to}`));
  });
  it.each(pairs<MemberStatus>(MEMBER_STATUSES))('member %s → %s', (from, to) => {
    expect(canMoveMember(from, to)).toBe(ALLOWED_MEMBER.has(`${from}>${to}`));
  });
  it.each(pairs<VoucherStatus>(VOUCHER_STATUSES))('voucher %s → %s', (from, to) => {
    expect(canMoveVoucher(from, to)).toBe(ALLOWED_VOUCHER.has(`${from}>${to}`));
  });
  it('a refused move is a 409 conflict', () => {
    expect(() => assertGroupMove('complete', 'open')).toThrow(DomainError);
    try {
      assertGroupMove('expired', 'complete');
    } catch (e) {
      expect((e as DomainError).kind).toBe('conflict');
      expect((e as DomainError).code).toBe('invalid_transition');
    }
  });
});

const now = new Date('2026-11-21T12:00:00Z');
const later = (min: number) => new Date(now.getTime() + min * 60_000);
const member = (user_id: string, status: MemberStatus, holdMin: number | null = 30) => ({ user_id, status, hold_expires_at: holdMin === null ? null : later(holdMin) });
const group = (over: Partial<{ status: GroupStatus; group_size: number; deadline_at: Date }> = {}) => ({ status: 'open' as GroupStatus, group_size: 3, deadline_at: later(60 * 24), ...over });

describe('docs/product/group-purchase.md places', () => {
  it.each([
    ['paid', 30, true],
    ['awarded', null, true],
    ['pending_payment', 30, true],
    ['pending_payment', 0, false],
    ['pending_payment', -1, false],
    ['released', 30, false],
    ['refunded', 30, false],
  ] as const)('a %s member (hold %s min) occupies a place: %s', (status, hold, expected) => {
    expect(occupiesPlace(member('u', status, hold), now)).toBe(expected);
  });

  it('counts paid and live holds only', () => {
    expect(placesTaken([member('a', 'paid'), member('b', 'pending_payment', 5), member('c', 'pending_payment', -5), member('d', 'released')], now)).toBe(2);
  });

  it.each([
    ['an open group with room', group(), [member('a', 'paid')], 'u', null],
    ['a full group (paid + held = size)', group(), [member('a', 'paid'), member('b', 'pending_payment'), member('c', 'paid')], 'u', 'group_full'],
    ['a group whose expired hold frees a place', group(), [member('a', 'paid'), member('b', 'pending_payment', -1), member('c', 'paid')], 'u', null],
    ['a user already holding a place', group(), [member('u', 'pending_payment')], 'u', 'already_member'],
    ['a user whose old hold was released', group(), [member('u', 'released')], 'u', null],
    ['a complete group', group({ status: 'complete' }), [], 'u', 'group_closed'],
    ['an expired group', group({ status: 'expired' }), [], 'u', 'group_closed'],
    ['an open group past its deadline', group({ deadline_at: later(-1) }), [], 'u', 'group_closed'],
  ] as const)('%s → %s', (_name, g, members, userId, expected) => {
    expect(joinRefusal(g, members, userId, now)).toBe(expected);
  });

  it('assertCanJoin throws the pt-BR conflict', () => {
    expect(() => assertCanJoin(group({ group_size: 2 }), [member('a', 'paid'), member('b', 'paid')], 'u', now)).toThrow('Esta turma já está completa');
  });
});

describe('completion, deadlines, reminders', () => {
  it.each([
    [3, 2, false],
    [3, 3, true],
    [3, 4, true],
  ])('group of %i with %i paid completes: %s', (size, paid, expected) => {
    expect(shouldComplete({ status: 'open', group_size: size }, paid)).toBe(expected);
  });
  it('a group that is not open never completes again', () => {
    expect(shouldComplete({ status: 'complete', group_size: 2 }, 5)).toBe(false);
  });
  it('holds last 30 minutes and windows count whole days', () => {
    expect(holdExpiry(now).toISOString()).toBe('2026-11-21T12:30:00.000Z');
    expect(deadlineFor(now, 30).toISOString()).toBe('2026-12-21T12:00:00.000Z');
  });
  it.each([
    ['4 days left', 4 * 24 * 60, null, false],
    ['3 days left', 3 * 24 * 60, null, true],
    ['1 hour left', 60, null, true],
    ['already reminded', 60, now, false],
    ['past the deadline', -1, null, false],
  ] as const)('reminder with %s: %s', (_n, minutes, sent, expected) => {
    expect(reminderDue({ ...group({ deadline_at: later(minutes) }), reminder_sent_at: sent }, now)).toBe(expected);
  });
});

describe('docs/product/group-purchase.md auto-match', () => {
  const c = (id: string, size: number, taken: number, minutesAgo: number) => ({ id, group_size: size, places_taken: taken, created_at: later(-minutesAgo) });
  it('picks the open group with the fewest free places, oldest first on a tie, skipping full ones', () => {
    expect(pickGroupForAutoMatch([c('a', 5, 1, 10), c('b', 5, 4, 5), c('c', 5, 5, 50), c('d', 10, 9, 20)])?.id).toBe('d');
    expect(pickGroupForAutoMatch([c('a', 5, 1, 10), c('b', 5, 1, 50)])?.id).toBe('b');
    expect(pickGroupForAutoMatch([c('full', 3, 3, 1)])).toBeNull();
    expect(pickGroupForAutoMatch([])).toBeNull();
  });
});

describe('money of a place', () => {
  it.each([
    [42_000, 4_200, 37_800],
    [14_900, 1_490, 13_410],
    [12_345, 1_235, 11_110],
  ])('price %i → entry %i, balance %i (entry + balance = price)', (price, entry, balance) => {
    expect(placeAmounts(price)).toEqual({ price, entry, balance });
  });
  it.each([
    [4_200, 4_200, true],
    [4_200, 4_199, false],
    [4_200, 4_201, false],
    [4_200, 42, false],
    [4_200, 4_200.5, false],
  ])('expected %i, paid %s → applied: %s', (expected, paid, ok) => {
    expect(amountMatches(expected, paid)).toBe(ok);
  });
});

describe('codes and names', () => {
  it('makes codes from an unambiguous alphabet', () => {
    const code = makeCode(8, Math.random);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });
  it.each([
    ['Maria Souza', 'Maria'],
    ['  Ana  ', 'Ana'],
    ['', 'Participante'],
    [null, 'Participante'],
    // A deleted account's profile is renamed 'Conta excluída': its member is an ex-participant, not someone named "Conta".
    ['Conta excluída', 'Ex-participante'],
  ])('first name of %j is %s', (full, first) => {
    expect(firstNameOf(full)).toBe(first);
  });
});
