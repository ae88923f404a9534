// Payments' commands for the rest of the product: the writes a flow may ask of payments (a refund requested, a
// pending charge cancelled, a payment's wallet credit given back), each checking the payment's status first.
import { notify } from '../notifications';
import { giveBackCredit } from '../wallet';
import type { PaymentRecord } from './ports';
import { refundChoiceEmail } from './payment-emails';
import { needsRefundChoice } from './boleto-refund';
import type { Tx } from '../ports/unit-of-work';
import type { PaymentsScope } from './ports';
import type { IdentityScope } from '../identity/ports';
import type { WalletScope } from '../wallet/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import { movePayment } from './payment-moves';



declare module '../ports/job-queue' {
  interface JobPayloads {
    /** Refunds one payment marked `refund_pending` through the provider (idempotent; retried with backoff). */
    'payments.refund': { payment_id: string };
    /** Cancels one pending charge at the provider (a released hold, an expired order); retried with backoff. */
    'payments.cancel_charge': { payment_id: string; reason: string };
  }
}

/**
 * Marks a confirmed payment for refund and enqueues the provider refund in the same transaction (used by this module
 * and by flows such as a group's expiry). False when it was not confirmed (already marked, refunded, …).
 */
export async function requestRefund(tx: Tx<PaymentsScope & AuditScope & IdentityScope & NotificationsScope>, payment: Pick<PaymentRecord, 'id'>, reason: string): Promise<boolean> {
  if (!(await movePayment(tx, payment.id, ['confirmed'], 'refund_pending', { failure_reason: reason }))) return false;
  await tx.audit.append({ action: 'payment.refund_marked', actor_email: 'sistema', entity_type: 'payment', entity_id: payment.id, metadata: { reason } });
  const p = await tx.payments.payments.findById(payment.id);
  if (p && needsRefundChoice(p)) {
    // A boleto cannot be refunded through the provider: the member chooses a PIX key or wallet credit
    // first (POST /api/payments/:id/refund-destination), which enqueues the refund job.
    const user = await tx.identity.users.findById(p.user_id);
    const profile = user ? await tx.identity.profiles.findByUserId(user.id) : null;
    if (user) await tx.jobs.enqueue('mail.send', refundChoiceEmail({ to: user.email, name: profile?.full_name ?? '', amount: p.amount - p.wallet_amount }));
    await tx.notifications.create(notify.refundChoiceNeeded(p.user_id, p.id, p.amount - p.wallet_amount));
    return true;
  }
  await tx.jobs.enqueue('payments.refund', { payment_id: payment.id }, { singletonKey: payment.id });
  return true;
}

/**
 * Cancels a still-pending charge at the provider: enqueued in the caller's transaction (a hold released, an order
 * expired); the job marks our payment `cancelled` once the provider dropped it. A payment that still arrives is
 * confirmed and refunded (the purpose answers `refund_needed`).
 */
export async function requestChargeCancel(tx: Tx<object>, payment: Pick<PaymentRecord, 'id'>, reason: string): Promise<void> {
  await tx.jobs.enqueue('payments.cancel_charge', { payment_id: payment.id, reason }, { singletonKey: payment.id });
}

/**
 * Gives back the wallet credit a payment spent, once (its own unique ref): called in the transaction that moves a
 * payment to `cancelled`, `failed` or `refunded` (here and by flows that cancel a pending charge). No-op without credit.
 */
export async function returnPaymentCredit(tx: Tx<WalletScope>, payment: Pick<PaymentRecord, 'id'>, why: string): Promise<boolean> {
  return giveBackCredit(tx.wallet, payment.id, `Crédito devolvido: ${why}`);
}

/**
 * Drops a still-pending payment whose order was cancelled or expired: `cancelled`, and the wallet credit it spent back
 * (once). False when it was no longer pending (paid or dropped meanwhile); cancelling at the provider is the caller's.
 */
export async function cancelPendingPayment(tx: Tx<PaymentsScope & WalletScope>, payment: Pick<PaymentRecord, 'id'>, reason: string, why: string): Promise<boolean> {
  if (!(await movePayment(tx, payment.id, ['pending'], 'cancelled', { failure_reason: reason }))) return false;
  await returnPaymentCredit(tx, payment, why);
  return true;
}

/**
 * A boleto refund waiting for the member's choice is sent by PIX to this key (the person gave it while deleting the
 * account, and cannot come back to choose): once, and only while no destination was chosen. False otherwise.
 */
export async function refundToPixKey(tx: Tx<PaymentsScope & AuditScope>, paymentId: string, pixKey: { type: string; key: string }): Promise<boolean> {
  const p = await tx.payments.payments.lock(paymentId);
  if (!p || p.status !== 'refund_pending' || !needsRefundChoice(p) || p.refund_destination) return false;
  await tx.payments.payments.update(p.id, { refund_destination: 'pix', refund_pix_key_type: pixKey.type, refund_pix_key: pixKey.key });
  await tx.audit.append({ action: 'payment.refund_destination_chosen', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { type: 'pix', reason: 'exclusão da conta' } });
  await tx.jobs.enqueue('payments.refund', { payment_id: p.id }, { singletonKey: `${p.id}:pix` });
  return true;
}
