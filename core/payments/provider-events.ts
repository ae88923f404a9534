// The provider's events (webhooks): stored once by their id, then applied from the charge or transfer as re-read
// from the provider, so a redelivered or out-of-order event never moves a payment twice or backwards.
import { DomainError } from '../shared/errors';
import { isId } from '../shared/ids';
import { escapeUnstorableText } from '../shared/text';
import type { PaymentGateway } from '../ports/payments';
import { notify } from '../notifications';
import { providerAmountOf } from './payment-rules';
import { refundChoiceEmail } from './payment-emails';
import { PaymentUseCase, type PaymentDeps, type ApplyOutcome } from './payment-use-case';
import type { ChargeConfirmation } from './charge-confirmation';
import { movePayment } from './payment-moves';

export class ProviderEvents<H extends object = object> extends PaymentUseCase<H> {
  constructor(
    deps: PaymentDeps<H>,
    private readonly confirmation: ChargeConfirmation<H>,
  ) {
    super(deps);
  }

  /**
   * POST /api/webhooks/asaas: authenticate, store the event first (its provider id is unique: a redelivery does
   * nothing), then apply the payment's status as re-read from the provider, so out-of-order events cannot regress it.
   */
  async receiveWebhook(headers: Record<string, string | string[] | undefined>, body: unknown) {
    // Never refused for its content: text PostgreSQL cannot store (NUL, lone surrogates) is kept escaped.
    const safeBody = escapeUnstorableText(body);
    let event: ReturnType<PaymentGateway['parseWebhook']>;
    try {
      event = this.gateway.parseWebhook(headers, safeBody);
    } catch (err) {
      this.observer?.webhookReceived(this.gateway.name, err instanceof DomainError && err.kind === 'unauthenticated' ? 'refused_signature' : 'error');
      throw err;
    }
    const events = this.uow.repos.payments.events;
    const stored = await events.insertIfNew({
      provider: this.gateway.name,
      event_id: event.eventId,
      type: event.type,
      // A transfer event keeps the transfer's id here, so the reconcile job can apply it again if it failed.
      provider_payment_id: event.providerPaymentId ?? event.providerTransferId ?? event.providerInvoiceId ?? null,
      payload: safeBody,
    });
    if (!stored) {
      this.observer?.webhookReceived(this.gateway.name, 'duplicate');
      return { duplicate: true, outcome: 'duplicate' as const };
    }
    try {
      const outcome = await this.processEvent(event.providerPaymentId ?? event.providerTransferId ?? event.providerInvoiceId ?? null, event.externalReference, event.type);
      await events.markProcessed(stored, this.clock.now(), outcome);
      this.observer?.webhookReceived(this.gateway.name, 'applied');
      return { duplicate: false, outcome };
    } catch (err) {
      // Left unprocessed: the reconcile job tries again. The provider still gets its 200.
      await events.markProcessed(stored, this.clock.now(), 'error', err instanceof Error ? err.message : String(err)).catch(() => {});
      this.observer?.webhookReceived(this.gateway.name, 'error');
      return { duplicate: false, outcome: 'error' as const };
    }
  }

  /** `providerPaymentId` is the provider's object id: a payment's, a transfer's for TRANSFER_* events, an invoice's for INVOICE_*. */
  async processEvent(providerPaymentId: string | null, externalReference: string | null, type: string): Promise<ApplyOutcome | string> {
    if (type.startsWith('TRANSFER_')) {
      // A boleto refund's PIX transfer (its external reference is the payment; the reconcile job knows only the
      // transfer's id): ours; any other is a payout's.
      const payments = this.uow.repos.payments.payments;
      const refunded =
        (providerPaymentId ? await payments.findByRefundTransferId(providerPaymentId) : null) ??
        (externalReference && isId(externalReference) ? await payments.findById(externalReference) : null);
      if (refunded?.refund_transfer_id && (!providerPaymentId || providerPaymentId === refunded.refund_transfer_id)) return this.applyRefundTransfer(refunded.id, refunded.refund_transfer_id);
      if (this.transfers) return this.transfers.applyTransferEvent({ providerTransferId: providerPaymentId, externalReference, type });
      return 'unknown_transfer';
    }
    // A service invoice's event (the invoice's id here): the service-invoices module applies it, re-read from the provider.
    if (type.startsWith('INVOICE_')) return this.invoices ? this.invoices.applyInvoiceEvent({ providerInvoiceId: providerPaymentId, externalReference }) : 'ignored_event';
    if (!type.startsWith('PAYMENT_')) return 'ignored_event';
    const payments = this.uow.repos.payments.payments;
    const payment =
      (providerPaymentId ? await payments.findByProviderId(providerPaymentId) : null) ??
      (externalReference && isId(externalReference) ? await payments.findById(externalReference) : null);
    if (!payment) return 'unknown_payment';
    const providerId = payment.provider_payment_id ?? providerPaymentId;
    if (!providerId) return 'unknown_payment';
    if (!payment.provider_payment_id) await this.uow.run((tx) => tx.payments.payments.update(payment.id, { provider_payment_id: providerId }));
    return this.confirmation.applyCharge(payment.id, await this.gateway.getCharge(providerId));
  }

  /**
   * A boleto refund's PIX transfer as the provider now tells it (re-read, never the event's body). The refund counted
   * as made when the provider accepted the transfer; if the transfer later fails or is cancelled, the refund is open
   * again — the payment waits for the member's choice once more (told in the app and by e-mail), audited, once.
   */
  private async applyRefundTransfer(paymentId: string, transferId: string): Promise<string> {
    const transfer = await this.gateway.getTransfer(transferId);
    if (transfer.status !== 'failed' && transfer.status !== 'cancelled') return transfer.status === 'done' ? 'refund_transfer_done' : 'no_change';
    const reason = transfer.failReason?.trim() || 'A transferência PIX não foi concluída.';
    return this.uow.run(async (tx) => {
      const p = await tx.payments.payments.lock(paymentId);
      if (!p || p.status !== 'refunded' || p.refund_transfer_id !== transferId) return 'already_applied';
      const reopened = await movePayment(tx, p.id, ['refunded'], 'refund_pending', {
        refunded_amount: 0,
        refunded_at: null,
        refund_requested_at: null,
        refund_destination: null,
        refund_pix_key: null,
        refund_pix_key_type: null,
        refund_transfer_id: null,
        failure_reason: `transferência PIX do reembolso falhou: ${reason}`.slice(0, 500),
      });
      if (!reopened) return 'already_applied';
      await tx.audit.append({ action: 'payment.refund_transfer_failed', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { reason, provider_transfer_id: transferId, reopened: true } });
      const amount = providerAmountOf(p);
      await tx.notifications.create({ ...notify.refundChoiceNeeded(p.user_id, p.id, amount), dedupe_key: `refund_choice_needed:${p.id}:${transferId}` });
      const user = await tx.identity.users.findById(p.user_id);
      const profile = user ? await tx.identity.profiles.findByUserId(user.id) : null;
      if (user) await tx.jobs.enqueue('mail.send', refundChoiceEmail({ to: user.email, name: profile?.full_name ?? '', amount, transferFailed: /[.!?]$/.test(reason) ? reason : `${reason}.` }));
      return 'refund_reopened';
    });
  }
}
