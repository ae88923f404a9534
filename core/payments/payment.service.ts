// Payments: charging through the provider and applying what it reports (webhook, polling or reconcile) exactly once
// (docs/product/payments.md#exactly-once-confirmation). Knows nothing of groups or orders: each purpose is a flow in
// core/flows, run inside the confirming transaction.
import type { Clock } from '../shared/clock';
import { DomainError, conflict, invalid, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import { escapeUnstorableText } from '../shared/text';
import type { PaymentGateway, ProviderCharge } from '../ports/payments';
import type { RequestMeta } from '../identity';
import { auditMeta } from '../identity';
import { notify } from '../notifications';
import { giveBackCredit, spendCredit, splitWithCredit, walletReturnRef } from '../wallet';
import type { PaymentPurpose, PaymentRecord } from './ports';
import {
  PROVIDER_MINIMUM_CHARGE,
  amountMatches,
  createPaymentSchema,
  providerAmountOf,
  saoPauloDate,
  toPaymentView,
  type CreatePaymentInput,
  type PaymentView,
} from './payment-rules';
import { refundChoiceEmail, refundIssuedEmail } from './payment-emails';
import { boletoRefundWalletRef, needsRefundChoice, refundDestinationSchema, type RefundDestinationInput } from './boleto-refund';
import type { TransferPixKeyType } from '../ports/payments';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { PaymentsScope } from './ports';
import type { IdentityScope } from '../identity/ports';
import type { WalletScope } from '../wallet/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';

/** The tables payments read and write; they reach identity (the payer's e-mail), the wallet (credit spent) and notifications. */
type PaymentServiceScope = PaymentsScope & IdentityScope & WalletScope & NotificationsScope & AuditScope;

declare module '../ports/job-queue' {
  interface JobPayloads {
    /** Refunds one payment marked `refund_pending` through the provider (idempotent; retried with backoff). */
    'payments.refund': { payment_id: string };
    /** Cancels one pending charge at the provider (a released hold, an expired order); retried with backoff. */
    'payments.cancel_charge': { payment_id: string; reason: string };
  }
}

export type ApplyOutcome =
  | 'applied'
  | 'already_applied'
  | 'amount_mismatch'
  | 'refund_needed'
  | 'cancelled'
  | 'refunded'
  | 'chargeback'
  | 'no_change'
  | 'unknown_payment'
  | 'ignored_event';

export type SettleOutcome = { outcome: 'applied' } | { outcome: 'refund_needed'; reason: string };

/** What a payment purpose (a flow) tells payments: the charge to make, and what a confirmed charge does. */
export interface PaymentPurposeHandler<S extends object> {
  /** Amount and description of a new charge for `refId`; throws DomainErrors (404 when not the caller's, 409 in a wrong state). */
  resolve: (repos: S, userId: string, refId: string) => Promise<{ amount: number; description: string }>;
  /** In the confirming transaction, exactly once: applies the money, or says it cannot be used (it is then refunded). */
  settle: (tx: Tx<S>, payment: PaymentRecord) => Promise<SettleOutcome>;
  /**
   * In the transaction that records a new provider charge: what the charge changes for its purpose (an entry's hold
   * follows a boleto's due date). `dueDate` is the one the provider returned; `previousMethod` the method of the charge it replaced.
   */
  charged?: (tx: Tx<S>, payment: PaymentRecord, charge: { dueDate: string; previousMethod: PaymentRecord['method'] | null }) => Promise<void>;
  /** In the transaction that moves a confirmed payment to `refunded`, once: what the refund undoes (a campaign bonus). */
  refunded?: (tx: Tx<S>, payment: PaymentRecord) => Promise<void>;
  /**
   * In the same transaction, once, after `refunded`, when the money came back without our asking — the provider
   * reports a refund (made in its panel) or a chargeback of a payment still `confirmed`: what the payment bought is
   * undone (a place released, an order refunded). A refund we requested undid its purpose already.
   */
  reversed?: (tx: Tx<S>, payment: PaymentRecord, kind: PaymentReversalKind) => Promise<void>;
}

/** How money of a confirmed payment came back without our asking. */
export type PaymentReversalKind = 'refund' | 'chargeback';

/** The purposes' handlers; `S` names the scopes they touch, which the confirming transaction then also covers. */
export type PaymentPurposes<S extends object> = Record<PaymentPurpose, PaymentPurposeHandler<S>>;

/**
 * What applies the provider's TRANSFER_* events (payouts are a flow: payments knows nothing of them). Called once per
 * stored event id; it re-reads the transfer from the provider, so the event's own body and order never decide.
 */
export interface TransferEventHandler {
  applyTransferEvent(event: { providerTransferId: string | null; externalReference: string | null; type: string }): Promise<string>;
}

/**
 * Marks a confirmed payment for refund and enqueues the provider refund in the same transaction (used by this module
 * and by flows such as a group's expiry). False when it was not confirmed (already marked, refunded, …).
 */
export async function requestRefund(tx: Tx<PaymentsScope & AuditScope & IdentityScope & NotificationsScope>, payment: Pick<PaymentRecord, 'id'>, reason: string): Promise<boolean> {
  if (!(await tx.payments.payments.moveIf(payment.id, ['confirmed'], 'refund_pending', { failure_reason: reason }))) return false;
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

/** How long a request waits for a concurrent request's charge to reach the provider before answering what it has. */
const CONCURRENT_CHARGE_WAIT_MS = 20_000;
/** A pending payment without a provider charge older than this was left by a crash: it may be replaced. */
const ORPHAN_AFTER_MS = 60_000;

export class PaymentService<H extends object = object> {
  constructor(
    private readonly uow: UnitOfWork<PaymentServiceScope & H>,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly purposes: PaymentPurposes<H>,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    private readonly transfers: TransferEventHandler | null = null,
  ) {}

  /**
   * POST /api/payments: the charge for an entry, a balance or an order. A reload or a double submit answers the payment
   * already under way: the unique index on pending payments lets only one request create it and call the provider.
   */
  async createPayment(actor: { id: string; email: string }, raw: CreatePaymentInput, meta: RequestMeta): Promise<PaymentView> {
    const input = createPaymentSchema.parse(raw);
    if (input.use_wallet && input.purpose === 'entry') {
      throw invalid('wallet_not_allowed', 'O crédito da carteira paga pedidos do marketplace e saldos de turma, não entradas.', { use_wallet: 'O crédito da carteira não paga entradas.' });
    }
    const repos = this.uow.repos;
    const target = await this.purposes[input.purpose].resolve(repos, actor.id, input.ref_id);

    if (await repos.payments.payments.findConfirmedFor(input.purpose, input.ref_id)) throw conflict('already_paid', 'Este pagamento já foi confirmado.');
    const installments = input.method === 'CREDIT_CARD' ? input.installments : 1;
    const existing = await repos.payments.payments.findPendingFor(input.purpose, input.ref_id);
    // What the credit would pay now (the spend itself re-reads the balance under the wallet's lock).
    const preview = input.use_wallet ? splitWithCredit(target.amount, await repos.wallet.balance(actor.id), PROVIDER_MINIMUM_CHARGE) : { credit: 0, charge: target.amount };
    if (existing) {
      const sameWalletChoice = input.use_wallet ? existing.wallet_amount > 0 || preview.credit === 0 : existing.wallet_amount === 0;
      if (existing.method === input.method && existing.installments === installments && sameWalletChoice) {
        if (existing.provider_payment_id) return toPaymentView(existing);
        // Another request is creating this very charge right now: wait for it instead of making a second one.
        if (this.clock.now().getTime() - existing.created_at.getTime() < ORPHAN_AFTER_MS) return this.awaitCharge(existing.id);
      }
    }

    const profile = await repos.identity.profiles.findByUserId(actor.id);
    const profileIncomplete = () => conflict('profile_incomplete', 'Complete seu cadastro com o CPF antes de pagar.');
    if (!profile?.cpf && preview.charge > 0) throw profileIncomplete();

    const payment = await this.uow.run(async (tx) => {
      // Switching method: the old charge is dropped here (its credit back); if it is paid anyway, the confirmation refunds it.
      if (existing && (await tx.payments.payments.moveIf(existing.id, ['pending'], 'cancelled', { failure_reason: 'substituído por outro meio de pagamento' }))) {
        await returnPaymentCredit(tx, existing, 'pagamento substituído');
        // The replaced charge is cancelled at the provider too: its QR code or boleto no longer takes money.
        if (existing.provider_payment_id) await requestChargeCancel(tx, existing, 'substituído por outro meio de pagamento');
      }
      const created = await tx.payments.payments.createIfNoneLive({ user_id: actor.id, purpose: input.purpose, ref_id: input.ref_id, amount: target.amount, method: input.method, installments, provider: this.gateway.name });
      if (!created) return null;
      let record = created;
      if (input.use_wallet) {
        // Credit first, in this very transaction: the spend entry commits with the payment or not at all.
        const split = await spendCredit(tx.wallet, { userId: actor.id, paymentId: created.id, total: target.amount, providerMinimum: PROVIDER_MINIMUM_CHARGE, description: `Crédito usado: ${target.description.replace(/^Turma — /, '')}` });
        if (split.credit > 0) {
          const patch: Partial<PaymentRecord> = split.charge === 0 ? { wallet_amount: split.credit, method: 'WALLET', provider: 'wallet', installments: 1 } : { wallet_amount: split.credit };
          await tx.payments.payments.update(created.id, patch);
          record = { ...created, ...patch };
        }
      }
      if (!profile?.cpf && providerAmountOf(record) > 0) throw profileIncomplete();
      await tx.audit.append({ action: 'payment.created', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'payment', entity_id: created.id, ...auditMeta(meta), metadata: { purpose: input.purpose, amount: target.amount, wallet_amount: record.wallet_amount, method: record.method } });
      // Credit covers it all: no provider charge; confirmed now through the same path a provider's confirmation takes.
      if (record.method === 'WALLET') await this.confirmIn(tx, record.id, { amount: 0, status: 'confirmed', providerId: null });
      return record;
    });
    if (payment?.method === 'WALLET') return toPaymentView((await repos.payments.payments.findById(payment.id))!);
    if (!payment) {
      // A concurrent request won the insert: answer its payment once its charge exists.
      const winner = await repos.payments.payments.findPendingFor(input.purpose, input.ref_id);
      if (!winner) throw conflict('payment_in_progress', 'Já existe um pagamento em andamento. Atualize a página.');
      return this.awaitCharge(winner.id);
    }

    let charge: ProviderCharge;
    // Set once the provider made the charge: a failure after that (the QR code, our write) must not leave it payable.
    let madeAtProvider: string | null = null;
    try {
      if (!profile?.cpf) throw profileIncomplete();
      const customerId = await this.gateway.ensureCustomer({
        name: profile.full_name,
        cpf: profile.cpf,
        email: actor.email,
        phone: profile.phone,
        postalCode: profile.cep,
        addressNumber: profile.address_number,
        externalReference: actor.id,
      });
      const now = this.clock.now();
      const dueDate = saoPauloDate(now, input.method === 'BOLETO' ? 3 : 0);
      charge = await this.gateway.createCharge({
        customerId,
        method: input.method,
        amount: providerAmountOf(payment),
        dueDate,
        description: target.description,
        externalReference: payment.id,
        ...(input.method === 'CREDIT_CARD' ? { installments: input.installments } : {}),
      });
      madeAtProvider = charge.providerId;
      const pix = input.method === 'PIX' ? await this.gateway.getPixQrCode(charge.providerId) : null;
      const providerDueDate = charge.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(charge.dueDate) ? charge.dueDate : dueDate;
      await this.uow.run(async (tx) => {
        await tx.payments.payments.update(payment.id, {
          provider_customer_id: customerId,
          provider_payment_id: charge.providerId,
          provider_status: charge.status,
          due_date: providerDueDate,
          invoice_url: charge.invoiceUrl,
          boleto_url: charge.boletoUrl,
          ...(pix ? { pix_payload: pix.payload, pix_image: pix.image, pix_expires_at: pix.expiresAt } : {}),
        });
        await this.purposes[input.purpose].charged?.(tx, payment, { dueDate: providerDueDate, previousMethod: existing?.method ?? null });
      });
    } catch (err) {
      await this.uow.run(async (tx) => {
        const reason = err instanceof Error ? err.message.slice(0, 500) : 'erro';
        if (madeAtProvider) {
          // The provider has the charge although we could not finish: cancelled there by the job; paid
          // anyway, the confirmation path applies or refunds it (it knows the charge by this id).
          if (await tx.payments.payments.moveIf(payment.id, ['pending'], 'cancelled', { provider_payment_id: madeAtProvider, failure_reason: reason })) {
            await returnPaymentCredit(tx, payment, 'a cobrança não pôde ser gerada');
            await requestChargeCancel(tx, { id: payment.id }, 'a cobrança não pôde ser concluída');
          }
        } else if (await tx.payments.payments.moveIf(payment.id, ['pending'], 'failed', { failure_reason: reason })) {
          await returnPaymentCredit(tx, payment, 'a cobrança não pôde ser gerada');
        }
      });
      throw err;
    }
    // A card may be captured at creation.
    if (charge.status === 'confirmed') await this.applyCharge(payment.id, charge);
    return toPaymentView((await repos.payments.payments.findById(payment.id))!);
  }

  /** Waits until a payment another request is creating has its provider charge (or ends), then answers it. */
  private async awaitCharge(paymentId: string): Promise<PaymentView> {
    const deadline = Date.now() + CONCURRENT_CHARGE_WAIT_MS;
    for (;;) {
      const p = await this.uow.repos.payments.payments.findById(paymentId);
      if (!p) throw notFound('payment_not_found', 'Pagamento não encontrado.');
      if (p.provider_payment_id || p.status !== 'pending' || Date.now() >= deadline) {
        if (p.status === 'failed') throw new DomainError('unavailable', 'payment_provider_unavailable', 'Não foi possível gerar a cobrança agora. Tente novamente em instantes.');
        return toPaymentView(p);
      }
      await this.sleep(150);
    }
  }

  /** GET /api/payments/:id/status: the owner's payment; a pending one is checked with the provider (same exactly-once path). */
  async status(actorId: string, paymentId: string) {
    const payment = await this.ownPayment(actorId, paymentId);
    if (payment.status === 'pending' && payment.provider_payment_id) {
      try {
        await this.applyCharge(payment.id, await this.gateway.getCharge(payment.provider_payment_id));
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

  private async ownPayment(actorId: string, paymentId: string) {
    const payment = isId(paymentId) ? await this.uow.repos.payments.payments.findById(paymentId) : null;
    if (!payment || payment.user_id !== actorId) throw notFound('payment_not_found', 'Pagamento não encontrado.');
    return payment;
  }

  /** For the sandbox's confirm route only. */
  async providerIdOf(paymentId: string) {
    return (await this.uow.repos.payments.payments.findById(paymentId))?.provider_payment_id ?? null;
  }

  async listForUser(actorId: string, page: number, perPage: number) {
    const { items, total } = await this.uow.repos.payments.payments.listForUser(actorId, (page - 1) * perPage, perPage);
    return { items: items.map(toPaymentView), total };
  }

  /**
   * POST /api/webhooks/asaas: authenticate, store the event first (its provider id is unique: a redelivery does
   * nothing), then apply the payment's status as re-read from the provider, so out-of-order events cannot regress it.
   */
  async receiveWebhook(headers: Record<string, string | string[] | undefined>, body: unknown) {
    // Never refused for its content: text PostgreSQL cannot store (NUL, lone surrogates) is kept escaped.
    const safeBody = escapeUnstorableText(body);
    const event = this.gateway.parseWebhook(headers, safeBody);
    const events = this.uow.repos.payments.events;
    const stored = await events.insertIfNew({
      provider: this.gateway.name,
      event_id: event.eventId,
      type: event.type,
      // A transfer event keeps the transfer's id here, so the reconcile job can apply it again if it failed.
      provider_payment_id: event.providerPaymentId ?? event.providerTransferId ?? null,
      payload: safeBody,
    });
    if (!stored) return { duplicate: true, outcome: 'duplicate' as const };
    try {
      const outcome = await this.processEvent(event.providerPaymentId ?? event.providerTransferId ?? null, event.externalReference, event.type);
      await events.markProcessed(stored, this.clock.now(), outcome);
      return { duplicate: false, outcome };
    } catch (err) {
      // Left unprocessed: the reconcile job tries again. The provider still gets its 200.
      await events.markProcessed(stored, this.clock.now(), 'error', err instanceof Error ? err.message : String(err)).catch(() => {});
      return { duplicate: false, outcome: 'error' as const };
    }
  }

  /** `providerPaymentId` is the provider's object id: a payment's, or a transfer's for TRANSFER_* events. */
  private async processEvent(providerPaymentId: string | null, externalReference: string | null, type: string): Promise<ApplyOutcome | string> {
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
    if (!type.startsWith('PAYMENT_')) return 'ignored_event';
    const payments = this.uow.repos.payments.payments;
    const payment =
      (providerPaymentId ? await payments.findByProviderId(providerPaymentId) : null) ??
      (externalReference && isId(externalReference) ? await payments.findById(externalReference) : null);
    if (!payment) return 'unknown_payment';
    const providerId = payment.provider_payment_id ?? providerPaymentId;
    if (!providerId) return 'unknown_payment';
    if (!payment.provider_payment_id) await this.uow.run((tx) => tx.payments.payments.update(payment.id, { provider_payment_id: providerId }));
    return this.applyCharge(payment.id, await this.gateway.getCharge(providerId));
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
      const reopened = await tx.payments.payments.moveIf(p.id, ['refunded'], 'refund_pending', {
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

  /** Applies the provider's view of a charge; the only path from "pending" to "confirmed". */
  async applyCharge(paymentId: string, charge: ProviderCharge): Promise<ApplyOutcome> {
    switch (charge.status) {
      case 'confirmed':
        return this.confirm(paymentId, charge);
      case 'cancelled': {
        const moved = await this.uow.run(async (tx) => {
          const ok = await tx.payments.payments.moveIf(paymentId, ['pending'], 'cancelled', { provider_status: charge.status });
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
          const ok = await tx.payments.payments.moveIf(paymentId, ['confirmed', 'refund_pending'], 'refunded', { refunded_amount: refunded, refunded_at: this.clock.now(), provider_status: charge.status, ...reason });
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
    return this.uow.run((tx) => this.confirmIn(tx, paymentId, charge));
  }

  /**
   * The one confirmation path, in the caller's transaction: a provider's charge, or a payment the wallet covered
   * entirely (`amount: 0`, no provider id). The provider must have paid exactly the part it charged.
   */
  private async confirmIn(tx: Tx<PaymentServiceScope & H>, paymentId: string, charge: Pick<ProviderCharge, 'amount' | 'status'> & { providerId: string | null }): Promise<ApplyOutcome> {
    const payments = tx.payments.payments;
    const p = await payments.lock(paymentId);
    if (!p) return 'unknown_payment';
    if (p.status !== 'pending' && p.status !== 'cancelled' && p.status !== 'failed') return 'already_applied';
    const now = this.clock.now();
    if (!amountMatches(providerAmountOf(p), charge.amount)) {
      await payments.moveIf(p.id, ['pending', 'cancelled', 'failed'], 'amount_mismatch', { provider_status: charge.status, failure_reason: `esperado ${providerAmountOf(p)}, pago ${charge.amount}` });
      await tx.audit.append({ action: 'payment.amount_mismatch', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { expected: providerAmountOf(p), paid: charge.amount, provider_payment_id: charge.providerId } });
      return 'amount_mismatch';
    }
    await payments.moveIf(p.id, ['pending', 'cancelled', 'failed'], 'confirmed', { confirmed_at: now, provider_status: charge.status });
    await tx.audit.append({ action: 'payment.confirmed', actor_user_id: p.user_id, actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { purpose: p.purpose, amount: p.amount, wallet_amount: p.wallet_amount } });
    // A dropped charge paid anyway whose credit went back already: only part of the price is here, so it is refunded.
    const creditReturned = p.wallet_amount > 0 && p.status !== 'pending' && (await tx.wallet.findByRef(walletReturnRef(p.id))) !== null;
    const settled = creditReturned ? ({ outcome: 'refund_needed', reason: 'crédito da carteira já devolvido' } as const) : await this.purposes[p.purpose].settle(tx, { ...p, status: 'confirmed', confirmed_at: now });
    if (settled.outcome === 'applied') return 'applied';
    await requestRefund(tx, p, settled.reason);
    return 'refund_needed';
  }

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
      if (!(await tx.payments.payments.moveIf(p.id, ['refund_pending'], 'refunded', { refunded_amount: p.amount, refunded_at: this.clock.now() }))) return;
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
      if (user) await tx.jobs.enqueue('mail.send', refundIssuedEmail({ to: user.email, name: profile?.full_name ?? '', amount: p.amount, ...(via ? { via } : {}) }));
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
        const ok = await tx.payments.payments.moveIf(p.id, ['pending', 'cancelled'], 'cancelled', { provider_status: 'cancelled', failure_reason: reason.slice(0, 500) });
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
      await this.applyCharge(p.id, before);
      return 'paid';
    }
    try {
      await this.gateway.cancelCharge(providerId);
    } catch (err) {
      // Paid between the read and the delete: the provider refuses; the confirmation path takes it (and refunds).
      if (err instanceof DomainError && err.kind === 'invalid') {
        const after = await this.gateway.getCharge(providerId);
        if (after.status === 'confirmed') {
          await this.applyCharge(p.id, after);
          return 'paid';
        }
      }
      throw err;
    }
    return done();
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

  /** Job / CLI: asks the provider about every pending payment and unprocessed event, and applies what it reports. */
  async reconcile(options: { since?: Date; limit?: number } = {}) {
    const rows: Array<{ payment_id: string; provider_payment_id: string | null; provider_status: string; action: ApplyOutcome | 'error' }> = [];
    const repos = this.uow.repos.payments;
    const pending = await repos.payments.listByStatus('pending', { withProvider: true, limit: options.limit ?? 500, ...(options.since ? { since: options.since } : {}) });
    for (const p of pending) {
      try {
        const charge = await this.gateway.getCharge(p.provider_payment_id!);
        rows.push({ payment_id: p.id, provider_payment_id: p.provider_payment_id, provider_status: charge.status, action: await this.applyCharge(p.id, charge) });
      } catch (err) {
        rows.push({ payment_id: p.id, provider_payment_id: p.provider_payment_id, provider_status: err instanceof Error ? err.message : 'erro', action: 'error' });
      }
    }
    for (const e of await repos.events.listUnprocessed(100)) {
      try {
        const outcome = await this.processEvent(e.provider_payment_id, null, e.type);
        await repos.events.markProcessed(e.id, this.clock.now(), outcome);
      } catch {
        /* next run */
      }
    }
    const refunds = await this.processRefunds();
    return { rows, refunds };
  }
}
