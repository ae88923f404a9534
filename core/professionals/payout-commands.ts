// The payouts' commands: what a flow may do to a payout's status, each through the state table in payout-rules.ts
// (a move the table does not allow is refused: false, nothing written).
import type { Tx } from '../ports/unit-of-work';
import type { PayoutRecord } from './payout-ports';
import type { ProfessionalsScope } from './ports';
import { canMovePayout } from './payout-rules';
import type { PixKeyType } from '../payments/ports';

type SettlePatch = Partial<Pick<PayoutRecord, 'provider_status' | 'provider_transfer_id' | 'receipt_url'>>;

export function payoutCommands(tx: Tx<ProfessionalsScope>) {
  const { payouts, receivables } = tx.professionals;
  return {
    /** A redeemed voucher owes the professional its price less the platform's fee, available after the holding period. */
    recordReceivable: (receivable: Parameters<typeof receivables.create>[0]) => receivables.create(receivable),
    /**
     * A deleted account's wallet credit goes back by one PIX transfer: the payout and its transfer job, in the caller's
     * transaction. Null when this account already has one (the unique index decides under a race).
     */
    requestWalletRefund: async (refund: { user_id: string; amount: number; pix_key_type: PixKeyType; pix_key: string }) => {
      if (await payouts.findWalletRefund(refund.user_id)) return null;
      const payout = await payouts.create(refund);
      await tx.jobs.enqueue('payouts.transfer', { payout_id: payout.id }, { singletonKey: payout.id });
      return payout;
    },
    /** A payout of what is due to a professional or an influencer; the caller claims what it pays and queues the transfer. */
    open: (payout: Parameters<typeof payouts.create>[0]) => payouts.create(payout),
    /** The transfer job holds the payout while it calls the provider (a stale hold is taken over by a retry). */
    holdForTransfer: (payoutId: string, now: Date) => payouts.update(payoutId, { transfer_requested_at: now }),
    /** The provider could not be reached: the hold goes so the queue's retry may send it. */
    releaseTransferHold: (payoutId: string) => payouts.update(payoutId, { transfer_requested_at: null }),
    /** The provider accepted the transfer under this id (its events refer to it). */
    recordTransfer: (payoutId: string, transferId: string) => payouts.update(payoutId, { provider_transfer_id: transferId }),
    /** The provider paid the transfer. */
    markPaid: async (payoutId: string, now: Date, patch: SettlePatch) =>
      canMovePayout('pending', 'done') && payouts.moveIf(payoutId, ['pending'], 'done', { paid_at: now, ...patch }),
    /** The transfer failed or was cancelled: the payout ends, its money goes back to what it paid. */
    markFailed: async (payoutId: string, now: Date, reason: string, patch: SettlePatch) =>
      canMovePayout('pending', 'failed') && payouts.moveIf(payoutId, ['pending'], 'failed', { failed_at: now, failure_reason: reason.slice(0, 500), ...patch }),
  };
}
