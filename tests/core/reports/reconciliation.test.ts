// The financial report's identity and bucketing (core/reports/financial.ts): Brasília calendar, opening positions,
// and a reconciliation line that is zero exactly when the movements agree.
import { describe, expect, it } from 'vitest';
import { buildFinancialReport, periodKey, periodsBetween, type LedgerEvent, type LedgerKind } from '../../../core/reports';

const ev = (at: string, kind: LedgerKind, amount: number): LedgerEvent => ({ at: new Date(at), kind, amount });

// A group of two (price 100,00, entry 10,00): both entries paid, completed, one balance paid with 5,00 of credit and
// redeemed (fee 10%), the professional paid; an order paid; a commission; a bonus; an expired entry refunded.
const month: LedgerEvent[] = [
  ev('2026-10-02T12:00:00Z', 'cash_in_entry', 1000),
  ev('2026-10-02T12:00:00Z', 'held', 1000),
  ev('2026-10-03T12:00:00Z', 'cash_in_entry', 1000),
  ev('2026-10-03T12:00:00Z', 'held', 1000),
  ev('2026-10-05T12:00:00Z', 'cash_in_balance', 8500),
  ev('2026-10-05T12:00:00Z', 'wallet_spent', 500),
  ev('2026-10-05T12:00:00Z', 'held', 9000),
  ev('2026-10-10T12:00:00Z', 'held', -10_000),
  ev('2026-10-10T12:00:00Z', 'receivable', 9000),
  ev('2026-10-10T12:00:00Z', 'platform_fee', 1000),
  ev('2026-10-20T12:00:00Z', 'payout_professional', 9000),
  ev('2026-10-11T12:00:00Z', 'cash_in_order', 4000),
  ev('2026-10-11T12:00:00Z', 'marketplace_sale', 4000),
  ev('2026-10-12T12:00:00Z', 'commission', 200),
  ev('2026-10-12T12:00:00Z', 'bonus', 300),
  ev('2026-10-25T12:00:00Z', 'cash_refund', 1000),
  ev('2026-10-25T12:00:00Z', 'held', -1000),
];

describe('periods in Brasília time', () => {
  it('an instant just after midnight UTC still belongs to the previous Brasília day and month', () => {
    expect(periodKey(new Date('2026-11-01T02:30:00Z'), 'day')).toBe('2026-10-31');
    expect(periodKey(new Date('2026-11-01T02:30:00Z'), 'month')).toBe('2026-10');
    expect(periodKey(new Date('2026-11-01T03:00:00Z'), 'month')).toBe('2026-11');
  });

  it('lists every month or day of the range, empty ones included', () => {
    expect(periodsBetween('2026-10-30', '2026-12-01', 'month')).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(periodsBetween('2026-02-27', '2026-03-01', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});

describe('reconciliation identity', () => {
  it('a consistent month closes to zero, with each line the sum of its movements', () => {
    const r = buildFinancialReport(month, '2026-10-01', '2026-10-31', 'month');
    expect(r.rows).toHaveLength(1);
    const row = r.rows[0]!;
    expect(row).toMatchObject({
      period: '2026-10',
      entries: 2000,
      balances: 8500,
      marketplace_sales: 4000,
      refunds: 1000,
      payouts: 9000,
      platform_fee: 1000,
      commissions: 200,
      bonuses: 300,
      money_in: 14_500,
      money_out: 10_000,
      held: 0,
      owed_professionals: 0,
      owed_influencers: 200,
      owed_members: -200,
      platform_result: 4500,
      reconciliation: 0,
    });
  });

  it('every day closes to zero too, and positions carry from one day to the next', () => {
    const r = buildFinancialReport(month, '2026-10-01', '2026-10-31', 'day');
    expect(r.rows).toHaveLength(31);
    expect(r.rows.every((d) => d.reconciliation === 0)).toBe(true);
    expect(r.rows.find((d) => d.period === '2026-10-05')!.held).toBe(11_000);
    expect(r.rows.find((d) => d.period === '2026-10-10')!.held).toBe(1000);
    expect(r.rows.at(-1)!.held).toBe(0);
  });

  it('events before the range make the opening positions; events after it are left out', () => {
    const r = buildFinancialReport(month, '2026-10-04', '2026-10-20', 'month');
    expect(r.opening.held).toBe(2000);
    expect(r.rows[0]!.entries).toBe(0);
    expect(r.rows[0]!.refunds).toBe(0);
    expect(r.rows[0]!.reconciliation).toBe(0);
  });

  it('a refund recorded with no release from escrow (tables that disagree) shows as a non-zero line', () => {
    const broken = month.filter((e) => !(e.kind === 'held' && e.amount === -1000));
    const r = buildFinancialReport(broken, '2026-10-01', '2026-10-31', 'month');
    expect(r.rows[0]!.reconciliation).toBe(-1000);
    expect(r.totals.reconciliation).toBe(-1000);
  });

  it('a receivable whose gross is not what the member paid breaks the identity by the difference', () => {
    const broken = month.map((e) => (e.kind === 'platform_fee' ? { ...e, amount: 900 } : e));
    expect(buildFinancialReport(broken, '2026-10-01', '2026-10-31', 'month').rows[0]!.reconciliation).toBe(100);
  });

  it('an order paid partly with credit and refunded: revenue and credit move back, the line stays zero', () => {
    const r = buildFinancialReport(
      [
        ev('2026-10-11T12:00:00Z', 'cash_in_order', 3000),
        ev('2026-10-11T12:00:00Z', 'wallet_spent', 1000),
        ev('2026-10-11T12:00:00Z', 'marketplace_sale', 4000),
        ev('2026-10-15T12:00:00Z', 'cash_refund', 3000),
        ev('2026-10-15T12:00:00Z', 'wallet_returned', 1000),
        ev('2026-10-15T12:00:00Z', 'marketplace_refund', 4000),
      ],
      '2026-10-01',
      '2026-10-31',
      'day',
    );
    expect(r.rows.every((d) => d.reconciliation === 0)).toBe(true);
    expect(r.totals).toMatchObject({ marketplace_sales: 4000, marketplace_refunds: 4000, money_in: 3000, money_out: 3000, owed_members: 0, platform_result: 0 });
  });
});
