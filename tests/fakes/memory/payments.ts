// The payments module's repositories in memory: at most one pending payment per purpose and reference (the database's
// partial unique index), an order's latest payment kept on the order (its trigger), provider events stored once.
import type { LocalPaymentStatus, PaymentEventRepository, PaymentRecord, PaymentRepository, PaymentsScope } from '../../../core/payments/ports';
import type { MemoryDb } from './db';
import { faked, newestFirst } from './table';

const CONFIRMED: LocalPaymentStatus[] = ['confirmed', 'refund_pending', 'refunded'];

export function paymentsFake(db: MemoryDb): PaymentsScope {
  const touch = () => ({ updated_at: db.now() });
  const payments = faked<PaymentRepository>('payments.payments', {
    createIfNoneLive: async (p) => {
      if (db.payments.first((x) => x.purpose === p.purpose && x.ref_id === p.ref_id && x.status === 'pending')) return null;
      const created = db.payments.insert({
        ...p,
        wallet_amount: 0,
        status: 'pending',
        provider_customer_id: null,
        provider_payment_id: null,
        provider_status: null,
        pix_payload: null,
        pix_image: null,
        pix_expires_at: null,
        boleto_url: null,
        invoice_url: null,
        due_date: null,
        confirmed_at: null,
        refunded_amount: 0,
        refund_requested_at: null,
        refunded_at: null,
        failure_reason: null,
        refund_destination: null,
        refund_pix_key_type: null,
        refund_pix_key: null,
        refund_transfer_id: null,
        updated_at: db.now(),
      } as Omit<PaymentRecord, 'id'>);
      if (p.purpose === 'order') db.orders.patch(p.ref_id, { payment_id: created.id });
      return created;
    },
    findById: async (id) => db.payments.get(id),
    lock: async (id) => db.payments.get(id),
    findByProviderId: async (providerId) => db.payments.first((p) => p.provider_payment_id === providerId),
    findByRefundTransferId: async (transferId) => db.payments.first((p) => p.refund_transfer_id === transferId),
    findPendingFor: async (purpose, refId) => newestFirst(db.payments.all((p) => p.purpose === purpose && p.ref_id === refId && p.status === 'pending'))[0] ?? null,
    findConfirmedFor: async (purpose, refId) => db.payments.first((p) => p.purpose === purpose && p.ref_id === refId && CONFIRMED.includes(p.status)),
    update: async (id, patch) => void db.payments.patch(id, { ...patch, ...touch() }),
    moveIf: async (id, from, to, patch = {}) => db.payments.patchIf(id, (p) => from.includes(p.status), { ...patch, status: to, ...touch() }),
    listByStatus: async (status, filter) =>
      db.payments.all((p) => p.status === status && (!filter.since || p.created_at >= filter.since) && (!filter.withProvider || p.provider_payment_id !== null)).slice(0, filter.limit),
    listForUser: async (userId, offset, limit) => {
      const all = newestFirst(db.payments.all((p) => p.user_id === userId));
      return { items: all.slice(offset, offset + limit), total: all.length };
    },
  });
  const events = faked<PaymentEventRepository>('payments.events', {
    insertIfNew: async (e) => {
      if (db.paymentEvents.first((x) => x.provider === e.provider && x.event_id === e.event_id)) return null;
      return db.paymentEvents.insert({ provider: e.provider, event_id: e.event_id, type: e.type, provider_payment_id: e.provider_payment_id, received_at: db.now(), processed_at: null, outcome: null }).id;
    },
    markProcessed: async (id, at, outcome) => void db.paymentEvents.patch(id, { processed_at: at, outcome }),
    listUnprocessed: async (limit) => db.paymentEvents.all((e) => e.processed_at === null).slice(0, limit),
  });
  return { payments: { payments, events } };
}
