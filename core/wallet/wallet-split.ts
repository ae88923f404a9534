// Pure rule: how a total is split between the member's wallet credit and the payment provider (credit first; the
// provider keeps at least its minimum or charges nothing; docs/product/payments.md#wallet). What the credit cannot
// cover stays in the wallet.
import type { Cents } from '../shared/money';

export interface WalletSplit {
  /** Paid with wallet credit (a 'spend' entry of minus this). */
  credit: Cents;
  /** Charged through PIX, boleto or card; 0 when the credit pays it all. */
  charge: Cents;
}

export function splitWithCredit(total: Cents, available: Cents, providerMinimum: Cents): WalletSplit {
  if (!Number.isSafeInteger(total) || total <= 0) throw new RangeError('total deve ser um inteiro positivo de centavos');
  const credit = Math.max(0, Math.floor(Number.isSafeInteger(available) ? available : 0));
  if (credit >= total) return { credit: total, charge: 0 };
  // A partial payment must leave the provider at least its minimum.
  const usable = Math.max(0, Math.min(credit, total - Math.max(0, providerMinimum)));
  return { credit: usable, charge: total - usable };
}
