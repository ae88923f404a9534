// Goods invoices in memory: the repository port (one invoice per order, conditional moves) over a plain map, the
// order facts set by the test, and a small unit of work with an audit list and the committed jobs.
import type { AuditEntry } from '../../../core/audit/ports';
import type { EnqueueOptions } from '../../../core/ports/job-queue';
import type { UnitOfWork } from '../../../core/ports/unit-of-work';
import type { GoodsInvoiceFacts, GoodsInvoiceRecord, GoodsInvoiceRepository } from '../../../core/goods-invoices/ports';
import type { GoodsInvoiceServiceScope } from '../../../core/goods-invoices';

export class MemoryGoodsInvoices implements GoodsInvoiceRepository {
  readonly rows = new Map<string, GoodsInvoiceRecord>();
  readonly facts_ = new Map<string, GoodsInvoiceFacts>();
  private seq = 0;

  async findByOrder(orderId: string) {
    return [...this.rows.values()].find((r) => r.order_id === orderId) ?? null;
  }
  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
  async findByAccessKey(key: string) {
    return [...this.rows.values()].find((r) => r.access_key === key) ?? null;
  }
  async lock(id: string) {
    return this.findById(id);
  }
  async createIfAbsent(invoice: Parameters<GoodsInvoiceRepository['createIfAbsent']>[0]) {
    const existing = await this.findByOrder(invoice.order_id);
    if (existing) return { invoice: existing, created: false };
    const now = new Date();
    const row: GoodsInvoiceRecord = {
      id: `gi-${++this.seq}`,
      status: 'pending',
      attempt: 1,
      access_key: null,
      number: null,
      series: null,
      danfe_url: null,
      xml_url: null,
      provider_status: null,
      error_message: null,
      polls: 0,
      sent_at: null,
      authorised_at: null,
      cancelled_at: null,
      return_required_at: null,
      created_at: now,
      updated_at: now,
      ...invoice,
    };
    this.rows.set(row.id, row);
    return { invoice: { ...row }, created: true };
  }
  async moveIf(id: string, from: readonly GoodsInvoiceRecord['status'][], to: GoodsInvoiceRecord['status'], patch = {}) {
    const row = this.rows.get(id);
    if (!row || !from.includes(row.status)) return false;
    this.rows.set(id, { ...row, ...patch, status: to, updated_at: new Date() });
    return true;
  }
  async update(id: string, patch: Partial<GoodsInvoiceRecord>) {
    const row = this.rows.get(id);
    if (row) this.rows.set(id, { ...row, ...patch, updated_at: new Date() });
  }
  async facts(orderId: string) {
    return this.facts_.get(orderId) ?? null;
  }
  async listOpen(limit: number) {
    return [...this.rows.values()].filter((r) => ['error', 'return_required'].includes(r.status)).slice(0, limit);
  }
}

export interface RecordedGoodsJob {
  name: string;
  data: unknown;
  options?: EnqueueOptions;
}

/** The goods invoices' unit of work in memory: no rollback (the service writes one thing per run). */
export function memoryGoodsInvoiceUow() {
  const goodsInvoices = new MemoryGoodsInvoices();
  const audits: AuditEntry[] = [];
  const jobs: RecordedGoodsJob[] = [];
  const repos: GoodsInvoiceServiceScope = { goodsInvoices, audit: { append: async (e) => void audits.push(e), list: async () => ({ items: [], total: 0 }), findById: async () => null } };
  const uow: UnitOfWork<GoodsInvoiceServiceScope> = {
    repos,
    run: (work) => work({ ...repos, jobs: { enqueue: async (name, data, options) => void jobs.push({ name, data, ...(options ? { options } : {}) }) } }),
  };
  return { uow, goodsInvoices, audits, jobs };
}
