// The group purchase's pure rules (docs/product/group-purchase.md): states and their allowed moves, places, deadlines, auto-match, amounts.
import { z } from 'zod';
import { conflict } from '../shared/errors';
import type { Cents } from '../shared/money';
import { secureRandom } from '../shared/random';
import { computeBalanceDue, computeEntryPrice } from '../catalog';
import { ANONYMOUS_NAME } from '../identity/ports';
import type { GroupStatus, MemberStatus, VoucherStatus } from './ports';

// The states live with the records (ports.ts stays a leaf other modules may name without importing these rules).
export { GROUP_STATUSES, MEMBER_STATUSES, VOUCHER_STATUSES, type GroupStatus, type MemberStatus, type VoucherStatus } from './ports';

export const FORMER_MEMBER_NAME = 'Ex-participante';

/** A place is held this long while the entry payment is pending (the PIX expiry). */
export const HOLD_MINUTES = 30;
/** Members are reminded this many days before the window closes. */
export const REMINDER_DAYS_BEFORE = 3;
export const GROUP_SIZE_MIN = 2;
export const GROUP_SIZE_MAX = 50;

const GROUP_MOVES: Record<GroupStatus, readonly GroupStatus[]> = {
  open: ['complete', 'expired', 'cancelled'],
  complete: [],
  expired: [],
  cancelled: [],
};
const MEMBER_MOVES: Record<MemberStatus, readonly MemberStatus[]> = {
  pending_payment: ['paid', 'released'],
  paid: ['awarded', 'refunded'],
  // A completed group's purchase refunded or charged back before its voucher was used.
  awarded: ['refunded'],
  released: [],
  refunded: [],
};
const VOUCHER_MOVES: Record<VoucherStatus, readonly VoucherStatus[]> = {
  awaiting_balance: ['redeemable', 'cancelled'],
  redeemable: ['redeemed', 'cancelled'],
  redeemed: [],
  cancelled: [],
};

export const canMoveGroup = (from: GroupStatus, to: GroupStatus) => GROUP_MOVES[from].includes(to);
export const canMoveMember = (from: MemberStatus, to: MemberStatus) => MEMBER_MOVES[from].includes(to);
export const canMoveVoucher = (from: VoucherStatus, to: VoucherStatus) => VOUCHER_MOVES[from].includes(to);

function assertMove<S extends string>(what: string, ok: boolean, from: S, to: S) {
  if (!ok) throw conflict('invalid_transition', `Mudança de estado inválida (${what}: ${from} → ${to}).`);
}
export const assertGroupMove = (from: GroupStatus, to: GroupStatus) => assertMove('turma', canMoveGroup(from, to), from, to);
export const assertMemberMove = (from: MemberStatus, to: MemberStatus) => assertMove('participante', canMoveMember(from, to), from, to);
export const assertVoucherMove = (from: VoucherStatus, to: VoucherStatus) => assertMove('voucher', canMoveVoucher(from, to), from, to);

export interface MemberPlace {
  user_id: string;
  status: MemberStatus;
  hold_expires_at: Date | null;
}

/** A place counts while paid (or awarded), or while its hold has not run out. */
export function occupiesPlace(member: MemberPlace, now: Date): boolean {
  if (member.status === 'paid' || member.status === 'awarded') return true;
  return member.status === 'pending_payment' && member.hold_expires_at !== null && member.hold_expires_at.getTime() > now.getTime();
}

export const placesTaken = (members: readonly MemberPlace[], now: Date) => members.filter((m) => occupiesPlace(m, now)).length;
export const paidCount = (members: readonly MemberPlace[]) => members.filter((m) => m.status === 'paid' || m.status === 'awarded').length;

export interface GroupSnapshot {
  status: GroupStatus;
  group_size: number;
  deadline_at: Date;
}

export type JoinRefusal = 'group_closed' | 'group_full' | 'already_member';

export const JOIN_REFUSAL_MESSAGES: Record<JoinRefusal, string> = {
  group_closed: 'Esta turma não está mais aceitando participantes.',
  group_full: 'Esta turma já está completa. Escolha outra turma ou crie uma nova.',
  already_member: 'Você já está nesta turma.',
};

/** Why a user may not take a place now, or null when they may (docs/product/group-purchase.md: never over group_size). */
export function joinRefusal(group: GroupSnapshot, members: readonly MemberPlace[], userId: string, now: Date): JoinRefusal | null {
  if (group.status !== 'open' || group.deadline_at.getTime() <= now.getTime()) return 'group_closed';
  if (members.some((m) => m.user_id === userId && occupiesPlace(m, now))) return 'already_member';
  if (placesTaken(members, now) >= group.group_size) return 'group_full';
  return null;
}

export function assertCanJoin(group: GroupSnapshot, members: readonly MemberPlace[], userId: string, now: Date): void {
  const refusal = joinRefusal(group, members, userId, now);
  if (refusal) throw conflict(refusal, JOIN_REFUSAL_MESSAGES[refusal]);
}

/** The group completes when its paid members reach its size. */
export const shouldComplete = (group: Pick<GroupSnapshot, 'status' | 'group_size'>, paid: number) => group.status === 'open' && paid >= group.group_size;

export const holdExpiry = (now: Date) => new Date(now.getTime() + HOLD_MINUTES * 60_000);

/** The end (23:59:59.999) of a YYYY-MM-DD day in America/Sao_Paulo (UTC−03:00: no daylight saving since 2019). */
export function endOfSaoPauloDay(day: string): Date {
  const at = new Date(`${day}T23:59:59.999-03:00`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at.getTime())) throw new Error(`data inválida: ${day}`);
  return at;
}

/**
 * How long a pending entry's place is held once its charge exists: a boleto is paid up to its due date, so
 * its place is held until the end of that day in São Paulo; a PIX or card charge keeps the 30-minute rule — and a
 * member who switches from a boleto back to PIX gets a fresh 30-minute hold, never the boleto's days. Null: unchanged.
 */
export function entryHoldAfterCharge(
  charge: { method: string; dueDate: string | null; previousMethod: string | null },
  now: Date,
): Date | null {
  if (charge.method === 'BOLETO' && charge.dueDate) return endOfSaoPauloDay(charge.dueDate);
  if (charge.previousMethod === 'BOLETO') return holdExpiry(now);
  return null;
}
export const deadlineFor = (createdAt: Date, windowDays: number) => new Date(createdAt.getTime() + windowDays * 86_400_000);

/** Reminder due: open, not reminded yet, and at most REMINDER_DAYS_BEFORE days left. */
export function reminderDue(group: GroupSnapshot & { reminder_sent_at: Date | null }, now: Date): boolean {
  const left = group.deadline_at.getTime() - now.getTime();
  return group.status === 'open' && group.reminder_sent_at === null && left > 0 && left <= REMINDER_DAYS_BEFORE * 86_400_000;
}

export const isPastDeadline = (group: Pick<GroupSnapshot, 'status' | 'deadline_at'>, now: Date) =>
  group.status === 'open' && group.deadline_at.getTime() <= now.getTime();

export interface OpenGroupCandidate {
  id: string;
  group_size: number;
  places_taken: number;
  created_at: Date;
}

/** Auto-match (docs/product/group-purchase.md): the open group of the plan with the fewest free places left (oldest on a tie), or null. */
export function pickGroupForAutoMatch(candidates: readonly OpenGroupCandidate[]): OpenGroupCandidate | null {
  const withRoom = candidates.filter((c) => c.group_size - c.places_taken > 0);
  withRoom.sort((a, b) => a.group_size - a.places_taken - (b.group_size - b.places_taken) || a.created_at.getTime() - b.created_at.getTime());
  return withRoom[0] ?? null;
}

/** The money of one place: entry now, balance at completion (docs/product/group-purchase.md). */
export function placeAmounts(price: Cents) {
  const entry = computeEntryPrice(price);
  return { price, entry, balance: computeBalanceDue(price, entry) };
}

/** Short, unambiguous codes for invite links and vouchers (no 0/O, 1/I/L); random from the cryptographic source. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function makeCode(length: number, random: () => number = secureRandom): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)] ?? 'A';
  return out;
}

/** First name only: members of a group see each other by first name (docs/product/screens.md). */
/** What others see of a member: the first name; a deleted account is 'Ex-participante' (its profile keeps no name). */
export const firstNameOf = (fullName: string | null | undefined) =>
  fullName === ANONYMOUS_NAME ? FORMER_MEMBER_NAME : (fullName ?? '').trim().split(/\s+/)[0] || 'Participante';

/** An invite (referral) code as it travels in links (/join/{group_id}/{code}); compared upper-case. */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
export const inviteCodeSchema = z.string().trim().regex(INVITE_CODE_PATTERN, { message: 'Código de convite inválido' });

/**
 * One of the caller's memberships as their own lists show it (GET /api/me/groups: dates are ISO strings
 * there, Dates inside the server).
 */
export interface MembershipView {
  group: { status: GroupStatus };
  membership: { status: MemberStatus; hold_expires_at: Date | string | null };
  voucher?: { status: VoucherStatus } | null;
}

const instantOf = (at: Date | string | number) => (typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime());

/** A place still held for its entry payment: pending, in an open group, before its hold runs out. */
export function isLiveHold(item: Pick<MembershipView, 'group' | 'membership'>, now: Date | number): boolean {
  const { membership } = item;
  return (
    item.group.status === 'open' &&
    membership.status === 'pending_payment' &&
    membership.hold_expires_at !== null &&
    instantOf(membership.hold_expires_at) > instantOf(now)
  );
}

/** The entry of this membership was paid (paid, or awarded once the group completed). */
export const isEntryPaid = (status: MemberStatus) => status === 'paid' || status === 'awarded';

/** What the member owes now: the entry of a live hold, the balance of a completed group's voucher, or nothing. */
export function chargeDue(item: MembershipView, now: Date | number): 'entry' | 'balance' | null {
  if (isLiveHold(item, now)) return 'entry';
  if (item.group.status === 'complete' && item.voucher?.status === 'awaiting_balance') return 'balance';
  return null;
}

/**
 * An active membership (the one rule of "my groups", the dashboard and the payments screen): the member holds a
 * place in an open group (entry paid or hold live), or the group completed and its voucher is not used yet.
 */
export function isActiveMembership(item: MembershipView, now: Date | number): boolean {
  if (item.group.status === 'open') return isEntryPaid(item.membership.status) || isLiveHold(item, now);
  return item.group.status === 'complete' && !!item.voucher && item.voucher.status !== 'redeemed' && item.voucher.status !== 'cancelled';
}
