// Payments: charging through the provider and applying what it reports (webhook, polling or reconcile) exactly once
// (docs/product/payments.md#exactly-once-confirmation). Knows nothing of groups or orders: each purpose is a flow in
// core/flows, run inside the confirming transaction. This class gathers the use cases the routes and jobs call.
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import type { PaymentGateway, ProviderCharge } from '../ports/payments';
import type { RequestMeta } from '../identity';
import type { PaymentObserver } from './ports';
import { toPaymentView, type CreatePaymentInput, type PaymentView } from './payment-rules';
import type { RefundDestinationInput } from './boleto-refund';
import type { UnitOfWork } from '../ports/unit-of-work';
import { PaymentUseCase, type ApplyOutcome, type InvoiceEventHandler, type PaymentPurposes, type PaymentServiceScope, type TransferEventHandler } from './payment-use-case';
import { ChargeConfirmation } from './charge-confirmation';
import { ChargeCreation } from './charge-creation';
import { ProviderEvents } from './provider-events';
import { PaymentRefunds } from './payment-refunds';
import { PaymentReconciliation } from './payment-reconciliation';

export * from './payment-use-case';
export * from './payment-commands';

export class PaymentService<H extends object = object> extends PaymentUseCase<H> {
  private readonly confirmation: ChargeConfirmation<H>;
  private readonly creation: ChargeCreation<H>;
  private readonly events: ProviderEvents<H>;
  private readonly refunds: PaymentRefunds<H>;
  private readonly reconciliation: PaymentReconciliation<H>;

  constructor(
    uow: UnitOfWork<PaymentServiceScope & H>,
    gateway: PaymentGateway,
    clock: Clock,
    purposes: PaymentPurposes<H>,
    sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    transfers: TransferEventHandler | null = null,
    observer: PaymentObserver | null = null,
    invoices: InvoiceEventHandler | null = null,
  ) {
    const deps = { uow, gateway, clock, purposes, sleep, transfers, observer, invoices };
    super(deps);
    this.confirmation = new ChargeConfirmation(deps);
    this.creation = new ChargeCreation(deps, this.confirmation);
    this.events = new ProviderEvents(deps, this.confirmation);
    this.refunds = new PaymentRefunds(deps);
    this.reconciliation = new PaymentReconciliation(deps, this.confirmation, this.events, this.refunds);
  }

  /** POST /api/payments: the charge for an entry, a balance or an order (a double submit answers the one under way). */
  createPayment(actor: { id: string; email: string }, raw: CreatePaymentInput, meta: RequestMeta): Promise<PaymentView> {
    return this.creation.createPayment(actor, raw, meta);
  }

  /** GET /api/payments/:id/status: the owner's payment; a pending one is checked with the provider (same exactly-once path). */
  async status(actorId: string, paymentId: string) {
    const payment = await this.ownPayment(actorId, paymentId);
    if (payment.status === 'pending' && payment.provider_payment_id) {
      try {
        await this.confirmation.applyCharge(payment.id, await this.gateway.getCharge(payment.provider_payment_id));
      } catch (err) {
        // The provider being slow must not break the screen's polling: answer what we know.
        if (!(err instanceof DomainError) || err.kind !== 'unavailable') throw err;
      }
    }
    const fresh = (await this.uow.repos.payments.payments.findById(payment.id))!;
    return { id: fresh.id, status: fresh.status, confirmed: fresh.status === 'confirmed' };
  }

  async get(actorId: string, paymentId: string) {
    return toPaymentView(await this.ownPayment(actorId, paymentId));
  }

  /** For the sandbox's confirm route only. */
  async providerIdOf(paymentId: string) {
    return (await this.uow.repos.payments.payments.findById(paymentId))?.provider_payment_id ?? null;
  }

  async listForUser(actorId: string, page: number, perPage: number) {
    const { items, total } = await this.uow.repos.payments.payments.listForUser(actorId, (page - 1) * perPage, perPage);
    return { items: items.map(toPaymentView), total };
  }

  /** POST /api/webhooks/asaas: stored once by its id, then applied as re-read from the provider. */
  receiveWebhook(headers: Record<string, string | string[] | undefined>, body: unknown) {
    return this.events.receiveWebhook(headers, body);
  }

  /** Applies the provider's view of a charge; the only path from "pending" to "confirmed". */
  applyCharge(paymentId: string, charge: ProviderCharge): Promise<ApplyOutcome> {
    return this.confirmation.applyCharge(paymentId, charge);
  }

  /** The `payments.refund` job: refunds one payment marked `refund_pending` (claimed first, never twice). */
  refundOne(paymentId: string): Promise<'refunded' | 'skipped'> {
    return this.refunds.refundOne(paymentId);
  }

  /** POST /api/payments/:id/refund-destination: a boleto's refund goes to a PIX key or to wallet credit. */
  chooseRefundDestination(actor: { id: string; email: string }, paymentId: string, raw: RefundDestinationInput, meta: RequestMeta): Promise<PaymentView> {
    return this.refunds.chooseRefundDestination(actor, paymentId, raw, meta);
  }

  /** Sweeps every payment still marked `refund_pending` (reconcile, group expiry). */
  processRefunds(limit = 100): Promise<{ refunded: number; failed: number }> {
    return this.refunds.processRefunds(limit);
  }

  /** The `payments.cancel_charge` job: drops a pending charge at the provider and marks the payment `cancelled`. */
  cancelCharge(paymentId: string, reason = 'cobrança cancelada'): Promise<'cancelled' | 'paid' | 'skipped'> {
    return this.reconciliation.cancelCharge(paymentId, reason);
  }

  /** Job / CLI: asks the provider about every pending payment and unprocessed event, and applies what it reports. */
  reconcile(options: { since?: Date; limit?: number } = {}) {
    return this.reconciliation.reconcile(options);
  }
}
