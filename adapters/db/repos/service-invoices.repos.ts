// Knex repository of service invoices (core/service-invoices/ports.ts): one per purchase (unique source), every status
// move a conditional update on the current status, so a webhook and the reconcile job never move one twice.
import type { Knex } from 'knex';
import type { NewServiceInvoice, ServiceInvoiceListQuery, ServiceInvoicePatch, ServiceInvoiceRecord, ServiceInvoiceRepository, ServiceInvoiceSource } from '../../../core/service-invoices/ports';
import type { ServiceInvoiceStatus } from '../../../core/service-invoices/service-invoice-rules';

const TABLE = 'service_invoices';
const row = (r: unknown) => (r ? ({ ...(r as ServiceInvoiceRecord), amount: Number((r as ServiceInvoiceRecord).amount) } as ServiceInvoiceRecord) : null);

export class KnexServiceInvoiceRepository implements ServiceInvoiceRepository {
  constructor(private readonly db: Knex) {}

  async createIfNew(invoice: NewServiceInvoice) {
    const [created] = await this.db(TABLE).insert({ ...invoice, status: 'scheduled' }).onConflict(['source', 'source_id']).ignore().returning('*');
    return row(created);
  }
  async findById(id: string) {
    return row(await this.db(TABLE).where({ id }).first());
  }
  async findBySource(source: ServiceInvoiceSource, sourceId: string) {
    return row(await this.db(TABLE).where({ source, source_id: sourceId }).first());
  }
  async findByProviderId(providerInvoiceId: string) {
    return row(await this.db(TABLE).where({ provider_invoice_id: providerInvoiceId }).first());
  }
  async lock(id: string) {
    return row(await this.db(TABLE).where({ id }).forUpdate().first());
  }
  async update(id: string, patch: ServiceInvoicePatch) {
    await this.db(TABLE).where({ id }).update({ ...patch, updated_at: this.db.fn.now() });
  }
  async moveIf(id: string, from: readonly ServiceInvoiceStatus[], to: ServiceInvoiceStatus, patch: ServiceInvoicePatch = {}) {
    if (from.length === 0) return false;
    return (await this.db(TABLE).where({ id }).whereIn('status', from).update({ ...patch, status: to, updated_at: this.db.fn.now() })) === 1;
  }
  async listOpen(limit: number) {
    const rows = await this.db(TABLE)
      .where((q) => q.whereIn('status', ['scheduled', 'synchronised']).orWhere((w) => w.where('status', 'authorised').whereNotNull('cancel_requested_at')))
      .orderBy('created_at')
      .limit(limit);
    return rows.map((r) => row(r)!);
  }
  async list(query: ServiceInvoiceListQuery) {
    const base = () => {
      const q = this.db(TABLE);
      if (query.from) q.where('occurred_at', '>=', query.from);
      if (query.to) q.where('occurred_at', '<', query.to);
      if (query.status) q.where('status', query.status);
      return q;
    };
    const [items, count] = await Promise.all([
      base().orderBy([{ column: 'occurred_at', order: 'desc' }, { column: 'id', order: 'desc' }]).offset(query.offset).limit(query.limit),
      base().count<{ count: string | number }[]>({ count: '*' }),
    ]);
    return { items: items.map((r) => row(r)!), total: Number(count[0]?.count ?? 0) };
  }
  async listByPaymentIds(paymentIds: readonly string[]) {
    return (await this.db(TABLE).whereIn('payment_id', [...paymentIds])).map((r) => row(r)!);
  }
}
