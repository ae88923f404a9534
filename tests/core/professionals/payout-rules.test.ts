// The payout rules (docs/product/professionals.md): the minimum (PAYOUT_MINIMUM, R$ 50,00 by default), and what a transfer's status
// does to a payout: settle a pending one once, never move a done or failed one again.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYOUT_MINIMUM, PAYOUT_STATUSES, canMovePayout, payoutDescription, payoutDue, payoutMove } from '../../../core/professionals';
import type { ProviderTransferStatus } from '../../../core/ports/payments';

describe('payoutDue (the minimum)', () => {
  const r = (id: string, net: number) => ({ id, net });
  it.each([
    ['nothing available', [], null],
    ['below the minimum (R$ 49,99)', [r('a', 2_000), r('b', 2_999)], null],
    ['exactly the minimum (R$ 50,00)', [r('a', 2_500), r('b', 2_500)], { ids: ['a', 'b'], total: 5_000 }],
    ['above it: every available receivable goes', [r('a', 2_700), r('b', 2_700), r('c', 2_700)], { ids: ['a', 'b', 'c'], total: 8_100 }],
  ] as const)('%s', (_name, available, expected) => {
    expect(payoutDue(available, DEFAULT_PAYOUT_MINIMUM)).toEqual(expected);
  });

  it('defaults to R$ 50,00 and a minimum of zero still never pays nothing', () => {
    expect(DEFAULT_PAYOUT_MINIMUM).toBe(5_000);
    expect(payoutDue([], 0)).toBeNull();
    expect(payoutDue([r('a', 1)], 0)).toEqual({ ids: ['a'], total: 1 });
  });
});

describe('payoutMove (transfer status → payout)', () => {
  const table: Array<[(typeof PAYOUT_STATUSES)[number], ProviderTransferStatus, 'done' | 'failed' | null]> = [
    ['pending', 'pending', null],
    ['pending', 'done', 'done'],
    ['pending', 'failed', 'failed'],
    ['pending', 'cancelled', 'failed'],
    // A done payout never regresses; a failed one already gave its receivables back.
    ['done', 'failed', null],
    ['done', 'cancelled', null],
    ['done', 'done', null],
    ['failed', 'done', null],
    ['failed', 'failed', null],
  ];
  it.each(table)('%s + transfer %s → %s', (current, transfer, expected) => {
    expect(payoutMove(current, transfer)).toBe(expected);
  });
});

describe('payoutDescription', () => {
  it('names how many vouchers the PIX pays, in pt-BR', () => {
    expect(payoutDescription(1)).toBe('Turma: repasse de 1 voucher resgatado');
    expect(payoutDescription(3)).toBe('Turma: repasse de 3 vouchers resgatados');
  });
});

describe('canMovePayout (the state table the payout commands use)', () => {
  it('a pending payout settles once, to done or failed; a settled one never moves', () => {
    const allowed = PAYOUT_STATUSES.flatMap((from) => PAYOUT_STATUSES.filter((to) => canMovePayout(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['pending→done', 'pending→failed']);
  });

  it('agrees with what a transfer does to a payout', () => {
    for (const current of PAYOUT_STATUSES) {
      for (const transfer of ['done', 'failed', 'cancelled', 'pending'] as ProviderTransferStatus[]) {
        const to = payoutMove(current, transfer);
        if (to) expect(canMovePayout(current, to)).toBe(true);
      }
    }
  });
});
