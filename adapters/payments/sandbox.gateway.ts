// The embedded sandbox payment provider (docs/product/payments.md), the default: charges in its own tables, a valid PIX BR Code
// (pix-utils) with its QR, a test boleto, and a "Simular pagamento" that confirms through the Asaas webhook path.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createRequire } from 'node:module';
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
} from '../../core/ports/payments';
import { isValidCpf } from '../../core/identity/cpf';
import type { Clock } from '../../core/shared/clock';
import { systemClock } from '../../core/shared/clock';
import { DomainError } from '../../core/shared/errors';
import { centsToReais, type Cents } from '../../core/shared/money';
import type { Logger } from '../logger';
import { formatSaoPauloDateTime, parseAsaasWebhook, renderPixQr, toProviderTransfer } from './asaas.gateway';

/** The place-hold time (docs/product/group-purchase.md): a sandbox PIX QR expires this long after the charge is made. */
export const SANDBOX_PIX_TTL_MS = 30 * 60 * 1000;
export const SANDBOX_PIX_KEY = 'pix@turma.sandbox';
export const SANDBOX_MERCHANT_NAME = 'TURMA SANDBOX';
export const SANDBOX_MERCHANT_CITY = 'SAO PAULO';

export interface SandboxGatewayOptions {
  /** PUBLIC_URL: the test boleto page lives under it. */
  publicUrl: string;
  /** The token its webhooks carry; random per process when unset. */
  webhookToken?: string;
  clock?: Clock;
  logger?: Logger;
}

/** What Asaas would POST to /api/webhooks/asaas: feed it to the same handler. */
export interface SandboxWebhook {
  headers: Record<string, string>;
  body: { id: string; event: string; dateCreated: string; payment: Record<string, unknown> };
  /** False when the charge was already confirmed (nothing changed; the webhook is a harmless redelivery). */
  changed: boolean;
}

export interface SandboxBoleto {
  charge: ProviderCharge;
  /** 47 digits, formatted in five groups. */
  digitableLine: string;
  /** 44 digits. */
  barcode: string;
  dueDate: string;
  description: string;
  payerName: string;
}

interface ChargeRow {
  id: string;
  customer_id: string;
  external_reference: string;
  method: PaymentMethod;
  amount: number;
  installments: number;
  status: ProviderPaymentStatus;
  refunded_amount: number;
  description: string;
  due_date_text: string;
  pix_payload: string | null;
  confirmed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface TransferRow {
  id: string;
  external_reference: string;
  value: number;
  pix_key_type: string;
  pix_key: string;
  description: string;
  status: 'PENDING' | 'BANK_PROCESSING' | 'DONE' | 'FAILED' | 'CANCELLED';
  fail_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Where the sandbox delivers the webhooks it simulates: the same handler as POST /api/webhooks/asaas. */
export type SandboxWebhookSink = (headers: Record<string, string>, body: Record<string, unknown>) => Promise<unknown>;

/** A PIX key starting with this fails in the sandbox (to try the "check your PIX key" path by hand). */
export const SANDBOX_FAILING_PIX_KEY_PREFIX = 'falha';
export const SANDBOX_TRANSFER_FAIL_REASON = 'Chave PIX não encontrada.';

const CHARGES = 'sandbox_charges';
const TRANSFERS = 'sandbox_transfers';
const CUSTOMERS = 'sandbox_customers';
const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');
const todayInSaoPaulo = (now: Date) => formatSaoPauloDateTime(now).slice(0, 10);
const invalid = (message: string) => new DomainError('invalid', 'payment_invalid', message);
const notFound = () => new DomainError('not_found', 'payment_not_found', 'Cobrança não encontrada no provedor de pagamentos.');

/** PIX txid: letters and digits only, at most 25 (BR Code rule for static codes), derived from our payment id. */
export function pixTxid(externalReference: string): string {
  const clean = externalReference.replace(/[^A-Za-z0-9]/g, '');
  return (clean || createHash('sha256').update(externalReference).digest('hex')).slice(0, 25);
}

/** pix-utils, loaded on the first sandbox PIX code rather than at every server's start (it brings axios along). */
let pixUtils: typeof import('pix-utils') | null = null;

/** A static BR Code for `amount` centavos, made by pix-utils (EMV fields, CRC16). */
export function sandboxPixPayload(amount: Cents, externalReference: string): string {
  pixUtils ??= createRequire(import.meta.url)('pix-utils') as typeof import('pix-utils');
  const { createStaticPix, hasError } = pixUtils;
  const pix = createStaticPix({
    merchantName: SANDBOX_MERCHANT_NAME,
    merchantCity: SANDBOX_MERCHANT_CITY,
    pixKey: SANDBOX_PIX_KEY,
    txid: pixTxid(externalReference),
    transactionAmount: centsToReais(amount),
  });
  if (hasError(pix)) throw new Error(`pix-utils: ${pix.message}`);
  return pix.toBRCode();
}

// ── a test boleto's numbers (FEBRABAN layout: bank, currency 9, check digit, due factor, value, free field) ──────

function mod10(numbers: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = numbers.length - 1; i >= 0; i--) {
    const p = Number(numbers[i]) * weight;
    sum += p > 9 ? Math.floor(p / 10) + (p % 10) : p;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11(numbers: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = numbers.length - 1; i >= 0; i--) {
    sum += Number(numbers[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Days since 1997-10-07; since 2025-02-22 (day 10 000) the factor starts again at 1000. */
export function boletoDueFactor(dueDate: string): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse('1997-10-07T00:00:00Z')) / 86_400_000);
  const factor = days <= 9999 ? days : ((days - 10_000) % 9000) + 1000;
  return String(factor).padStart(4, '0');
}

/**
 * A syntactically valid barcode and linha digitável (every check digit right) for a test boleto. The bank code
 * is 000, which no bank uses: no real bank would ever accept it.
 */
export function sandboxBoletoNumbers(chargeId: string, amount: Cents, dueDate: string): { barcode: string; digitableLine: string } {
  const bank = '000';
  const currency = '9';
  const factor = boletoDueFactor(dueDate);
  const value = String(amount).padStart(10, '0').slice(-10);
  const free = BigInt(`0x${createHash('sha256').update(chargeId).digest('hex')}`).toString().slice(0, 25).padStart(25, '0');
  const withoutDv = `${bank}${currency}${factor}${value}${free}`;
  const dv = mod11(withoutDv);
  const barcode = `${bank}${currency}${dv}${factor}${value}${free}`;
  const f1 = `${bank}${currency}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const fields = [`${f1}${mod10(f1)}`, `${f2}${mod10(f2)}`, `${f3}${mod10(f3)}`];
  const digitableLine = [
    `${fields[0]!.slice(0, 5)}.${fields[0]!.slice(5)}`,
    `${fields[1]!.slice(0, 5)}.${fields[1]!.slice(5)}`,
    `${fields[2]!.slice(0, 5)}.${fields[2]!.slice(5)}`,
    String(dv),
    `${factor}${value}`,
  ].join(' ');
  return { barcode, digitableLine };
}

const ASAAS_STATUS: Record<ProviderPaymentStatus, string> = {
  pending: 'PENDING',
  confirmed: 'RECEIVED',
  overdue: 'OVERDUE',
  refunding: 'REFUND_REQUESTED',
  refunded: 'REFUNDED',
  chargeback: 'CHARGEBACK_REQUESTED',
  cancelled: 'PENDING',
};

export class SandboxPaymentGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  /** What `asaas-access-token` must carry; simulatePayment's webhooks carry it. */
  readonly webhookToken: string;
  private readonly clock: Clock;
  private readonly publicUrl: string;

  /** `knex` is the ROOT handle: the provider's books are never part of a caller's transaction. */
  constructor(
    private readonly knex: Knex,
    private readonly options: SandboxGatewayOptions,
  ) {
    this.webhookToken = options.webhookToken || randomBytes(24).toString('base64url');
    this.clock = options.clock ?? systemClock;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
  }

  // ── the port ────────────────────────────────────────────────────────────────────────────────────────────────

  async ensureCustomer(customer: PaymentCustomer): Promise<string> {
    const cpf = digits(customer.cpf);
    if (!isValidCpf(cpf)) throw invalid('O CPF/CNPJ informado é inválido.');
    const existing = await this.knex(CUSTOMERS).select('id').where({ cpf }).first();
    if (existing) return existing.id as string;
    const now = this.clock.now();
    await this.knex(CUSTOMERS)
      .insert({ id: `cus_sbx_${randomBytes(8).toString('hex')}`, cpf, name: customer.name, email: customer.email, created_at: now, updated_at: now })
      .onConflict('cpf')
      .ignore();
    const row = await this.knex(CUSTOMERS).select('id').where({ cpf }).first();
    return row.id as string;
  }

  /** Idempotent by externalReference: a second call (even a concurrent one) returns the first charge. */
  async createCharge(input: CreateChargeInput): Promise<ProviderCharge> {
    const existing = await this.findByReference(input.externalReference);
    if (existing) return this.toCharge(existing);
    const now = this.clock.now();
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid('O valor da cobrança deve ser maior que zero.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate) || Number.isNaN(Date.parse(input.dueDate))) throw invalid('A data de vencimento informada é inválida.');
    if (input.dueDate < todayInSaoPaulo(now)) throw invalid('A data de vencimento não pode ser anterior à data de hoje.');
    const installments = input.method === 'CREDIT_CARD' ? (input.installments ?? 1) : 1;
    if (!Number.isInteger(installments) || installments < 1 || installments > 12) throw invalid('O número de parcelas deve ser de 1 a 12.');
    const customer = await this.knex(CUSTOMERS).select('id').where({ id: input.customerId }).first();
    if (!customer) throw invalid('Cliente inválido ou inexistente.');
    const id = `pay_sbx_${randomBytes(10).toString('hex')}`;
    await this.knex(CHARGES)
      .insert({
        id,
        customer_id: input.customerId,
        external_reference: input.externalReference,
        method: input.method,
        amount: input.amount,
        installments,
        status: 'pending',
        description: input.description,
        due_date: input.dueDate,
        // Pix also pays a boleto, as at Asaas.
        pix_payload: input.method === 'CREDIT_CARD' ? null : sandboxPixPayload(input.amount, input.externalReference),
        created_at: now,
        updated_at: now,
      })
      .onConflict('external_reference')
      .ignore();
    return this.toCharge((await this.findByReference(input.externalReference))!);
  }

  async getPixQrCode(providerPaymentId: string): Promise<PixQrCode> {
    const row = await this.findById(providerPaymentId);
    if (!row) throw notFound();
    if (!row.pix_payload) throw invalid('Esta cobrança não aceita PIX.');
    return {
      payload: row.pix_payload,
      image: await renderPixQr(row.pix_payload),
      expiresAt: new Date(new Date(row.created_at).getTime() + SANDBOX_PIX_TTL_MS),
    };
  }

  async getCharge(providerPaymentId: string): Promise<ProviderCharge> {
    const row = await this.findById(providerPaymentId);
    if (!row) throw notFound();
    return this.toCharge(row);
  }

  /** Cancels an unpaid charge (as Asaas's DELETE): its confirm is refused from then on. Unknown or already cancelled: done. */
  async cancelCharge(providerPaymentId: string): Promise<void> {
    const updated = await this.knex(CHARGES)
      .where({ id: providerPaymentId })
      .whereIn('status', ['pending', 'overdue'])
      .update({ status: 'cancelled', updated_at: this.clock.now() });
    if (updated) return;
    const row = await this.findById(providerPaymentId);
    if (!row || row.status === 'cancelled') return;
    throw invalid('Só é possível cancelar cobranças que aguardam pagamento.');
  }

  /** Partial or full; refunds accumulate and the charge is `refunded` once everything went back. */
  async refund(providerPaymentId: string, amount?: Cents, _description?: string): Promise<ProviderCharge> {
    const row = await this.findById(providerPaymentId);
    if (!row) throw notFound();
    if (row.status === 'refunded') throw invalid('Esta cobrança já foi estornada.');
    if (row.status !== 'confirmed') throw invalid('Só é possível estornar cobranças pagas.');
    const remaining = row.amount - row.refunded_amount;
    const value = amount ?? remaining;
    if (!Number.isSafeInteger(value) || value <= 0 || value > remaining) {
      throw invalid('O valor do estorno não pode ser maior que o valor disponível para estorno.');
    }
    // Conditional: two concurrent refunds can never give back more than was paid.
    const updated = await this.knex(CHARGES)
      .where({ id: providerPaymentId, status: 'confirmed' })
      .andWhereRaw('refunded_amount + ? <= amount', [value])
      .update({
        refunded_amount: this.knex.raw('refunded_amount + ?', [value]),
        status: this.knex.raw(`case when refunded_amount + ? >= amount then 'refunded' else status end`, [value]),
        updated_at: this.clock.now(),
      });
    if (!updated) throw invalid('O valor do estorno não pode ser maior que o valor disponível para estorno.');
    return this.getCharge(providerPaymentId);
  }

  /**
   * A simulated PIX transfer: settles at once (DONE; FAILED for a key starting with "falha") and delivers the
   * TRANSFER_DONE / TRANSFER_FAILED webhook Asaas would send to the webhook handler (see `deliverWebhooksTo`), before
   * answering. Idempotent by externalReference, like the real provider.
   */
  async createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
    const existing = await this.findTransferByReference(input.externalReference);
    if (existing) return toProviderTransfer(this.toAsaasTransfer(existing))!;
    if (!Number.isSafeInteger(input.value) || input.value <= 0) throw invalid('O valor da transferência deve ser maior que zero.');
    if (!input.pixKey.trim()) throw invalid('Informe a chave PIX de destino.');
    const now = this.clock.now();
    const fails = input.pixKey.trim().toLowerCase().startsWith(SANDBOX_FAILING_PIX_KEY_PREFIX);
    await this.knex(TRANSFERS)
      .insert({
        id: randomUUID(),
        external_reference: input.externalReference,
        value: input.value,
        pix_key_type: input.pixKeyType,
        pix_key: input.pixKey,
        description: input.description,
        status: fails ? 'FAILED' : 'DONE',
        fail_reason: fails ? SANDBOX_TRANSFER_FAIL_REASON : null,
        created_at: now,
        updated_at: now,
      })
      .onConflict('external_reference')
      .ignore();
    const row = (await this.findTransferByReference(input.externalReference))!;
    if (this.webhookSink) {
      const event = row.status === 'DONE' ? 'TRANSFER_DONE' : 'TRANSFER_FAILED';
      try {
        await this.webhookSink(this.webhookHeaders(), { id: `evt_sbx_${randomBytes(12).toString('hex')}`, event, dateCreated: formatSaoPauloDateTime(now), transfer: this.toAsaasTransfer(row) });
      } catch (err) {
        // Asaas would deliver again; here the reconcile job re-applies the stored event.
        this.options.logger?.warn({ err, transfer_id: row.id }, 'sandbox: falha ao entregar o webhook da transferência');
      }
    }
    return toProviderTransfer(this.toAsaasTransfer(row))!;
  }

  async getTransfer(providerTransferId: string): Promise<ProviderTransfer> {
    const row = (await this.knex<TransferRow>(TRANSFERS).where({ id: providerTransferId }).first()) as TransferRow | undefined;
    if (!row) throw new DomainError('not_found', 'payment_not_found', 'Transferência não encontrada no provedor de pagamentos.');
    return toProviderTransfer(this.toAsaasTransfer(row))!;
  }

  parseWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): PaymentWebhookEvent {
    return parseAsaasWebhook(this.webhookToken, headers, body);
  }

  // ── sandbox only ────────────────────────────────────────────────────────────────────────────────────────────

  private webhookSink: SandboxWebhookSink | null = null;

  /** The container points the simulated transfer webhooks at the webhook handler (stored and applied exactly once). */
  deliverWebhooksTo(sink: SandboxWebhookSink | null): void {
    this.webhookSink = sink;
  }

  /** The transfer webhook Asaas would send now for our payout `externalReference` (tests, redeliveries). */
  async transferWebhook(externalReference: string, event: string, eventId = `evt_sbx_${randomBytes(12).toString('hex')}`) {
    const row = await this.findTransferByReference(externalReference);
    if (!row) throw new DomainError('not_found', 'payment_not_found', 'Transferência não encontrada no provedor de pagamentos.');
    return { headers: this.webhookHeaders(), body: { id: eventId, event, dateCreated: formatSaoPauloDateTime(this.clock.now()), transfer: this.toAsaasTransfer(row) } };
  }

  private webhookHeaders(): Record<string, string> {
    return { 'content-type': 'application/json', 'user-agent': 'Turma-Sandbox/0.1', 'asaas-access-token': this.webhookToken };
  }

  private async findTransferByReference(externalReference: string): Promise<TransferRow | undefined> {
    return (await this.knex<TransferRow>(TRANSFERS).where({ external_reference: externalReference }).first()) as TransferRow | undefined;
  }

  /** The transfer object as Asaas shapes it (reais, Asaas statuses). */
  private toAsaasTransfer(row: TransferRow): Record<string, unknown> {
    const value = centsToReais(row.value);
    return {
      object: 'transfer',
      id: row.id,
      type: 'PIX',
      dateCreated: formatSaoPauloDateTime(new Date(row.created_at)).slice(0, 10),
      value,
      netValue: value,
      transferFee: 0,
      status: row.status,
      effectiveDate: row.status === 'DONE' ? formatSaoPauloDateTime(new Date(row.updated_at)).slice(0, 10) : null,
      endToEndIdentifier: row.status === 'DONE' ? `E00000000${row.id.replace(/-/g, '').slice(0, 23)}` : null,
      failReason: row.fail_reason,
      transactionReceiptUrl: null,
      pixAddressKey: row.pix_key,
      pixAddressKeyType: row.pix_key_type,
      description: row.description,
      externalReference: row.external_reference,
    };
  }

  /**
   * "Simular pagamento": confirms a pending or overdue charge and returns the webhook Asaas would have sent
   * (PAYMENT_RECEIVED, a fresh event id, this sandbox's token), for the caller to feed to the webhook handler.
   * An already confirmed charge is left as it is (changed: false); any other state is a conflict.
   */
  async simulatePayment(providerPaymentId: string): Promise<SandboxWebhook> {
    const now = this.clock.now();
    const updated = await this.knex(CHARGES)
      .where({ id: providerPaymentId })
      .whereIn('status', ['pending', 'overdue'])
      .update({ status: 'confirmed', confirmed_at: now, updated_at: now });
    const row = await this.findById(providerPaymentId);
    if (!row) throw notFound();
    if (!updated && row.status === 'cancelled') {
      throw new DomainError('conflict', 'payment_cancelled', 'Esta cobrança foi cancelada e não aceita mais pagamento.');
    }
    if (!updated && row.status !== 'confirmed') {
      throw new DomainError('conflict', 'payment_not_pending', 'Esta cobrança não está aguardando pagamento.');
    }
    return {
      headers: { 'content-type': 'application/json', 'user-agent': 'Turma-Sandbox/0.1', 'asaas-access-token': this.webhookToken },
      body: {
        id: `evt_sbx_${randomBytes(12).toString('hex')}`,
        event: 'PAYMENT_RECEIVED',
        dateCreated: formatSaoPauloDateTime(now),
        payment: this.toAsaasPayment(row),
      },
      changed: updated > 0,
    };
  }

  /**
   * What the provider reports after a confirmation, for tests and demos: `refund` refunds the charge in full
   * (as an operator would in the provider's panel; PAYMENT_REFUNDED), `chargeback` marks it disputed by the card holder
   * (PAYMENT_CHARGEBACK_REQUESTED). Returns the webhook Asaas would send, with a fresh event id.
   */
  async simulateReversal(providerPaymentId: string, kind: 'refund' | 'chargeback'): Promise<SandboxWebhook> {
    const now = this.clock.now();
    if (kind === 'refund') await this.refund(providerPaymentId);
    else if (!(await this.knex(CHARGES).where({ id: providerPaymentId, status: 'confirmed' }).update({ status: 'chargeback', updated_at: now }))) {
      throw new DomainError('conflict', 'payment_not_confirmed', 'Só é possível contestar cobranças pagas.');
    }
    const row = await this.findById(providerPaymentId);
    if (!row) throw notFound();
    return {
      headers: { 'content-type': 'application/json', 'user-agent': 'Turma-Sandbox/0.1', 'asaas-access-token': this.webhookToken },
      body: {
        id: `evt_sbx_${randomBytes(12).toString('hex')}`,
        event: kind === 'refund' ? 'PAYMENT_REFUNDED' : 'PAYMENT_CHARGEBACK_REQUESTED',
        dateCreated: formatSaoPauloDateTime(now),
        payment: this.toAsaasPayment(row),
      },
      changed: true,
    };
  }

  /** The test boleto's page data; null when the charge is unknown or not a boleto. */
  async getBoleto(providerPaymentId: string): Promise<SandboxBoleto | null> {
    const row = await this.findById(providerPaymentId);
    if (!row || row.method !== 'BOLETO') return null;
    const payer = await this.knex(CUSTOMERS).select('name').where({ id: row.customer_id }).first();
    return {
      charge: this.toCharge(row),
      ...sandboxBoletoNumbers(row.id, row.amount, row.due_date_text),
      dueDate: row.due_date_text,
      description: row.description,
      payerName: (payer?.name as string | undefined) ?? '',
    };
  }

  // ── rows ────────────────────────────────────────────────────────────────────────────────────────────────────

  private query() {
    // due_date as text: pg and PGlite would otherwise make it a Date at the server's midnight.
    return this.knex<ChargeRow>(CHARGES).select('*', this.knex.raw(`to_char(due_date, 'YYYY-MM-DD') as due_date_text`));
  }

  private async findById(id: string): Promise<ChargeRow | undefined> {
    return (await this.query().where({ id }).first()) as ChargeRow | undefined;
  }

  private async findByReference(externalReference: string): Promise<ChargeRow | undefined> {
    return (await this.query().where({ external_reference: externalReference }).first()) as ChargeRow | undefined;
  }

  /** A pending charge past its due date reads as overdue, as Asaas turns it the day after. */
  private statusOf(row: ChargeRow): ProviderPaymentStatus {
    if (row.status === 'pending' && row.due_date_text < todayInSaoPaulo(this.clock.now())) return 'overdue';
    return row.status;
  }

  private toCharge(row: ChargeRow): ProviderCharge {
    return {
      providerId: row.id,
      status: this.statusOf(row),
      amount: row.amount,
      externalReference: row.external_reference,
      method: row.method,
      // No hosted page: the payment screen offers "Simular pagamento" instead.
      invoiceUrl: null,
      boletoUrl: row.method === 'BOLETO' ? `${this.publicUrl}/api/sandbox/payments/${row.id}/boleto` : null,
      refundedAmount: row.refunded_amount,
      dueDate: row.due_date_text,
    };
  }

  /** The payment object as Asaas shapes it in a webhook (reais, Asaas statuses, São Paulo dates). */
  private toAsaasPayment(row: ChargeRow): Record<string, unknown> {
    const status = this.statusOf(row);
    const paid = row.confirmed_at ? formatSaoPauloDateTime(new Date(row.confirmed_at)).slice(0, 10) : null;
    const value = centsToReais(row.amount);
    return {
      object: 'payment',
      id: row.id,
      dateCreated: formatSaoPauloDateTime(new Date(row.created_at)).slice(0, 10),
      customer: row.customer_id,
      value,
      netValue: value,
      originalValue: null,
      billingType: row.method,
      status: ASAAS_STATUS[status],
      dueDate: row.due_date_text,
      originalDueDate: row.due_date_text,
      paymentDate: paid,
      clientPaymentDate: paid,
      confirmedDate: paid,
      description: row.description,
      externalReference: row.external_reference,
      installmentNumber: null,
      invoiceUrl: null,
      bankSlipUrl: row.method === 'BOLETO' ? `${this.publicUrl}/api/sandbox/payments/${row.id}/boleto` : null,
      transactionReceiptUrl: null,
      pixTransaction: null,
      deleted: status === 'cancelled',
      refunds: null,
    };
  }
}
