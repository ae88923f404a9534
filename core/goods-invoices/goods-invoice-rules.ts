// Goods invoices (NF-e, model 55) of marketplace sales (docs/product/payments.md#goods-invoices): which lines an NF-e
// carries, its statuses and who moves them, the 44-digit access key and its check digit, how often a processing
// invoice is polled, and what a refund does to an authorised one (cancelled inside the legal window, else a return).
import type { Uf } from '../address';

export const GOODS_INVOICE_STATUSES = ['pending', 'processing', 'authorised', 'error', 'cancelled', 'return_required'] as const;
export type GoodsInvoiceStatus = (typeof GOODS_INVOICE_STATUSES)[number];

export const GOODS_INVOICE_STATUS_LABELS: Record<GoodsInvoiceStatus, string> = {
  pending: 'Aguardando emissão',
  processing: 'Em processamento na SEFAZ',
  authorised: 'Autorizada',
  error: 'Rejeitada',
  cancelled: 'Cancelada',
  return_required: 'Nota de devolução pendente',
};

export const GOODS_INVOICE_STATUS_LABELS_EN: Record<GoodsInvoiceStatus, string> = {
  pending: 'Waiting to be issued',
  processing: 'Being processed by SEFAZ',
  authorised: 'Authorised',
  error: 'Rejected',
  cancelled: 'Cancelled',
  return_required: 'Return invoice pending',
};

/** Every allowed move: sending, the provider's answers, the operator's retry of a rejection, a refund's outcome. */
export const GOODS_INVOICE_TRANSITIONS: Record<GoodsInvoiceStatus, readonly GoodsInvoiceStatus[]> = {
  pending: ['processing', 'authorised', 'error', 'cancelled'],
  processing: ['authorised', 'error', 'cancelled'],
  // Retried by the operator: back to pending under a new reference. A refund of a never-authorised invoice ends it.
  error: ['pending', 'cancelled'],
  authorised: ['cancelled', 'return_required'],
  cancelled: [],
  return_required: [],
};

export const canMoveGoodsInvoice = (from: GoodsInvoiceStatus, to: GoodsInvoiceStatus) => GOODS_INVOICE_TRANSITIONS[from].includes(to);

/** What a product is for the fiscal report and the invoices: goods (NF-e) or a service (NFS-e). */
export type FiscalKind = 'goods' | 'service';

export interface InvoiceableLine {
  product_id: string | null;
  product_name: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
  /** null for a line whose product is gone or a plan line: goods, as everything the marketplace ships. */
  fiscal_kind: FiscalKind | null;
  /** The product's own NCM; null or absent: the emitter's default (NFE_NCM). */
  ncm?: string | null;
}

/** The goods lines of an order and what its NF-e totals: the goods, and the freight (which travels with them). */
export function goodsInvoiceAmounts(lines: readonly InvoiceableLine[], shippingAmount: number): { lines: InvoiceableLine[]; goods: number; freight: number; total: number } {
  const goods = lines.filter((l) => (l.fiscal_kind ?? 'goods') === 'goods');
  const amount = goods.reduce((s, l) => s + l.subtotal, 0);
  // Freight only rides on an NF-e that carries goods; an order of services alone has no NF-e.
  const freight = amount > 0 ? shippingAmount : 0;
  return { lines: goods, goods: amount, freight, total: amount + freight };
}

/** The CFOP of a sale to a final consumer: inside the state 5102, to another state 6108 (a non-contributor). */
export const saleCfop = (emitterUf: string, customerUf: string) => (emitterUf === customerUf ? '5102' : '6108');

/** IBGE codes of the states: the first two digits of an access key. */
export const UF_IBGE_CODES: Record<Uf, string> = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17',
  MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26', AL: '27', SE: '28', BA: '29',
  MG: '31', ES: '32', RJ: '33', SP: '35',
  PR: '41', SC: '42', RS: '43',
  MS: '50', MT: '51', GO: '52', DF: '53',
};

/** The access key's 44th digit: modulo 11 over the 43 before it, weights 2 to 9 from the right; 10 and 11 give 0. */
export function accessKeyCheckDigit(first43: string): number {
  if (!/^\d{43}$/.test(first43)) throw new Error('a chave sem o dígito tem 43 dígitos');
  let sum = 0;
  let weight = 2;
  for (let i = 42; i >= 0; i--) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export const isValidAccessKey = (key: string) => /^\d{44}$/.test(key) && accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);

export interface AccessKeyParts {
  uf: Uf;
  /** Issue date: its year and month (AAMM) go in the key. */
  issuedAt: Date;
  cnpj: string;
  series: number;
  number: number;
  /** The random numeric code (cNF), 8 digits. */
  code: number;
}

/** cUF·AAMM·CNPJ·55·série·nNF·tpEmis 1·cNF·DV: the key of a normally issued NF-e. */
export function buildAccessKey(p: AccessKeyParts): string {
  const yymm = `${String(p.issuedAt.getUTCFullYear() % 100).padStart(2, '0')}${String(p.issuedAt.getUTCMonth() + 1).padStart(2, '0')}`;
  const body = `${UF_IBGE_CODES[p.uf]}${yymm}${p.cnpj.replace(/\D/g, '').padStart(14, '0')}55${String(p.series).padStart(3, '0')}${String(p.number).padStart(9, '0')}1${String(p.code).padStart(8, '0')}`;
  return `${body}${accessKeyCheckDigit(body)}`;
}

/** 44 digits in eleven groups of four, as the DANFE prints them. */
export const formatAccessKey = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Seconds before poll n (0-based) of an invoice SEFAZ is still processing: 15 s doubling, at most 30 minutes. */
export function goodsInvoicePollDelaySeconds(polls: number): number {
  return Math.min(15 * 2 ** Math.max(0, polls), 30 * 60);
}

/** After this many polls still processing, the invoice is shown as an error for the operator (about a day). */
export const GOODS_INVOICE_MAX_POLLS = 60;

/** Most states accept an NF-e's cancellation within 24 hours of its authorisation (MT: 2 hours). */
export const GOODS_INVOICE_CANCEL_WINDOW_HOURS = 24;

/**
 * What a refund does to the order's invoice: one never sent is dropped, one in SEFAZ's hands waits for its answer, an
 * authorised one is cancelled inside the window, and after it needs a return invoice (nota de devolução), issued by
 * the accountant; a cancelled or already flagged one is left alone.
 */
export function refundDecision(
  invoice: { status: GoodsInvoiceStatus; authorised_at: Date | null } | null,
  now: Date,
  windowHours = GOODS_INVOICE_CANCEL_WINDOW_HOURS,
): 'nothing' | 'drop' | 'wait' | 'cancel' | 'return_required' {
  if (!invoice) return 'nothing';
  switch (invoice.status) {
    case 'pending':
    case 'error':
      return 'drop';
    case 'processing':
      return 'wait';
    case 'authorised':
      return invoice.authorised_at && now.getTime() - invoice.authorised_at.getTime() < windowHours * 3_600_000 ? 'cancel' : 'return_required';
    default:
      return 'nothing';
  }
}

/** The provider's reference of an invoice's attempt n: unique per attempt, so a rejected one is sent again afresh. */
export const goodsInvoiceReference = (orderId: string, attempt: number) => `pedido-${orderId}-${attempt}`;

/** The cancellation's justification (SEFAZ: 15 to 255 characters). */
export const REFUND_CANCEL_JUSTIFICATION = 'Venda desfeita: pedido reembolsado ao cliente antes do envio da mercadoria.';

/** The freight spread over the lines in proportion to their value (the NF-e carries it per item), summing exactly. */
export function spreadFreight(lineTotals: readonly number[], freight: number): number[] {
  const total = lineTotals.reduce((s, v) => s + v, 0);
  if (freight === 0 || total === 0) return lineTotals.map(() => 0);
  const raw = lineTotals.map((v) => (v * freight) / total);
  const shares = raw.map(Math.floor);
  let left = freight - shares.reduce((s, v) => s + v, 0);
  // Largest remainders first; ties to the earlier line.
  const order = raw.map((v, i) => ({ i, r: v - Math.floor(v) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}
