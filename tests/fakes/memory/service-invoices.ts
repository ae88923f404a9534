// Service invoices in memory: one per purchase (unique source), every move conditional on the status, as
// adapters/db/repos/service-invoices.repos.ts.
import type { ServiceInvoiceRepository, ServiceInvoicesScope } from '../../../core/service-invoices/ports';
import type { MemoryDb } from './db';
import { faked, newestFirst } from './table';

export function serviceInvoicesFake(db: MemoryDb): ServiceInvoicesScope {
  const t = db.serviceInvoices;
  const invoices = faked<ServiceInvoiceRepository>('serviceInvoices.invoices', {
    createIfNew: async (row) => {
      if (t.first((x) => x.source === row.source && x.source_id === row.source_id)) return null;
      const empty = { provider_invoice_id: null, provider_status: null, number: null, validation_code: null, pdf_url: null, xml_url: null, error_message: null, cancel_requested_at: null, cancel_reason: null, authorised_at: null, cancelled_at: null };
      return t.insert({ ...empty, ...row, status: 'scheduled', attempts: 0, updated_at: db.now() });
    },
    findById: async (id) => t.get(id),
    findBySource: async (source, sourceId) => t.first((x) => x.source === source && x.source_id === sourceId),
    findByProviderId: async (id) => t.first((x) => x.provider_invoice_id === id),
    lock: async (id) => t.get(id),
    update: async (id, patch) => void t.patch(id, { ...patch, updated_at: db.now() }),
    moveIf: async (id, from, to, patch = {}) => t.patchIf(id, (x) => from.includes(x.status), { ...patch, status: to, updated_at: db.now() }),
    listOpen: async (limit) =>
      t
        .all((x) => x.status === 'scheduled' || x.status === 'synchronised' || (x.status === 'authorised' && x.cancel_requested_at !== null))
        .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
        .slice(0, limit),
    list: async (q) => {
      const all = newestFirst(t.all((x) => (!q.from || x.occurred_at >= q.from) && (!q.to || x.occurred_at < q.to) && (!q.status || x.status === q.status)));
      return { items: all.slice(q.offset, q.offset + q.limit), total: all.length };
    },
    listByPaymentIds: async (ids) => t.all((x) => ids.includes(x.payment_id)),
  });
  return { serviceInvoices: { invoices } };
}
