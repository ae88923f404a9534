// The receipt of a confirmed payment: what it says, as a plain object of ready-to-print pt-BR texts. Pure:
// the flow reads the payment, the payer and what was paid for, and the adapters only lay this out (HTML, PDF).
import { formatCents } from '../shared/money';
import { formatBrasiliaDateTime } from '../identity';
import type { PaymentRecord } from './ports';

/** What a payment paid for, as the flow found it in groups, catalog and marketplace. */
export type ReceiptSubject =
  | { kind: 'entry'; planName: string; groupId: string }
  | { kind: 'balance'; planName: string; groupId: string; voucherCode: string }
  | { kind: 'order'; orderId: string; items: Array<{ name: string; quantity: number; unitPrice: number; subtotal: number }> }
  | { kind: 'unknown' };

export interface ReceiptInput {
  payment: Pick<PaymentRecord, 'id' | 'purpose' | 'amount' | 'method' | 'installments' | 'status' | 'provider' | 'provider_payment_id' | 'confirmed_at' | 'refunded_amount'> &
    Partial<Pick<PaymentRecord, 'wallet_amount'>>;
  payer: { name: string; cpf: string | null };
  subject: ReceiptSubject;
  /** When the receipt is issued (shown at the foot). */
  issuedAt: Date;
}

export interface ReceiptLine {
  label: string;
  value: string;
  /** A document the line points at (the service invoice's PDF or XML): the HTML receipt links it. */
  href?: string;
}

export interface Receipt {
  brand: string;
  title: string;
  number: string;
  paidAt: string;
  payer: { name: string; cpf: string };
  /** One sentence: what the money paid. */
  description: string;
  /** Order lines (empty for entries and balances). */
  items: Array<{ name: string; quantity: string; unitPrice: string; subtotal: string }>;
  method: string;
  amount: string;
  provider: string;
  providerId: string;
  /** Set when money went back after the confirmation. */
  refundNote: string | null;
  /** Every fact in display order (label → value), for layouts that just list them. */
  lines: ReceiptLine[];
  issuedAt: string;
  footer: string;
}

/** Payments that may have a receipt: money was received (even if some of it went back later). */
export const RECEIPT_STATUSES: ReadonlyArray<PaymentRecord['status']> = ['confirmed', 'refund_pending', 'refunded'];

export function hasReceipt(payment: Pick<PaymentRecord, 'status' | 'confirmed_at'>): boolean {
  return payment.confirmed_at !== null && RECEIPT_STATUSES.includes(payment.status);
}

/** `/api/payments/<id>/receipt` (prefix PUBLIC_URL for a link that leaves the site, e.g. in an e-mail). */
export const receiptPath = (paymentId: string, format: 'html' | 'pdf' = 'html') =>
  `/api/payments/${encodeURIComponent(paymentId)}/receipt${format === 'pdf' ? '?format=pdf' : ''}`;

/** `REC-1A2B3C4D5E6F` from the payment's id: stable, short, and unique enough to find the payment again. */
export function receiptNumber(paymentId: string): string {
  return `REC-${paymentId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

/** `12345678901` or `123.456.789-01` → `***.456.789-**` (LGPD: never the whole CPF on a document that travels). */
export function maskCpf(cpf: string | null): string {
  const digits = (cpf ?? '').replace(/\D/g, '');
  if (digits.length !== 11) return 'não informado';
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

const shortId = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

const METHODS: Record<string, string> = { PIX: 'PIX', BOLETO: 'Boleto bancário', CREDIT_CARD: 'Cartão de crédito', WALLET: 'Saldo da carteira Turma' };

const PROVIDERS: Record<string, string> = { sandbox: 'Sandbox (ambiente de teste)', asaas: 'Asaas', wallet: 'Carteira Turma' };

function methodText(method: string, installments: number): string {
  const name = METHODS[method] ?? method;
  return method === 'CREDIT_CARD' && installments > 1 ? `${name} em ${installments}x` : name;
}

function describe(subject: ReceiptSubject): string {
  switch (subject.kind) {
    case 'entry':
      return `Entrada do plano ${subject.planName} na turma ${shortId(subject.groupId)}`;
    case 'balance':
      return `Saldo do plano ${subject.planName} na turma ${shortId(subject.groupId)} (voucher ${subject.voucherCode})`;
    case 'order':
      return `Pedido ${shortId(subject.orderId)} do marketplace`;
    default:
      return 'Pagamento na Turma';
  }
}

export function buildReceipt({ payment, payer, subject, issuedAt }: ReceiptInput): Receipt {
  if (!payment.confirmed_at) throw new Error('buildReceipt: payment is not confirmed');
  const number = receiptNumber(payment.id);
  const paidAt = `${formatBrasiliaDateTime(payment.confirmed_at)} (horário de Brasília)`;
  const cpf = maskCpf(payer.cpf);
  const name = payer.name.trim() || 'Não informado';
  const description = describe(subject);
  const method = methodText(payment.method, payment.installments);
  const amount = formatCents(payment.amount);
  const provider = PROVIDERS[payment.provider] ?? payment.provider;
  const providerId = payment.provider_payment_id ?? '—';
  const items =
    subject.kind === 'order'
      ? subject.items.map((i) => ({ name: i.name, quantity: String(i.quantity), unitPrice: formatCents(i.unitPrice), subtotal: formatCents(i.subtotal) }))
      : [];
  const refundNote =
    payment.refunded_amount > 0 || payment.status === 'refunded'
      ? `Estornado: ${formatCents(payment.refunded_amount || payment.amount)}.`
      : payment.status === 'refund_pending'
        ? 'Estorno em andamento.'
        : null;
  const lines: ReceiptLine[] = [
    { label: 'Recibo nº', value: number },
    { label: 'Data do pagamento', value: paidAt },
    { label: 'Pagador', value: name },
    { label: 'CPF', value: cpf },
    { label: 'Referente a', value: description },
    { label: 'Forma de pagamento', value: method },
    { label: 'Valor', value: amount },
    // Part paid with wallet credit (the provider charged the rest).
    ...(payment.wallet_amount && payment.method !== 'WALLET' ? [{ label: 'Crédito usado', value: formatCents(payment.wallet_amount) }] : []),
    { label: 'Provedor', value: provider },
    { label: 'Identificador no provedor', value: providerId },
    ...(refundNote ? [{ label: 'Situação', value: refundNote }] : []),
  ];
  return {
    brand: 'Turma',
    title: 'Recibo de pagamento',
    number,
    paidAt,
    payer: { name, cpf },
    description,
    items,
    method,
    amount,
    provider,
    providerId,
    refundNote,
    lines,
    issuedAt: formatBrasiliaDateTime(issuedAt),
    footer: `Recebemos de ${name} a quantia de ${amount} (${description}). Recibo emitido em ${formatBrasiliaDateTime(issuedAt)} (horário de Brasília).`,
  };
}
