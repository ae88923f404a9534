// Applying the provider's view of a charge exactly once: confirmed (then settled by its purpose's flow, or
// refunded), cancelled, refunded or charged back (its purpose undone when we did not ask for it).
import type { ProviderCharge } from '../ports/payments';
import { walletReturnRef } from '../wallet';
import type { PaymentRecord } from './ports';
import { amountMatches, providerAmountOf } from './payment-rules';
import type { Tx } from '../ports/unit-of-work';
import { PaymentUseCase, type ApplyOutcome, type PaymentReversalKind, type PaymentServiceScope } from './payment-use-case';
import { requestRefund, returnPaymentCredit } from './payment-commands';
import { movePayment } from './payment-moves';

export class ChargeConfirmation<H extends object = object> extends PaymentUseCase<H> {
  /** Applies the provider's view of a charge; the only path from "pending" to "confirmed". */
  async applyCharge(paymentId: string, charge: ProviderCharge): Promise<ApplyOutcome> {
    switch (charge.status) {
      case 'confirmed':
        return this.confirm(paymentId, charge);
      case 'cancelled': {
        const moved = await this.uow.run(async (tx) => {
          const ok = await movePayment(tx, paymentId, ['pending'], 'cancelled', { provider_status: charge.status });
          if (ok) await returnPaymentCredit(tx, { id: paymentId }, 'cobrança cancelada');
          return ok;
        });
        return moved ? 'cancelled' : 'no_change';
      }
      case 'refunded':
      case 'chargeback': {
        const kind: PaymentReversalKind = charge.status === 'chargeback' ? 'chargeback' : 'refund';
        const moved = await this.uow.run(async (tx) => {
          const p = await tx.payments.payments.lock(paymentId);
          if (!p) return false;
          // What went back to the member: the provider's refund (or the card network's chargeback) plus the wallet
          // credit returned with it.
          const refunded = Math.min(p.amount, charge.amount + p.wallet_amount);
          const reason = kind === 'chargeback' ? { failure_reason: 'contestação (chargeback) no provedor' } : {};
          const ok = await movePayment(tx, paymentId, ['confirmed', 'refund_pending'], 'refunded', { refunded_amount: refunded, refunded_at: this.clock.now(), provider_status: charge.status, ...reason });
          if (!ok) {
            // A chargeback of money already refunded (or never kept) still needs an operator: alerted once.
            if (kind === 'chargeback' && p.provider_status !== 'chargeback') {
              await tx.payments.payments.update(paymentId, { provider_status: charge.status });
              await tx.audit.append({ action: 'payment.chargeback', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { purpose: p.purpose, amount: p.amount, status: p.status, applied: false } });
            }
            return false;
          }
          await returnPaymentCredit(tx, { id: paymentId }, 'pagamento reembolsado');
          await this.purposes[p.purpose].refunded?.(tx, p);
          // Not asked by us (the payment was still confirmed): what it bought is undone, and the back office alerted.
          const unasked = p.status === 'confirmed';
          if (kind === 'chargeback' || unasked) {
            await tx.audit.append({ action: kind === 'chargeback' ? 'payment.chargeback' : 'payment.refunded_by_provider', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { purpose: p.purpose, ref_id: p.ref_id, amount: p.amount, refunded, status: p.status, applied: true } });
          }
          if (unasked) await this.purposes[p.purpose].reversed?.(tx, { ...p, status: 'refunded' }, kind);
          return true;
        });
        return moved ? (kind === 'chargeback' ? 'chargeback' : 'refunded') : 'no_change';
      }
      default:
        // pending, overdue, refunding: nothing moves backwards.
        await this.uow.run((tx) => tx.payments.payments.update(paymentId, { provider_status: charge.status }));
        return 'no_change';
    }
  }

  /** Confirms under the payment's row lock, then hands it to its purpose's flow in the same transaction. */
  private async confirm(paymentId: string, charge: ProviderCharge): Promise<ApplyOutcome> {
    let confirmed = null as (PaymentRecord & { confirmed_at: Date }) | null;
    const outcome = await this.uow.run((tx) => this.confirmIn(tx, paymentId, charge, (p) => (confirmed = p)));
    // Told after the commit: only the one transaction that moved the payment to confirmed gets here with it.
    if (confirmed && (outcome === 'applied' || outcome === 'refund_needed')) this.observer?.paymentConfirmed(confirmed);
    return outcome;
  }

  /**
   * The one confirmation path, in the caller's transaction: a provider's charge, or a payment the wallet covered
   * entirely (`amount: 0`, no provider id). The provider must have paid exactly the part it charged.
   */
  async confirmIn(
    tx: Tx<PaymentServiceScope & H>,
    paymentId: string,
    charge: Pick<ProviderCharge, 'amount' | 'status'> & { providerId: string | null },
    onConfirmed?: (payment: PaymentRecord & { confirmed_at: Date }) => void,
  ): Promise<ApplyOutcome> {
    const payments = tx.payments.payments;
    const p = await payments.lock(paymentId);
    if (!p) return 'unknown_payment';
    if (p.status !== 'pending' && p.status !== 'cancelled' && p.status !== 'failed') return 'already_applied';
    const now = this.clock.now();
    if (!amountMatches(providerAmountOf(p), charge.amount)) {
      await movePayment(tx, p.id, ['pending', 'cancelled', 'failed'], 'amount_mismatch', { provider_status: charge.status, failure_reason: `esperado ${providerAmountOf(p)}, pago ${charge.amount}` });
      await tx.audit.append({ action: 'payment.amount_mismatch', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { expected: providerAmountOf(p), paid: charge.amount, provider_payment_id: charge.providerId } });
      return 'amount_mismatch';
    }
    await movePayment(tx, p.id, ['pending', 'cancelled', 'failed'], 'confirmed', { confirmed_at: now, provider_status: charge.status });
    onConfirmed?.({ ...p, status: 'confirmed', confirmed_at: now });
    await tx.audit.append({ action: 'payment.confirmed', actor_user_id: p.user_id, actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { purpose: p.purpose, amount: p.amount, wallet_amount: p.wallet_amount } });
    // A dropped charge paid anyway whose credit went back already: only part of the price is here, so it is refunded.
    const creditReturned = p.wallet_amount > 0 && p.status !== 'pending' && (await tx.wallet.findByRef(walletReturnRef(p.id))) !== null;
    const settled = creditReturned ? ({ outcome: 'refund_needed', reason: 'crédito da carteira já devolvido' } as const) : await this.purposes[p.purpose].settle(tx, { ...p, status: 'confirmed', confirmed_at: now });
    if (settled.outcome === 'applied') return 'applied';
    await requestRefund(tx, p, settled.reason);
    return 'refund_needed';
  }
}
