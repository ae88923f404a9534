// The escrow of a group: where every real its members paid is (docs/product/group-purchase.md#where-the-money-is). One
// definition for the member's "Onde está o dinheiro" and the back office's "money held" (core/reports/financial.ts),
// so the per-group figures summed over every group are the report's held position by construction.
import type { LedgerEvent } from '../reports';
import type { Cents } from '../shared/money';

/** One confirmed entry or balance payment of a group member, with what became of it (the adapter reads these rows). */
export interface EscrowPaymentFact {
  group_id: string;
  member_id: string;
  user_id: string;
  /** The payer's first name: the only name a member ever sees of another. */
  first_name: string;
  purpose: 'entry' | 'balance';
  amount: Cents;
  confirmed_at: Date;
  /** The payment is `refund_pending`: the refund was asked of the provider and not done yet (still held). */
  refund_requested: boolean;
  /** The provider refunded it (a withdrawal, an expired group, a chargeback). */
  refunded_at: Date | null;
  /** An expired group's entry credited to the member's wallet instead (the member chose so). */
  wallet_credited_at: Date | null;
  /** The member's voucher was redeemed (a service done; for a product plan, the item handed over to shipping). */
  redeemed_at: Date | null;
  /** The professional's receivable for that voucher was written (price − fee, owed to the professional). */
  receivable_at: Date | null;
  /** That receivable was paid by a PIX payout (status `paid`), and what it paid (net of the platform fee). */
  receivable_paid: boolean;
  receivable_net: Cents | null;
  plan_kind: 'service' | 'product';
}

export type EscrowState = 'held' | 'refunded' | 'credited' | 'released';

/**
 * Where one payment is, and since when it left the escrow. The order is the report's: the voucher's use (its receivable,
 * else its redemption) wins over a later refund, a refund over a wallet credit. A refund asked but not done is held.
 */
export function escrowStateOf(f: EscrowPaymentFact): { state: EscrowState; since: Date | null } {
  if (f.receivable_at) return { state: 'released', since: f.receivable_at };
  if (f.redeemed_at) return { state: 'released', since: f.redeemed_at };
  if (f.refunded_at) return { state: 'refunded', since: f.refunded_at };
  if (f.wallet_credited_at) return { state: 'credited', since: f.wallet_credited_at };
  return { state: 'held', since: null };
}

export interface EscrowFigure {
  count: number;
  amount: Cents;
}

/** What a member may see of a group's money: totals, and the paying members' first names with where their money is. */
export interface GroupEscrow {
  /** Every confirmed entry and balance (count: members who paid). */
  paid_in: EscrowFigure;
  /** In escrow now (count: members with money held); split by entries and balances (count: payments). */
  held: EscrowFigure & { entries: EscrowFigure; balances: EscrowFigure; refund_pending: EscrowFigure };
  /** Given back by the provider (count: members). */
  refunded: EscrowFigure;
  /** Given back as wallet credit (count: members). */
  credited: EscrowFigure;
  /** Released for the member's own purchase (count: purchases): a service done or a product shipped. */
  released: EscrowFigure;
  /** Of the released services: what PIX payouts already paid the professionals (net of the platform fee). */
  paid_to_professionals: EscrowFigure;
  /** Of the released: product plans shipped to their members. */
  shipped: EscrowFigure;
  members: Array<{ first_name: string; is_me: boolean; state: EscrowState | 'refund_pending' }>;
  /** The caller's own money, in the same buckets. */
  mine: { paid_in: Cents; held: Cents; refunded: Cents; credited: Cents; released: Cents };
}

const figure = (): EscrowFigure => ({ count: 0, amount: 0 });

/** The group's escrow breakdown from its payment facts, as `viewerUserId` may see it. Pure: no I/O, no clock. */
export function summarizeEscrow(facts: readonly EscrowPaymentFact[], viewerUserId: string | null): GroupEscrow {
  const out: GroupEscrow = {
    paid_in: figure(),
    held: { ...figure(), entries: figure(), balances: figure(), refund_pending: figure() },
    refunded: figure(),
    credited: figure(),
    released: figure(),
    paid_to_professionals: figure(),
    shipped: figure(),
    members: [],
    mine: { paid_in: 0, held: 0, refunded: 0, credited: 0, released: 0 },
  };
  // Counts are of members (a member's entry and balance are one purchase); held entries/balances count payments.
  const byMember = new Map<string, EscrowPaymentFact[]>();
  for (const f of facts) byMember.set(f.member_id, [...(byMember.get(f.member_id) ?? []), f]);

  for (const [, mine] of byMember) {
    const first = mine[0]!;
    const seen = new Set<EscrowState | 'refund_pending'>();
    let paidOut = false;
    for (const f of mine) {
      const { state } = escrowStateOf(f);
      out.paid_in.amount += f.amount;
      if (state === 'held') {
        out.held.amount += f.amount;
        const part = f.purpose === 'entry' ? out.held.entries : out.held.balances;
        part.count++;
        part.amount += f.amount;
        if (f.refund_requested) {
          out.held.refund_pending.amount += f.amount;
          seen.add('refund_pending');
        }
      } else {
        out[state].amount += f.amount;
        if (state === 'released' && f.plan_kind === 'product') out.shipped.amount += f.amount;
        if (state === 'released' && f.receivable_paid && f.receivable_net !== null && !paidOut) {
          paidOut = true;
          out.paid_to_professionals.count++;
          out.paid_to_professionals.amount += f.receivable_net;
        }
      }
      seen.add(state);
      if (viewerUserId !== null && f.user_id === viewerUserId) {
        out.mine.paid_in += f.amount;
        out.mine[state] += f.amount;
      }
    }
    out.paid_in.count++;
    for (const s of ['held', 'refunded', 'credited', 'released'] as const) if (seen.has(s)) out[s].count++;
    if (seen.has('refund_pending')) out.held.refund_pending.count++;
    if (seen.has('released') && first.plan_kind === 'product') out.shipped.count++;
    // The member's line shows where the money is now: anything still held first (a refund on its way says so).
    const state = seen.has('refund_pending') ? 'refund_pending' : seen.has('held') ? 'held' : seen.has('released') ? 'released' : seen.has('refunded') ? 'refunded' : 'credited';
    out.members.push({ first_name: first.first_name, is_me: viewerUserId !== null && first.user_id === viewerUserId, state });
  }
  // Alphabetical: the order of joining or paying is nobody else's business.
  out.members.sort((a, b) => a.first_name.localeCompare(b.first_name, 'pt-BR'));
  return out;
}

/**
 * The financial report's `held` movements from the same facts: +amount when confirmed, −amount when it left the
 * escrow. Summed up to an instant they give the money held then; summed over every group now, Σ `held.amount`.
 */
export function escrowLedgerEvents(facts: readonly EscrowPaymentFact[]): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  for (const f of facts) {
    events.push({ at: f.confirmed_at, kind: 'held', amount: f.amount });
    const { state, since } = escrowStateOf(f);
    if (since) events.push({ at: since, kind: 'held', amount: -f.amount });
    // A product plan shipped (its order handed to shipping redeems the voucher, no professional's receivable):
    // the platform sold the product, so the whole purchase is the platform's result — never a marketplace sale (no
    // order payment exists) and never counted again as money in.
    if (state === 'released' && since && f.plan_kind === 'product' && !f.receivable_at) events.push({ at: since, kind: 'platform_fee', amount: f.amount });
  }
  return events;
}
