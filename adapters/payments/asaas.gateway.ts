// The PaymentGateway port over Asaas API v3 (docs/integrations.md#asaas, docs/integrations.md#edge-cases-every-client-handles): reais ↔ centavos at the edge, deadlines,
// retries only where they are safe, reconciliation by externalReference after an unknown outcome, pt-BR errors.
import { createHash, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';
import type {
  CreateChargeInput,
  PaymentCustomer,
  PaymentGateway,
  PaymentMethod,
  PaymentWebhookEvent,
  PixQrCode,
  ProviderCharge,
  ProviderPaymentStatus,
  CreateTransferInput,
  ProviderTransfer,
  ProviderTransferStatus,
} from '../../core/ports/payments';
import { DomainError } from '../../core/shared/errors';
import { centsToReais, reaisToCents, type Cents } from '../../core/shared/money';
import type { Logger } from '../logger';
import { exponentialBackoff, realSleep, withRetry } from '../http-client/retry';

export const ASAAS_TIMEOUT_MS = 15_000;
/** docs/integrations.md: a card is captured at creation; a shorter deadline risks a capture we never hear about. */
export const ASAAS_CARD_TIMEOUT_MS = 60_000;
/** Longest RateLimit-Reset we wait for inside a request; beyond it the caller gets a 503 and tries later. */
export const ASAAS_MAX_RATE_LIMIT_WAIT_MS = 30_000;

export interface AsaasGatewayOptions {
  /** ASAAS_BASE_URL including /v3, e.g. https://api-sandbox.asaas.com/v3. */
  baseUrl: string;
  apiKey: string;
  /** The authToken configured on the Asaas webhook; arrives in `asaas-access-token`. */
  webhookToken: string;
  userAgent: string;
  /** Per attempt, every call but card charges. Default 15 s. */
  timeoutMs?: number;
  /** POST /payments with billingType CREDIT_CARD. Default 60 s. */
  cardTimeoutMs?: number;
  /** Extra attempts for an idempotent GET after a network error or a 5xx (default 2, i.e. 3 tries). */
  maxRetries?: number;
  /** Backoff base: attempt n waits base·2^(n−1) plus up to base of jitter. Default 300 ms. */
  retryBaseMs?: number;
  /** Default 30 s. */
  maxRateLimitWaitMs?: number;
  logger?: Logger;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type Outcome =
  | { kind: 'response'; status: number; body: unknown; headers: Headers }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

export type Json = Record<string, unknown>;

export interface RequestOptions {
  query?: Record<string, string>;
  body?: Json;
  timeoutMs?: number;
}

/** What the failure is about, for the pt-BR message and the error code. */
interface FailureContext {
  operation: string;
  card?: boolean;
}

const MESSAGES = {
  unavailable: 'O provedor de pagamentos não respondeu. Tente novamente em instantes.',
  misconfigured: 'Pagamentos indisponíveis no momento. Tente novamente mais tarde.',
  rateLimited: 'O provedor de pagamentos está sobrecarregado. Tente novamente em instantes.',
  notFound: 'Cobrança não encontrada no provedor de pagamentos.',
  invalid: 'O provedor de pagamentos recusou a operação. Confira os dados e tente novamente.',
  cardRefused: 'Pagamento com cartão recusado. Confira os dados do cartão ou use outro meio de pagamento.',
  badWebhookToken: 'Token do webhook inválido.',
  badWebhookBody: 'Notificação de pagamento inválida.',
  pixUnavailable: 'O QR Code PIX desta cobrança ainda não está disponível. Tente novamente em instantes.',
} as const;

const unavailable = (code = 'payment_provider_unavailable', message: string = MESSAGES.unavailable, details?: Record<string, unknown>) =>
  new DomainError('unavailable', code, message, details ? { details } : {});

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/**
 * Asaas `payment.status` → ours (the port's table). CHARGEBACK_* and AWAITING_CHARGEBACK_REVERSAL are chargebacks;
 * anything else (DUNNING_*, statuses added later) is `pending`: never "paid" by accident (docs/integrations.md#edge-cases-every-client-handles).
 */
export function mapAsaasStatus(status: unknown, deleted = false): ProviderPaymentStatus {
  if (deleted) return 'cancelled';
  switch (status) {
    case 'RECEIVED':
    case 'CONFIRMED':
    case 'RECEIVED_IN_CASH':
      return 'confirmed';
    case 'OVERDUE':
      return 'overdue';
    case 'REFUND_REQUESTED':
    case 'REFUND_IN_PROGRESS':
      return 'refunding';
    case 'REFUNDED':
      return 'refunded';
    case 'AWAITING_CHARGEBACK_REVERSAL':
      return 'chargeback';
    default:
      return typeof status === 'string' && status.startsWith('CHARGEBACK_') ? 'chargeback' : 'pending';
  }
}

const METHODS: ReadonlySet<string> = new Set<PaymentMethod>(['PIX', 'BOLETO', 'CREDIT_CARD']);

/**
 * Asaas `transfer.status` → ours (docs/integrations.md#asaas Transfers; the set is open): DONE → done, FAILED → failed,
 * CANCELLED → cancelled; PENDING, BANK_PROCESSING, BLOCKED and anything new → pending (never "paid" by accident).
 */
export function mapAsaasTransferStatus(status: unknown): ProviderTransferStatus {
  switch (status) {
    case 'DONE':
      return 'done';
    case 'FAILED':
      return 'failed';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return 'pending';
  }
}

/** An Asaas transfer object → ours (reais → centavos). Null when it is not a transfer. */
export function toProviderTransfer(t: unknown): ProviderTransfer | null {
  if (!isObject(t) || !str(t.id)) return null;
  return {
    id: str(t.id)!,
    status: mapAsaasTransferStatus(t.status),
    ...(typeof t.value === 'number' ? { value: reaisToCents(t.value) } : {}),
    externalReference: str(t.externalReference),
    failReason: str(t.failReason),
    receiptUrl: str(t.transactionReceiptUrl),
  };
}

/**
 * Refunds that count: DONE and PENDING (requested, not cancelled). Counting PENDING means money already on its way
 * back is never refunded a second time while Asaas processes it; `status` (refunding → refunded) says when it settled.
 */
export function sumAsaasRefunds(refunds: unknown): Cents {
  if (!Array.isArray(refunds)) return 0;
  let total = 0;
  for (const r of refunds) {
    if (isObject(r) && (r.status === 'DONE' || r.status === 'PENDING') && typeof r.value === 'number') total += reaisToCents(r.value);
  }
  return total;
}

/**
 * "YYYY-MM-DD HH:mm:ss" (Asaas's format for expirationDate and dateCreated) read as São Paulo time: UTC−03:00, Brazil
 * has had no daylight saving since 2019. A bare date means the end of that day there; an ISO string with a zone
 * is taken as is. Returns null for anything else.
 */
export function parseSaoPauloDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(value.trim());
  let date: Date;
  if (m) date = new Date(m[2] ? `${m[1]}T${m[2]}:${m[3] ?? '00'}-03:00` : `${m[1]}T23:59:59-03:00`);
  else if (/(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) date = new Date(value.trim());
  else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date as Asaas writes it: "YYYY-MM-DD HH:mm:ss" in São Paulo time. */
export function formatSaoPauloDateTime(date: Date): string {
  return new Date(date.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Constant-time: both sides are hashed first, so their lengths always match and the length leaks nothing. */
export function webhookTokenMatches(expected: string, given: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * An Asaas webhook (`asaas-access-token` header; body `{ id, event, dateCreated, payment: {…} }`) → our event.
 * Unknown events and fields are accepted (docs/integrations.md: a 4xx on them would pause the whole queue); events
 * that are not about a payment (transfers, …) have a null payment id.
 */
export function parseAsaasWebhook(
  expectedToken: string,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): PaymentWebhookEvent {
  if (!webhookTokenMatches(expectedToken, headerValue(headers, 'asaas-access-token'))) {
    throw new DomainError('unauthenticated', 'invalid_webhook_token', MESSAGES.badWebhookToken);
  }
  let parsed = body;
  if (typeof parsed === 'string' || parsed instanceof Uint8Array) {
    try {
      parsed = JSON.parse(typeof parsed === 'string' ? parsed : Buffer.from(parsed).toString('utf8'));
    } catch {
      parsed = undefined;
    }
  }
  if (!isObject(parsed) || !str(parsed.id) || !str(parsed.event)) {
    throw new DomainError('invalid', 'invalid_webhook', MESSAGES.badWebhookBody);
  }
  const payment = isObject(parsed.payment) ? parsed.payment : null;
  // Transfer events carry `transfer: {…}` instead (same endpoint, same token); INVOICE_* events `invoice: {…}`.
  const transfer = !payment && isObject(parsed.transfer) ? parsed.transfer : null;
  const invoice = !payment && !transfer && isObject(parsed.invoice) ? parsed.invoice : null;
  return {
    eventId: str(parsed.id)!,
    type: str(parsed.event)!,
    providerPaymentId: payment ? str(payment.id) : null,
    externalReference: payment ? str(payment.externalReference) : transfer ? str(transfer.externalReference) : invoice ? str(invoice.externalReference) : null,
    createdAt: parseSaoPauloDateTime(parsed.dateCreated),
    ...(transfer ? { providerTransferId: str(transfer.id) } : {}),
    ...(invoice ? { providerInvoiceId: str(invoice.id) } : {}),
  };
}

/** Renders a copia-e-cola as a PNG data: URL (used when Asaas sends no image, and by the sandbox). */
export function renderPixQr(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

export class AsaasPaymentGateway implements PaymentGateway {
  readonly name = 'asaas' as const;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly cardTimeoutMs: number;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly maxRateLimitWaitMs: number;
  private readonly doFetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: AsaasGatewayOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? ASAAS_TIMEOUT_MS;
    this.cardTimeoutMs = Math.max(options.cardTimeoutMs ?? ASAAS_CARD_TIMEOUT_MS, this.timeoutMs);
    this.maxRetries = Math.max(0, options.maxRetries ?? 2);
    this.retryBaseMs = options.retryBaseMs ?? 300;
    this.maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? ASAAS_MAX_RATE_LIMIT_WAIT_MS;
    this.doFetch = options.fetch ?? fetch;
    this.sleep = options.sleep ?? realSleep;
  }

  // ── the port ────────────────────────────────────────────────────────────────────────────────────────────────

  async ensureCustomer(customer: PaymentCustomer): Promise<string> {
    const cpf = digits(customer.cpf);
    const ctx = { operation: 'customer' };
    // Asaas allows duplicates: always look first (docs/integrations.md#asaas Customers).
    const existing = await this.findCustomerByCpf(cpf, ctx);
    if (existing) return existing;
    const body: Json = {
      name: customer.name,
      cpfCnpj: cpf,
      email: customer.email,
      // The sandbox sends real e-mail and SMS; our own e-mails tell the customer what they need.
      notificationDisabled: true,
      externalReference: customer.externalReference,
    };
    if (customer.phone) body.mobilePhone = digits(customer.phone);
    if (customer.postalCode) body.postalCode = digits(customer.postalCode);
    if (customer.addressNumber) body.addressNumber = customer.addressNumber;
    for (let post = 1; ; post++) {
      const outcome = await this.request('POST', '/customers', { body });
      if (isOk(outcome)) return this.requireId(outcome.body, 'cliente');
      if (!isUnknownOutcome(outcome) || post === 2) throw this.fail(outcome, ctx);
      // The customer may exist now: look before a second (and last) POST.
      this.logUnknownOutcome('POST /customers', outcome);
      const found = await this.findCustomerByCpf(cpf, ctx);
      if (found) return found;
    }
  }

  /**
   * Looks the charge up by externalReference first (a caller retrying after an earlier failure gets the charge
   * that may have been made then), POSTs, and after a timeout, network error or 5xx looks again before the one
   * further POST it allows: a charge, and above all a card capture, is never made twice.
   */
  async createCharge(input: CreateChargeInput): Promise<ProviderCharge> {
    const card = input.method === 'CREDIT_CARD';
    const ctx = { operation: 'charge', card };
    const existing = await this.findChargeByReference(input.externalReference, ctx);
    if (existing) return existing;
    const body: Json = {
      customer: input.customerId,
      billingType: input.method,
      dueDate: input.dueDate,
      description: input.description,
      externalReference: input.externalReference,
    };
    const installments = card ? (input.installments ?? 1) : 1;
    if (installments > 1) {
      // totalValue (not installmentValue) lets Asaas split the centavos: R$ 100,00 in 3 stays R$ 100,00.
      body.installmentCount = installments;
      body.totalValue = centsToReais(input.amount);
    } else {
      body.value = centsToReais(input.amount);
    }
    const timeoutMs = card ? this.cardTimeoutMs : this.timeoutMs;
    for (let post = 1; ; post++) {
      const outcome = await this.request('POST', '/payments', { body, timeoutMs });
      if (isOk(outcome)) return this.toCharge(this.requirePayment(outcome.body), ctx);
      if (!isUnknownOutcome(outcome)) throw this.fail(outcome, ctx);
      this.logUnknownOutcome('POST /payments', outcome, { external_reference: input.externalReference });
      const found = await this.findChargeByReference(input.externalReference, ctx);
      if (found) return found;
      if (post === 2) throw this.fail(outcome, ctx);
    }
  }

  async getPixQrCode(providerPaymentId: string): Promise<PixQrCode> {
    const ctx = { operation: 'pix' };
    const outcome = await this.request('GET', `/payments/${encodeURIComponent(providerPaymentId)}/pixQrCode`);
    if (!isOk(outcome)) throw this.fail(outcome, ctx);
    const body = isObject(outcome.body) ? outcome.body : {};
    const payload = str(body.payload);
    if (!payload) throw unavailable('pix_qr_unavailable', MESSAGES.pixUnavailable);
    const encoded = str(body.encodedImage)?.replace(/\s/g, '');
    // PNG is what the port promises; anything else (or nothing, as seen in sandbox) is rendered from the payload.
    const image = encoded?.startsWith('iVBORw0KGgo') ? `data:image/png;base64,${encoded}` : await renderPixQr(payload);
    // Without a parsable expiry, assume the shortest Asaas documents (a QR without a Pix key: until 23:59 today).
    const expiresAt = parseSaoPauloDateTime(body.expirationDate) ?? endOfTodayInSaoPaulo();
    return { payload, image, expiresAt };
  }

  async getCharge(providerPaymentId: string): Promise<ProviderCharge> {
    const ctx = { operation: 'charge' };
    return this.toCharge(await this.getPayment(providerPaymentId, ctx), ctx);
  }

  /**
   * DELETE /payments/{id}: removes a charge still unpaid (answer `{deleted: true, id}`), so its PIX QR code and boleto
   * stop taking money. Safe to repeat: a charge already deleted (404, or `deleted: true` on a re-read) counts as
   * done. A charge that was paid meanwhile is refused by Asaas (400): the caller re-reads it and refunds it.
   */
  async cancelCharge(providerPaymentId: string): Promise<void> {
    const ctx = { operation: 'cancel' };
    const outcome = await this.request('DELETE', `/payments/${encodeURIComponent(providerPaymentId)}`);
    if (isOk(outcome)) return;
    if (isNotFound(outcome)) return;
    if (isUnknownOutcome(outcome)) {
      // The delete may have happened: a re-read says so (a deleted payment is still readable with `deleted: true`).
      this.logUnknownOutcome('DELETE /payments/{id}', outcome, { payment_id: providerPaymentId });
      const again = await this.request('GET', `/payments/${encodeURIComponent(providerPaymentId)}`);
      if (isNotFound(again)) return;
      if (isOk(again) && isObject(again.body) && again.body.deleted === true) return;
    }
    throw this.fail(outcome, ctx);
  }

  /**
   * Full refund without amount. A refund POST whose outcome is unknown is never repeated: the charge is read
   * again and returned if a new refund shows up on it, else the caller gets a 503 and reconciles later.
   */
  async refund(providerPaymentId: string, amount?: Cents, description?: string): Promise<ProviderCharge> {
    const ctx = { operation: 'refund' };
    const before = await this.getPayment(providerPaymentId, ctx);
    const installment = str(before.installment);
    const body: Json = {};
    let path = `/payments/${encodeURIComponent(providerPaymentId)}/refund`;
    if (installment) {
      // A card paid in instalments is refunded whole, through its instalment plan.
      const plan = await this.getInstallment(installment, ctx);
      if (amount !== undefined && amount !== reaisToCents(Number(plan.value)) - sumAsaasRefunds(plan.refunds)) {
        throw new DomainError('invalid', 'payment_invalid', 'Compras parceladas no cartão só podem ser estornadas por inteiro.');
      }
      path = `/installments/${encodeURIComponent(installment)}/refund`;
    } else if (amount !== undefined) {
      body.value = centsToReais(amount);
    }
    if (description) body.description = description;
    const outcome = await this.request('POST', path, { body });
    if (isOk(outcome)) {
      // The answer is the payment (or the instalment plan): re-read the payment so the shape is always ours.
      if (!installment && isObject(outcome.body) && outcome.body.object === 'payment') return this.toCharge(outcome.body, ctx);
      return this.getCharge(providerPaymentId);
    }
    if (!isUnknownOutcome(outcome)) throw this.fail(outcome, ctx);
    this.logUnknownOutcome(`POST ${installment ? '/installments' : '/payments'}/{id}/refund`, outcome, { payment_id: providerPaymentId });
    const after = await this.getPayment(providerPaymentId, ctx);
    const grew = refundCount(after) > refundCount(before) || (after.status !== before.status && mapAsaasStatus(after.status) !== mapAsaasStatus(before.status));
    if (grew) return this.toCharge(after, ctx);
    throw this.fail(outcome, ctx);
  }

  /**
   * POST /transfers to a PIX key. Looks the transfer up by externalReference (our payout id) first, and after a
   * timeout, network error or 5xx looks again instead of sending: a payout's PIX is never sent twice. When the
   * outcome stays unknown the caller gets a 503 and its job retries later (looking up first again).
   */
  async createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
    const ctx = { operation: 'transfer' };
    const existing = await this.findTransferByReference(input.externalReference, ctx);
    if (existing) return existing;
    const body: Json = {
      value: centsToReais(input.value),
      pixAddressKey: input.pixKey,
      pixAddressKeyType: input.pixKeyType,
      description: input.description,
      externalReference: input.externalReference,
    };
    const outcome = await this.request('POST', '/transfers', { body });
    if (isOk(outcome)) {
      const transfer = toProviderTransfer(outcome.body);
      if (!transfer) throw this.unexpected('transfer');
      return transfer;
    }
    if (!isUnknownOutcome(outcome)) throw this.fail(outcome, ctx);
    this.logUnknownOutcome('POST /transfers', outcome, { external_reference: input.externalReference });
    const found = await this.findTransferByReference(input.externalReference, ctx);
    if (found) return found;
    throw this.fail(outcome, ctx);
  }

  async getTransfer(providerTransferId: string): Promise<ProviderTransfer> {
    const ctx = { operation: 'transfer' };
    const outcome = await this.request('GET', `/transfers/${encodeURIComponent(providerTransferId)}`);
    if (!isOk(outcome)) throw this.fail(outcome, ctx);
    const transfer = toProviderTransfer(outcome.body);
    if (!transfer) throw this.unexpected('transfer');
    return transfer;
  }

  parseWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): PaymentWebhookEvent {
    return parseAsaasWebhook(this.options.webhookToken, headers, body);
  }

  // ── lookups ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async findCustomerByCpf(cpf: string, ctx: FailureContext): Promise<string | null> {
    const outcome = await this.request('GET', '/customers', { query: { cpfCnpj: cpf, limit: '10' } });
    if (!isOk(outcome)) throw this.fail(outcome, ctx);
    const match = listData(outcome.body).find((c) => c.deleted !== true && digits(str(c.cpfCnpj)) === cpf);
    return match ? str(match.id) : null;
  }

  /** The transfer made for this externalReference (our payout id), if any; cancelled ones don't count. */
  private async findTransferByReference(externalReference: string, ctx: FailureContext): Promise<ProviderTransfer | null> {
    const outcome = await this.request('GET', '/transfers', { query: { externalReference, limit: '100' } });
    if (!isOk(outcome)) throw this.fail(outcome, ctx);
    // Filtered here too: the list filter by externalReference is not documented for transfers.
    const match = listData(outcome.body).find((t) => t.externalReference === externalReference && t.status !== 'CANCELLED' && str(t.id));
    return match ? toProviderTransfer(match) : null;
  }

  /** The live (not deleted) charge with this externalReference; for an instalment plan, its first instalment. */
  private async findChargeByReference(externalReference: string, ctx: FailureContext): Promise<ProviderCharge | null> {
    const outcome = await this.request('GET', '/payments', { query: { externalReference, limit: '100' } });
    if (!isOk(outcome)) throw this.fail(outcome, ctx);
    const live = listData(outcome.body)
      .filter((p) => p.externalReference === externalReference && p.deleted !== true && str(p.id))
      .sort((a, b) => Number(a.installmentNumber ?? 0) - Number(b.installmentNumber ?? 0));
    return live[0] ? this.toCharge(live[0], ctx) : null;
  }

  private async getPayment(id: string, ctx: FailureContext): Promise<Json> {
    const outcome = await this.request('GET', `/payments/${encodeURIComponent(id)}`);
    if (!isOk(outcome)) throw this.fail(outcome, ctx);
    return this.requirePayment(outcome.body);
  }

  private async getInstallment(id: string, ctx: FailureContext): Promise<Json> {
    const outcome = await this.request('GET', `/installments/${encodeURIComponent(id)}`);
    if (!isOk(outcome)) throw this.fail(outcome, ctx);
    if (!isObject(outcome.body) || typeof outcome.body.value !== 'number') throw this.unexpected('installment');
    return outcome.body;
  }

  /** Amounts are the whole purchase: an instalment's payment reports its plan's total (one extra GET). */
  private async toCharge(p: Json, ctx: FailureContext): Promise<ProviderCharge> {
    const status = mapAsaasStatus(p.status, p.deleted === true);
    if (status === 'pending' && p.status !== 'PENDING' && p.status !== 'AWAITING_RISK_ANALYSIS') {
      this.options.logger?.warn({ service: 'asaas', asaas_status: p.status, payment_id: p.id }, 'asaas: status desconhecido tratado como pendente');
    }
    let amount = reaisToCents(p.value as number);
    let refundedAmount = sumAsaasRefunds(p.refunds);
    const installment = str(p.installment);
    if (installment) {
      const plan = await this.getInstallment(installment, ctx);
      amount = reaisToCents(plan.value as number);
      refundedAmount = Math.max(refundedAmount, sumAsaasRefunds(plan.refunds));
    }
    // A REFUNDED charge whose refunds list was left out still gave everything back.
    if (status === 'refunded' && refundedAmount === 0) refundedAmount = amount;
    const billingType = str(p.billingType);
    return {
      providerId: str(p.id)!,
      status,
      amount,
      externalReference: str(p.externalReference),
      method: billingType && METHODS.has(billingType) ? (billingType as PaymentMethod) : null,
      invoiceUrl: str(p.invoiceUrl),
      boletoUrl: str(p.bankSlipUrl),
      refundedAmount: Math.min(refundedAmount, amount),
      dueDate: str(p.dueDate),
    };
  }

  private requirePayment(body: unknown): Json {
    if (!isObject(body) || !str(body.id) || typeof body.value !== 'number') throw this.unexpected('payment');
    return body;
  }

  private requireId(body: unknown, what: string): string {
    const id = isObject(body) ? str(body.id) : null;
    if (!id) throw this.unexpected(what);
    return id;
  }

  private unexpected(what: string): DomainError {
    this.options.logger?.error({ service: 'asaas', what }, 'asaas: resposta inesperada');
    return unavailable();
  }

  // ── HTTP ────────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * One call with its deadline. GETs and DELETEs are retried with exponential backoff and jitter after a network error or a
   * 5xx (not after a timeout: that already spent the budget); POSTs never are. A 429 is waited out once
   * (RateLimit-Reset seconds, capped) for any method: Asaas did not process the request.
   */
  // Not private: the service-invoice client (asaas-invoices.ts) shares the deadlines, retries and rate-limit waits.
  async request(method: 'GET' | 'POST' | 'DELETE', path: string, options: RequestOptions = {}): Promise<Outcome> {
    return withRetry(() => this.send(method, path, options), {
      // DELETE is idempotent (a second one finds the charge gone: 404, which counts as done).
      retries: method === 'POST' ? 0 : this.maxRetries,
      shouldRetry: (outcome) => outcome.kind === 'network' || (outcome.kind === 'response' && outcome.status >= 500),
      delayMs: exponentialBackoff(this.retryBaseMs),
      serverWait: {
        waitMs: (outcome) => (outcome.kind === 'response' && outcome.status === 429 ? rateLimitResetMs(outcome.headers) : null),
        maxWaitMs: this.maxRateLimitWaitMs,
        onWait: (waitMs) => this.options.logger?.warn({ service: 'asaas', path: method + ' ' + routeOf(path), wait_ms: waitMs }, 'asaas: limite de requisições, aguardando RateLimit-Reset'),
      },
      sleep: this.sleep,
    });
  }

  private async send(method: 'GET' | 'POST' | 'DELETE', path: string, options: RequestOptions): Promise<Outcome> {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    try {
      const res = await this.doFetch(`${this.baseUrl}${path}${query}`, {
        method,
        headers: {
          access_token: this.options.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': this.options.userAgent,
        },
        // A GET with a body is refused by Asaas's CloudFront (403).
        ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs),
      });
      // Read under the same signal: a server that stalls mid-body times out too.
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      return { kind: 'response', status: res.status, body, headers: res.headers };
    } catch (err) {
      const name = (err as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
      const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
      return { kind: 'network', message: cause?.code ?? cause?.message ?? (err as Error)?.message ?? 'erro de rede' };
    }
  }

  private logUnknownOutcome(call: string, outcome: Outcome, extra: Record<string, unknown> = {}) {
    this.options.logger?.warn({ service: 'asaas', call, outcome: describe(outcome), ...extra }, 'asaas: resultado desconhecido; conferindo antes de repetir');
  }

  /** Any answer that is not a success → the DomainError the user sees (pt-BR), logged as it deserves. */
  private fail(outcome: Outcome, ctx: FailureContext): DomainError {
    const log = this.options.logger;
    if (outcome.kind !== 'response') {
      log?.warn({ service: 'asaas', operation: ctx.operation, outcome: describe(outcome) }, 'asaas: sem resposta');
      return unavailable();
    }
    const { status } = outcome;
    const first = firstError(outcome.body);
    if (status === 400) {
      return new DomainError('invalid', ctx.card ? 'payment_refused' : 'payment_invalid', first?.description ?? (ctx.card ? MESSAGES.cardRefused : MESSAGES.invalid), {
        details: first?.code ? { provider_code: first.code } : {},
      });
    }
    if (status === 401 || status === 403) {
      // A key or allowlist problem: nothing the user can fix. Loud, and never the key itself.
      log?.error(
        { service: 'asaas', operation: ctx.operation, status, asaas_code: first?.code, asaas_description: first?.description },
        'asaas: chave de API recusada ou IP não autorizado — confira ASAAS_API_KEY/ASAAS_BASE_URL (ambientes não se misturam)',
      );
      return unavailable('payment_provider_misconfigured', MESSAGES.misconfigured);
    }
    if (status === 404) return new DomainError('not_found', 'payment_not_found', MESSAGES.notFound);
    if (status === 429) {
      const seconds = Math.ceil(rateLimitResetMs(outcome.headers) / 1000);
      log?.warn({ service: 'asaas', operation: ctx.operation, retry_after_seconds: seconds }, 'asaas: limite de requisições');
      return unavailable('payment_provider_rate_limited', MESSAGES.rateLimited, { retry_after_seconds: seconds });
    }
    log?.[status >= 500 ? 'warn' : 'error']({ service: 'asaas', operation: ctx.operation, status, asaas_code: first?.code }, `asaas: HTTP ${status}`);
    return unavailable();
  }
}

export function isOk(outcome: Outcome): outcome is Extract<Outcome, { kind: 'response' }> {
  return outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300;
}

const isNotFound = (outcome: Outcome) => outcome.kind === 'response' && outcome.status === 404;

/** The request may or may not have been carried out: look before doing it again. */
export function isUnknownOutcome(outcome: Outcome): boolean {
  return outcome.kind !== 'response' || outcome.status >= 500;
}

export function describe(outcome: Outcome): string {
  if (outcome.kind === 'timeout') return 'tempo esgotado';
  if (outcome.kind === 'network') return `erro de rede (${outcome.message})`;
  return `HTTP ${outcome.status}`;
}

export function firstError(body: unknown): { code: string | null; description: string | null } | null {
  if (!isObject(body) || !Array.isArray(body.errors) || !isObject(body.errors[0])) return null;
  return { code: str(body.errors[0].code), description: str(body.errors[0].description)?.trim() ?? null };
}

export function listData(body: unknown): Json[] {
  return isObject(body) && Array.isArray(body.data) ? body.data.filter(isObject) : [];
}

function refundCount(p: Json): number {
  return Array.isArray(p.refunds) ? p.refunds.length : 0;
}

/** RateLimit-Reset is seconds until the window resets; a missing or odd value means 1 s. */
function rateLimitResetMs(headers: Headers): number {
  const seconds = Number(headers.get('ratelimit-reset'));
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : 1000;
}

/** Paths in logs without ids. */
function routeOf(path: string): string {
  return path.replace(/\/(pay|cus)_[^/]+/g, '/{id}').replace(/\/installments\/[^/]+/, '/installments/{id}').replace(/\/transfers\/[^/]+/, '/transfers/{id}');
}

function endOfTodayInSaoPaulo(now = new Date()): Date {
  const today = formatSaoPauloDateTime(now).slice(0, 10);
  return new Date(`${today}T23:59:59-03:00`);
}
