// Every write of a payment's status goes through movePayment, so the state table in payment-rules.ts decides it:
// a source status the table does not allow is dropped from the move, and none left means nothing is written.
import type { Tx } from '../ports/unit-of-work';
import type { LocalPaymentStatus, PaymentRecord, PaymentsScope } from './ports';
import { canMovePayment } from './payment-rules';

export async function movePayment(tx: Tx<PaymentsScope>, id: string, from: LocalPaymentStatus[], to: LocalPaymentStatus, patch?: Partial<PaymentRecord>): Promise<boolean> {
  const allowed = from.filter((status) => canMovePayment(status, to));
  if (allowed.length === 0) return false;
  return tx.payments.payments.moveIf(id, allowed, to, patch);
}
