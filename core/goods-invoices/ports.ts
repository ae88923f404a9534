// Goods invoices' ports: the GoodsInvoice provider (an NF-e API: Focus NFe, or the embedded sandbox), the module's
// table, and the facts of an order an NF-e is built from (read across the order, its lines, products and buyer).
import type { OrderAddress } from '../marketplace';
import type { FiscalKind, GoodsInvoiceStatus, InvoiceableLine } from './goods-invoice-rules';

export interface GoodsInvoiceRecord {
  id: string;
  order_id: string;
  status: GoodsInvoiceStatus;
  provider: string;
  attempt: number;
  reference: string;
  goods_amount: number;
  freight_amount: number;
  total_amount: number;
  access_key: string | null;
  number: string | null;
  series: string | null;
  danfe_url: string | null;
  xml_url: string | null;
  provider_status: string | null;
  error_message: string | null;
  polls: number;
  sent_at: Date | null;
  authorised_at: Date | null;
  cancelled_at: Date | null;
  return_required_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewGoodsInvoice = Pick<GoodsInvoiceRecord, 'order_id' | 'provider' | 'reference' | 'goods_amount' | 'freight_amount' | 'total_amount'>;
export type GoodsInvoicePatch = Partial<Omit<GoodsInvoiceRecord, 'id' | 'order_id' | 'created_at' | 'updated_at' | 'status'>>;

/** What an NF-e of an order is built from: the sale, its lines with their fiscal kind, the buyer. */
export interface GoodsInvoiceFacts {
  order_id: string;
  /** Only a marketplace sale (`cart`) paid by its own charge gets an NF-e here; a plan order's fee is a service. */
  source: string;
  status: string;
  paid_at: Date | null;
  shipping_amount: number;
  address: OrderAddress;
  lines: InvoiceableLine[];
  customer: { name: string; cpf: string | null; email: string | null };
}

export interface GoodsInvoiceRepository {
  findByOrder(orderId: string): Promise<GoodsInvoiceRecord | null>;
  findById(id: string): Promise<GoodsInvoiceRecord | null>;
  findByAccessKey(key: string): Promise<GoodsInvoiceRecord | null>;
  /** Row lock for the rest of the transaction. */
  lock(id: string): Promise<GoodsInvoiceRecord | null>;
  /** Inserts unless the order already has one (`created` says which); the existing row otherwise. */
  createIfAbsent(invoice: NewGoodsInvoice): Promise<{ invoice: GoodsInvoiceRecord; created: boolean }>;
  /** Conditional update: only from one of `from` (the state table is checked by the caller). */
  moveIf(id: string, from: readonly GoodsInvoiceStatus[], to: GoodsInvoiceStatus, patch?: GoodsInvoicePatch): Promise<boolean>;
  /** Writes fields without moving the status (polls, the last transient error, sent_at). */
  update(id: string, patch: GoodsInvoicePatch): Promise<void>;
  facts(orderId: string): Promise<GoodsInvoiceFacts | null>;
  /** Invoices the operator must look at: rejected, stuck, or needing a return invoice, newest first. */
  listOpen(limit: number): Promise<GoodsInvoiceRecord[]>;
}

export interface GoodsInvoicesScope {
  goodsInvoices: GoodsInvoiceRepository;
}

/** What the provider is asked to authorise: one NF-e of a sale to a final consumer. Money in centavos. */
export interface GoodsInvoiceRequest {
  reference: string;
  issued_at: Date;
  customer: { name: string; cpf: string | null; email: string | null; address: OrderAddress };
  /** `ncm`: the product's own; absent or null, the adapter's default (NFE_NCM). */
  lines: Array<{ code: string; description: string; quantity: number; unit_price: number; total: number; cfop: string; ncm?: string | null }>;
  goods_amount: number;
  freight_amount: number;
  total_amount: number;
}

export interface AuthorisedGoodsInvoice {
  status: 'authorised';
  access_key: string;
  number: string | null;
  series: string | null;
  danfe_url: string;
  xml_url: string | null;
  provider_status: string | null;
}

/** The provider's answer: still with SEFAZ, authorised, refused (with SEFAZ's message), cancelled, or unknown reference. */
export type GoodsInvoiceOutcome =
  | { status: 'processing' }
  | AuthorisedGoodsInvoice
  | { status: 'rejected'; message: string; provider_status: string | null }
  | { status: 'cancelled' }
  | { status: 'not_found' };

export type GoodsInvoiceCancelOutcome = { status: 'cancelled' } | { status: 'rejected'; message: string; provider_status: string | null };

/**
 * The GoodsInvoice port: an NF-e API. A refusal is an outcome; a provider that cannot answer (network, timeout, 5xx,
 * 429) throws GoodsInvoiceUnavailable, and the job retries with backoff.
 */
export interface GoodsInvoice {
  readonly provider: string;
  issue(request: GoodsInvoiceRequest): Promise<GoodsInvoiceOutcome>;
  consult(reference: string): Promise<GoodsInvoiceOutcome>;
  cancel(reference: string, justification: string): Promise<GoodsInvoiceCancelOutcome>;
}

export class GoodsInvoiceUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`Emissor de NF-e indisponível: ${reason}`);
    this.name = 'GoodsInvoiceUnavailable';
  }
}

export type { FiscalKind };

declare module '../ports/job-queue' {
  interface JobPayloads {
    /** Request the NF-e of a paid order (enqueued in the payment's transaction). */
    'goods_invoices.issue': { order_id: string };
    /** Ask the provider how an invoice in SEFAZ's hands stands (re-enqueued with backoff while processing). */
    'goods_invoices.poll': { invoice_id: string };
    /** A refunded order: cancel its NF-e inside the window, else flag a return invoice. */
    'goods_invoices.cancel': { order_id: string };
  }
}
