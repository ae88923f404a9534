// What every payments use case shares: the purposes' handler contract, the scopes payments reaches, and the
// dependencies (unit of work, provider, clock, purposes) handed to each of its use cases.
import type { Clock } from '../shared/clock';
import { notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import type { PaymentGateway } from '../ports/payments';
import type { PaymentObserver, PaymentPurpose, PaymentRecord } from './ports';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { PaymentsScope } from './ports';
import type { IdentityScope } from '../identity/ports';
import type { WalletScope } from '../wallet/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';

/** The tables payments read and write; they reach identity (the payer's e-mail), the wallet (credit spent) and notifications. */
export type PaymentServiceScope = PaymentsScope & IdentityScope & WalletScope & NotificationsScope & AuditScope;

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
 * What applies the provider's INVOICE_* events (service invoices are a module of their own). Called once per stored
 * event id; it re-reads the invoice from the provider.
 */
export interface InvoiceEventHandler {
  applyInvoiceEvent(event: { providerInvoiceId: string | null; externalReference: string | null }): Promise<string>;
}

/** What a payments use case is built from (the PaymentService's constructor arguments, by name). */
export interface PaymentDeps<H extends object> {
  uow: UnitOfWork<PaymentServiceScope & H>;
  gateway: PaymentGateway;
  clock: Clock;
  purposes: PaymentPurposes<H>;
  sleep: (ms: number) => Promise<void>;
  transfers: TransferEventHandler | null;
  observer: PaymentObserver | null;
  invoices?: InvoiceEventHandler | null;
}

export abstract class PaymentUseCase<H extends object> {
  protected readonly uow: UnitOfWork<PaymentServiceScope & H>;
  protected readonly gateway: PaymentGateway;
  protected readonly clock: Clock;
  protected readonly purposes: PaymentPurposes<H>;
  protected readonly sleep: (ms: number) => Promise<void>;
  protected readonly transfers: TransferEventHandler | null;
  protected readonly observer: PaymentObserver | null;
  protected readonly invoices: InvoiceEventHandler | null;

  constructor(deps: PaymentDeps<H>) {
    this.uow = deps.uow;
    this.gateway = deps.gateway;
    this.clock = deps.clock;
    this.purposes = deps.purposes;
    this.sleep = deps.sleep;
    this.transfers = deps.transfers;
    this.observer = deps.observer;
    this.invoices = deps.invoices ?? null;
  }

  /** The caller's own payment, or 404 (someone else's looks like none). */
  protected async ownPayment(actorId: string, paymentId: string) {
    const payment = isId(paymentId) ? await this.uow.repos.payments.payments.findById(paymentId) : null;
    if (!payment || payment.user_id !== actorId) throw notFound('payment_not_found', 'Pagamento não encontrado.');
    return payment;
  }
}
