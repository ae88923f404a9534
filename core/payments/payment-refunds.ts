// Refunds: the job that refunds one payment through the provider (claimed first, so never twice), a boleto's
// refund destination chosen by the member (PIX key or wallet credit), and the sweep of what is left.
import { DomainError, conflict, invalid, notFound } from '../shared/errors';
import type { RequestMeta } from '../identity';
import { auditMeta } from '../identity';
import { notify } from '../notifications';
import type { PaymentRecord } from './ports';
import { providerAmountOf, toPaymentView, type PaymentView } from './payment-rules';
import { refundIssuedEmail } from './payment-emails';
import { boletoRefundWalletRef, needsRefundChoice, refundDestinationSchema, type RefundDestinationInput } from './boleto-refund';
import type { TransferPixKeyType } from '../ports/payments';
import { PaymentUseCase } from './payment-use-case';
import { returnPaymentCredit } from './payment-commands';
import { movePayment } from './payment-moves';
import { toPerson } from '../messaging';

export class PaymentRefunds<H extends object = object> extends PaymentUseCase<H> {
  /**
   * The `payments.refund` job: refunds one payment marked `refund_pending` through the provider. The payment is claimed
   * by a conditional update before the provider is called, so two runners never refund it twice; a failure throws so
   * the queue retries it with backoff (and the reconcile job sweeps what is left).
   */
  async refundOne(paymentId: string): Promise<'refunded' | 'skipped'> {
    const now = this.clock.now();
    const staleClaim = new Date(now.getTime() - 10 * 60_000);
    const p = await this.uow.run(async (tx) => {
      const locked = await tx.payments.payments.lock(paymentId);
      if (!locked || locked.status !== 'refund_pending') return null;
      if (locked.refund_requested_at && locked.refund_requested_at > staleClaim) return null;
      await tx.payments.payments.update(locked.id, { refund_requested_at: now });
      return locked;
    });
    if (!p) return 'skipped';
    const release = (patch: Partial<PaymentRecord> = {}) => this.uow.run((tx) => tx.payments.payments.update(p.id, { refund_requested_at: null, ...patch }));
    if (needsRefundChoice(p)) {
      // Boleto: nothing to do until the member chose; then one PIX transfer (idempotent by the payment id at the
      // provider, and never sent again once its id is stored) or wallet credit in the closing transaction.
      if (!p.refund_destination) {
        await release();
        return 'skipped';
      }
      if (p.refund_destination === 'pix' && !p.refund_transfer_id) {
        try {
          const transfer = await this.gateway.createTransfer({
            value: providerAmountOf(p),
            pixKey: p.refund_pix_key ?? '',
            pixKeyType: (p.refund_pix_key_type ?? 'EVP') as TransferPixKeyType,
            description: 'Turma: reembolso de boleto',
            externalReference: p.id,
          });
          if (transfer.status === 'failed' || transfer.status === 'cancelled') throw invalid('refund_transfer_failed', transfer.failReason ?? 'Transferência PIX recusada.');
          await this.uow.run((tx) => tx.payments.payments.update(p.id, { refund_transfer_id: transfer.id }));
        } catch (err) {
          if (err instanceof DomainError && err.kind === 'invalid') {
            // A refused key: the member chooses again.
            await release({ refund_destination: null, refund_pix_key: null, refund_pix_key_type: null, failure_reason: `transferência PIX recusada: ${err.message}`.slice(0, 500) });
            await this.uow.run((tx) => tx.audit.append({ action: 'payment.refund_transfer_failed', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { reason: err.message } }));
            return 'skipped';
          }
          await release({ failure_reason: `reembolso falhou: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500) });
          throw err;
        }
      }
    }
    try {
      if (p.provider_payment_id && !needsRefundChoice(p)) {
        const current = await this.gateway.getCharge(p.provider_payment_id);
        // A crash after the provider refunded but before we recorded it must not refund twice.
        const charged = providerAmountOf(p);
        if (charged > 0 && current.status !== 'refunded' && current.refundedAmount < charged) {
          await this.gateway.refund(p.provider_payment_id, charged - current.refundedAmount, 'Turma: reembolso automático');
        }
      }
    } catch (err) {
      await this.uow.run((tx) => tx.payments.payments.update(p.id, { refund_requested_at: null, failure_reason: `reembolso falhou: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500) }));
      throw err;
    }
    await this.uow.run(async (tx) => {
      if (!(await movePayment(tx, p.id, ['refund_pending'], 'refunded', { refunded_amount: p.amount, refunded_at: this.clock.now() }))) return;
      // The credit part goes back to the wallet, exactly once (its ref is unique).
      await returnPaymentCredit(tx, p, 'pagamento reembolsado');
      if (needsRefundChoice(p) && p.refund_destination === 'wallet') {
        await tx.wallet.add({ user_id: p.user_id, amount: providerAmountOf(p), kind: 'entry_credit', description: 'Reembolso de boleto em crédito', ref: boletoRefundWalletRef(p.id) });
      }
      await this.purposes[p.purpose].refunded?.(tx, p);
      const via = needsRefundChoice(p) ? (p.refund_destination === 'wallet' ? 'wallet' : 'pix') : p.method === 'CREDIT_CARD' ? 'card' : undefined;
      await tx.notifications.create(notify.refundIssued(p.user_id, p.id, p.amount, via));
      await tx.audit.append({ action: 'payment.refunded', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { amount: p.amount } });
      const user = await tx.identity.users.findById(p.user_id);
      const profile = user ? await tx.identity.profiles.findByUserId(user.id) : null;
      if (user) await tx.jobs.enqueue('mail.send', toPerson(refundIssuedEmail({ to: user.email, name: profile?.full_name ?? '', amount: p.amount, ...(via ? { via } : {}) }), user.id));
    });
    return 'refunded';
  }

  /**
   * POST /api/payments/:id/refund-destination (owner only): a boleto awaiting a refund gets its destination — a PIX key
   * (validated, stored in the DICT's canonical form) or wallet credit — once; the refund job is enqueued with it.
   */
  async chooseRefundDestination(actor: { id: string; email: string }, paymentId: string, raw: RefundDestinationInput, meta: RequestMeta): Promise<PaymentView> {
    await this.ownPayment(actor.id, paymentId);
    const input = refundDestinationSchema.parse(raw);
    await this.uow.run(async (tx) => {
      const p = await tx.payments.payments.lock(paymentId);
      if (!p || p.user_id !== actor.id) throw notFound('payment_not_found', 'Pagamento não encontrado.');
      if (p.status !== 'refund_pending' || !needsRefundChoice(p) || p.refund_destination) {
        throw conflict('refund_choice_closed', 'Este pagamento não aguarda a escolha de reembolso.');
      }
      const patch: Partial<PaymentRecord> =
        input.type === 'pix'
          ? { refund_destination: 'pix', refund_pix_key_type: input.pix_key.type, refund_pix_key: input.pix_key.key }
          : { refund_destination: 'wallet', refund_pix_key_type: null, refund_pix_key: null };
      await tx.payments.payments.update(p.id, patch);
      await tx.audit.append({ action: 'payment.refund_destination_chosen', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'payment', entity_id: p.id, ...auditMeta(meta), metadata: { type: input.type } });
      await tx.jobs.enqueue('payments.refund', { payment_id: p.id }, { singletonKey: `${p.id}:${input.type}` });
    });
    return toPaymentView((await this.uow.repos.payments.payments.findById(paymentId))!);
  }

  /** Sweeps every payment still marked `refund_pending` (reconcile, group expiry): the safety net behind the job. */
  async processRefunds(limit = 100): Promise<{ refunded: number; failed: number }> {
    const pending = await this.uow.repos.payments.payments.listByStatus('refund_pending', { limit });
    let refunded = 0;
    let failed = 0;
    for (const p of pending) {
      try {
        if ((await this.refundOne(p.id)) === 'refunded') refunded++;
      } catch {
        failed++;
      }
    }
    return { refunded, failed };
  }
}
