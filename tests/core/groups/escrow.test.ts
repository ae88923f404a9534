// The escrow rule (docs/product/group-purchase.md#where-the-money-is): where each member's entry and balance is, the group's totals with
// first names only, and the same facts as the financial report's "money held" — per group summed = the report's.
import { describe, expect, it } from 'vitest';
import { escrowLedgerEvents, escrowStateOf, summarizeEscrow, type EscrowPaymentFact } from '../../../core/groups';
import { buildFinancialReport, brasiliaDay } from '../../../core/reports';

const T0 = new Date('2026-11-10T15:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

function fact(over: Partial<EscrowPaymentFact> & Pick<EscrowPaymentFact, 'member_id' | 'user_id' | 'first_name'>): EscrowPaymentFact {
  return {
    group_id: 'g1',
    purpose: 'entry',
    amount: 1_000,
    confirmed_at: T0,
    refund_requested: false,
    refunded_at: null,
    wallet_credited_at: null,
    redeemed_at: null,
    receivable_at: null,
    receivable_paid: false,
    receivable_net: null,
    plan_kind: 'service',
    ...over,
  };
}

describe('escrowStateOf', () => {
  it.each([
    ['a confirmed entry is held', {}, 'held', null],
    ['a refund asked of the provider but not done is still held', { refund_requested: true }, 'held', null],
    ['a refund done leaves the escrow back to the payer', { refunded_at: at(2) }, 'refunded', at(2)],
    ['an expired entry credited to the wallet', { wallet_credited_at: at(3) }, 'credited', at(3)],
    ['a redeemed voucher releases it (dated by the receivable)', { redeemed_at: at(4), receivable_at: at(5), refunded_at: at(6) }, 'released', at(5)],
    ['a product handed to shipping releases it without a receivable', { redeemed_at: at(4), plan_kind: 'product' as const }, 'released', at(4)],
    ['a refund wins over a wallet credit', { refunded_at: at(2), wallet_credited_at: at(1) }, 'refunded', at(2)],
  ])('%s', (_name, over, state, since) => {
    expect(escrowStateOf(fact({ member_id: 'm', user_id: 'u', first_name: 'Ana', ...over }))).toEqual({ state, since });
  });
});

describe('summarizeEscrow', () => {
  // A completed group of 3 (price 100,00, entry 10,00): Ana redeemed and her professional was paid out; Bruno paid the
  // balance; Carla's entry refund is on its way. Plus Davi, whose entry came back as wallet credit.
  const facts: EscrowPaymentFact[] = [
    fact({ member_id: 'mA', user_id: 'uA', first_name: 'Ana', redeemed_at: at(10), receivable_at: at(10), receivable_paid: true, receivable_net: 9_000 }),
    fact({ member_id: 'mA', user_id: 'uA', first_name: 'Ana', purpose: 'balance', amount: 9_000, confirmed_at: at(1), redeemed_at: at(10), receivable_at: at(10), receivable_paid: true, receivable_net: 9_000 }),
    fact({ member_id: 'mB', user_id: 'uB', first_name: 'Bruno' }),
    fact({ member_id: 'mB', user_id: 'uB', first_name: 'Bruno', purpose: 'balance', amount: 9_000, confirmed_at: at(2) }),
    fact({ member_id: 'mC', user_id: 'uC', first_name: 'Carla', refund_requested: true }),
    fact({ member_id: 'mD', user_id: 'uD', first_name: 'Davi', wallet_credited_at: at(3) }),
  ];

  it('counts members and sums centavos per bucket; held splits entries and balances (payments)', () => {
    const e = summarizeEscrow(facts, 'uB');
    expect(e.paid_in).toEqual({ count: 4, amount: 22_000 });
    expect(e.held).toEqual({ count: 2, amount: 11_000, entries: { count: 2, amount: 2_000 }, balances: { count: 1, amount: 9_000 }, refund_pending: { count: 1, amount: 1_000 } });
    expect(e.refunded).toEqual({ count: 0, amount: 0 });
    expect(e.credited).toEqual({ count: 1, amount: 1_000 });
    expect(e.released).toEqual({ count: 1, amount: 10_000 });
    expect(e.paid_to_professionals).toEqual({ count: 1, amount: 9_000 }); // one payout line per voucher, not per payment
    expect(e.shipped).toEqual({ count: 0, amount: 0 });
    // Every real is in exactly one bucket.
    expect(e.held.amount + e.refunded.amount + e.credited.amount + e.released.amount).toBe(e.paid_in.amount);
  });

  it("shows first names and where each member's money is, and only the caller's own amounts", () => {
    const e = summarizeEscrow(facts, 'uB');
    expect(e.members).toEqual([
      { first_name: 'Ana', is_me: false, state: 'released' },
      { first_name: 'Bruno', is_me: true, state: 'held' },
      { first_name: 'Carla', is_me: false, state: 'refund_pending' },
      { first_name: 'Davi', is_me: false, state: 'credited' },
    ]);
    expect(e.mine).toEqual({ paid_in: 10_000, held: 10_000, refunded: 0, credited: 0, released: 0 });
    expect(JSON.stringify(e)).not.toMatch(/uA|uC|mA|mC/); // no other member's ids leave the rule
    expect(summarizeEscrow(facts, null).mine.paid_in).toBe(0);
  });

  it('a product plan released counts as shipped; a refund done is refunded', () => {
    const e = summarizeEscrow(
      [
        fact({ member_id: 'm1', user_id: 'u1', first_name: 'Eva', plan_kind: 'product', redeemed_at: at(5) }),
        fact({ member_id: 'm1', user_id: 'u1', first_name: 'Eva', plan_kind: 'product', purpose: 'balance', amount: 9_000, redeemed_at: at(5) }),
        fact({ member_id: 'm2', user_id: 'u2', first_name: 'Fábio', plan_kind: 'product', refunded_at: at(1) }),
      ],
      'u2',
    );
    expect(e.shipped).toEqual({ count: 1, amount: 10_000 });
    expect(e.released).toEqual({ count: 1, amount: 10_000 });
    expect(e.refunded).toEqual({ count: 1, amount: 1_000 });
    expect(e.mine.refunded).toBe(1_000);
    expect(e.paid_to_professionals).toEqual({ count: 0, amount: 0 });
  });

  it('an empty group has zeros everywhere and no members', () => {
    const e = summarizeEscrow([], 'u');
    expect(e.paid_in).toEqual({ count: 0, amount: 0 });
    expect(e.held.amount).toBe(0);
    expect(e.members).toEqual([]);
  });
});

describe("escrowLedgerEvents: the financial report's money held", () => {
  it('the held position the report closes with is the sum of every group’s held escrow', () => {
    const other: EscrowPaymentFact[] = [
      fact({ group_id: 'g2', member_id: 'mX', user_id: 'uX', first_name: 'Xuxa', amount: 2_000, confirmed_at: at(-30) }),
      fact({ group_id: 'g2', member_id: 'mY', user_id: 'uY', first_name: 'Yara', amount: 2_000, refunded_at: at(20) }),
    ];
    const all = [
      fact({ member_id: 'mA', user_id: 'uA', first_name: 'Ana', redeemed_at: at(10), receivable_at: at(10) }),
      fact({ member_id: 'mB', user_id: 'uB', first_name: 'Bruno' }),
      fact({ member_id: 'mD', user_id: 'uD', first_name: 'Davi', wallet_credited_at: at(3) }),
      ...other,
    ];
    const byGroup = new Map<string, EscrowPaymentFact[]>();
    for (const f of all) byGroup.set(f.group_id, [...(byGroup.get(f.group_id) ?? []), f]);
    const sumOfGroups = [...byGroup.values()].reduce((n, group) => n + summarizeEscrow(group, null).held.amount, 0);
    expect(sumOfGroups).toBe(3_000); // Bruno's 10,00 and Xuxa's 20,00

    const day = brasiliaDay(T0);
    const report = buildFinancialReport(escrowLedgerEvents(all), '2026-11-01', '2026-11-30', 'day');
    expect(report.totals.held).toBe(sumOfGroups);
    // At the end of the entries' day Ana's voucher and Davi's credit had left; Yara's refund came the next day.
    expect(report.rows.find((r) => r.period === day)!.held).toBe(1_000 + 2_000 + 2_000);
  });
});
