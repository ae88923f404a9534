// Spending wallet credit on a payment, and giving it back (docs/product/payments.md#wallet): ledger entries only, each with a unique
// ref, written in the caller's transaction. The spend locks the user's wallet first, so two concurrent spends can
// never take the same credit; the give-back returns exactly what the spend took, once, whatever calls it again.
import type { Cents } from '../shared/money';
import type { WalletRepository } from './ports';
import { splitWithCredit, type WalletSplit } from './wallet-split';

export const walletSpendRef = (paymentId: string) => `payment:${paymentId}:spend`;
export const walletReturnRef = (paymentId: string) => `payment:${paymentId}:spend-return`;

/** In the payment's transaction: takes the credit the split allows for `total` (0 when there is none). */
export async function spendCredit(
  wallet: WalletRepository,
  spend: { userId: string; paymentId: string; total: Cents; providerMinimum: Cents; description: string },
): Promise<WalletSplit> {
  await wallet.lockUser(spend.userId);
  const split = splitWithCredit(spend.total, await wallet.balance(spend.userId), spend.providerMinimum);
  if (split.credit > 0) {
    const added = await wallet.add({ user_id: spend.userId, amount: -split.credit, kind: 'spend', description: spend.description, ref: walletSpendRef(spend.paymentId) });
    if (!added) throw new Error(`crédito da carteira já usado pelo pagamento ${spend.paymentId}`);
  }
  return split;
}

/**
 * Returns the credit a payment spent (cancelled, failed, refunded): a positive 'spend' entry of the same amount under
 * its own ref. False when the payment spent nothing or it was returned already.
 */
export async function giveBackCredit(wallet: WalletRepository, paymentId: string, description: string): Promise<boolean> {
  const spent = await wallet.findByRef(walletSpendRef(paymentId));
  if (!spent || spent.amount >= 0) return false;
  return wallet.add({ user_id: spent.user_id, amount: -spent.amount, kind: 'spend', description, ref: walletReturnRef(paymentId) });
}
