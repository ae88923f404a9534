// docs/product/group-purchase.md, docs/product/payments.md#withdrawal-cdc-art-49: what a refund or chargeback reported after a group payment's confirmation undoes.
import { describe, expect, it } from 'vitest';
import { GROUP_STATUSES, MEMBER_STATUSES, VOUCHER_STATUSES, groupPurchaseReversal, type GroupPurchaseState } from '../../../core/groups';

const state = (purpose: 'entry' | 'balance', group: GroupPurchaseState['group']['status'], member: GroupPurchaseState['member']['status'], voucher: GroupPurchaseState['voucher']) =>
  ({ purpose, group: { status: group }, member: { status: member }, voucher }) as GroupPurchaseState;

describe('groupPurchaseReversal', () => {
  it.each([
    // An open group's paid entry: the place is released.
    ['entry', 'open', 'paid', null, { action: 'release_place' }],
    // Completed group, voucher not redeemed: the whole purchase is cancelled; the other part refunded when it was paid.
    ['entry', 'complete', 'awarded', 'awaiting_balance', { action: 'cancel_purchase', refund_other_part: false }],
    ['entry', 'complete', 'awarded', 'redeemable', { action: 'cancel_purchase', refund_other_part: true }],
    ['balance', 'complete', 'awarded', 'redeemable', { action: 'cancel_purchase', refund_other_part: true }],
    // A redeemed voucher: the service was delivered; nothing is undone (the back office is alerted).
    ['entry', 'complete', 'awarded', 'redeemed', { action: 'keep', reason: 'voucher_redeemed' }],
    ['balance', 'complete', 'awarded', 'redeemed', { action: 'keep', reason: 'voucher_redeemed' }],
    // Already undone: an earlier reversal, an expired or cancelled group's refunded member.
    ['entry', 'complete', 'refunded', 'cancelled', { action: 'keep', reason: 'nothing_to_undo' }],
    ['balance', 'complete', 'awarded', 'cancelled', { action: 'keep', reason: 'nothing_to_undo' }],
    ['entry', 'open', 'refunded', null, { action: 'keep', reason: 'nothing_to_undo' }],
    ['entry', 'expired', 'refunded', null, { action: 'keep', reason: 'nothing_to_undo' }],
    ['entry', 'cancelled', 'paid', null, { action: 'keep', reason: 'nothing_to_undo' }],
  ] as const)('%s payment, group %s, member %s, voucher %s → %o', (purpose, group, member, voucher, expected) => {
    expect(groupPurchaseReversal(state(purpose, group, member, voucher ? { status: voucher } : null))).toEqual(expected);
  });

  it('never releases a place of a group that is not open, and never cancels a redeemed voucher (every combination)', () => {
    for (const purpose of ['entry', 'balance'] as const)
      for (const g of GROUP_STATUSES)
        for (const m of MEMBER_STATUSES)
          for (const v of [null, ...VOUCHER_STATUSES]) {
            const out = groupPurchaseReversal(state(purpose, g, m, v ? { status: v } : null));
            if (out.action === 'release_place') expect([purpose, g, m]).toEqual(['entry', 'open', 'paid']);
            if (out.action === 'cancel_purchase') {
              expect([g, m]).toEqual(['complete', 'awarded']);
              expect(['awaiting_balance', 'redeemable']).toContain(v);
            }
            if (v === 'redeemed') expect(out.action).not.toBe('cancel_purchase');
          }
  });
});
