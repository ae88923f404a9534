// Cancelling a pending charge at the provider (a paid one is confirmed instead) and reconciling: every pending
// payment and unprocessed event checked with the provider, and the refunds left swept.
import { DomainError } from '../shared/errors';
import { PaymentUseCase, type PaymentDeps, type ApplyOutcome } from './payment-use-case';
import { returnPaymentCredit } from './payment-commands';
import type { ChargeConfirmation } from './charge-confirmation';
import type { ProviderEvents } from './provider-events';
import type { PaymentRefunds } from './payment-refunds';
import { movePayment } from './payment-moves';

export class PaymentReconciliation<H extends object = object> extends PaymentUseCase<H> {
  constructor(
    deps: PaymentDeps<H>,
    private readonly confirmation: ChargeConfirmation<H>,
    private readonly events: ProviderEvents<H>,
    private readonly refunds: PaymentRefunds<H>,
  ) {
    super(deps);
  }

  /**
   * The `payments.cancel_charge` job: drops a pending charge at the provider and marks our payment `cancelled`. Runs
   * twice harmlessly: a charge the provider reports cancelled (or no longer knows) is not deleted again; one paid
   * meanwhile is applied through the confirmation path (and refunded when its place or order is gone).
   */
  async cancelCharge(paymentId: string, reason = 'cobrança cancelada'): Promise<'cancelled' | 'paid' | 'skipped'> {
    const payments = this.uow.repos.payments.payments;
    const p = await payments.findById(paymentId);
    if (!p || (p.status !== 'pending' && p.status !== 'cancelled') || p.provider_status === 'cancelled') return 'skipped';
    const done = async () => {
      const moved = await this.uow.run(async (tx) => {
        const ok = await movePayment(tx, p.id, ['pending', 'cancelled'], 'cancelled', { provider_status: 'cancelled', failure_reason: reason.slice(0, 500) });
        if (ok) await returnPaymentCredit(tx, p, 'cobrança cancelada');
        if (ok) await tx.audit.append({ action: 'payment.charge_cancelled', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { reason, provider_payment_id: p.provider_payment_id } });
        return ok;
      });
      return moved ? ('cancelled' as const) : ('skipped' as const);
    };
    if (!p.provider_payment_id) return done();
    const providerId = p.provider_payment_id;
    const before = await this.gateway.getCharge(providerId).catch((err: unknown) => {
      if (err instanceof DomainError && err.kind === 'not_found') return null;
      throw err;
    });
    if (!before || before.status === 'cancelled') return done();
    if (before.status === 'confirmed') {
      await this.confirmation.applyCharge(p.id, before);
      return 'paid';
    }
    try {
      await this.gateway.cancelCharge(providerId);
    } catch (err) {
      // Paid between the read and the delete: the provider refuses; the confirmation path takes it (and refunds).
      if (err instanceof DomainError && err.kind === 'invalid') {
        const after = await this.gateway.getCharge(providerId);
        if (after.status === 'confirmed') {
          await this.confirmation.applyCharge(p.id, after);
          return 'paid';
        }
      }
      throw err;
    }
    return done();
  }

  /** Job / CLI: asks the provider about every pending payment and unprocessed event, and applies what it reports. */
  async reconcile(options: { since?: Date; limit?: number } = {}) {
    const rows: Array<{ payment_id: string; provider_payment_id: string | null; provider_status: string; action: ApplyOutcome | 'error' }> = [];
    const repos = this.uow.repos.payments;
    const pending = await repos.payments.listByStatus('pending', { withProvider: true, limit: options.limit ?? 500, ...(options.since ? { since: options.since } : {}) });
    for (const p of pending) {
      try {
        const charge = await this.gateway.getCharge(p.provider_payment_id!);
        rows.push({ payment_id: p.id, provider_payment_id: p.provider_payment_id, provider_status: charge.status, action: await this.confirmation.applyCharge(p.id, charge) });
      } catch (err) {
        rows.push({ payment_id: p.id, provider_payment_id: p.provider_payment_id, provider_status: err instanceof Error ? err.message : 'erro', action: 'error' });
      }
    }
    for (const e of await repos.events.listUnprocessed(100)) {
      try {
        const outcome = await this.events.processEvent(e.provider_payment_id, null, e.type);
        await repos.events.markProcessed(e.id, this.clock.now(), outcome);
      } catch {
        /* next run */
      }
    }
    const refunds = await this.refunds.processRefunds();
    return { rows, refunds };
  }
}
