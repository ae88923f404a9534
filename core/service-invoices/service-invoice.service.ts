// Service invoices (NFS-e) through the provider (docs/product/payments.md#service-invoices-nfs-e): the jobs that send
// and cancel them, the provider's INVOICE_* events and the reconcile job applying its status (re-read, never the event's
// body), and the operator's retry. Every status write goes through the state table in service-invoice-rules.ts.
import type { Clock } from '../shared/clock';
import { DomainError, conflict, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { PaymentCustomer } from '../ports/payments';
import type { ProviderInvoice, ServiceInvoiceProvider } from '../ports/service-invoices';
import type { AuditScope } from '../audit/ports';
import type { ServiceInvoiceListQuery, ServiceInvoicePatch, ServiceInvoiceRecord, ServiceInvoicesScope } from './ports';
import {
  CANCELLATION_DENIED_MESSAGE,
  DEFAULT_SERVICE_INVOICE_ERROR,
  canMoveServiceInvoice,
  serviceInvoiceMove,
  serviceInvoiceSources,
  type ServiceInvoiceSettings,
} from './service-invoice-rules';

type Scope = ServiceInvoicesScope & AuditScope;

/** YYYY-MM-DD in São Paulo: the invoice's effective date (the provider issues it that day). */
const saoPauloDay = (now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const NO_CUSTOMER = 'A nota não tem cobrança nem cliente no provedor: confira o CPF do cliente e tente de novo.';

export class ServiceInvoiceService {
  constructor(
    private readonly uow: UnitOfWork<Scope>,
    private readonly provider: ServiceInvoiceProvider,
    private readonly clock: Clock,
    private readonly settings: ServiceInvoiceSettings,
  ) {}

  /**
   * The `service_invoices.issue` job: sends a scheduled invoice not sent yet. A refusal is kept as the invoice's error
   * with the provider's message; no answer throws (the job retries, the reconcile job sweeps what is left).
   */
  async issue(invoiceId: string, customer: PaymentCustomer | null = null): Promise<'sent' | 'error' | 'skipped' | 'disabled'> {
    if (!this.settings.enabled) return 'disabled';
    const invoice = await this.uow.repos.serviceInvoices.invoices.findById(invoiceId);
    if (!invoice || invoice.status !== 'scheduled' || invoice.provider_invoice_id || invoice.cancel_requested_at) return 'skipped';
    if (!invoice.provider_payment_id && !invoice.provider_customer_id && !customer) return (await this.fail(invoice, NO_CUSTOMER)) ? 'error' : 'skipped';
    await this.uow.run((tx) => tx.serviceInvoices.invoices.update(invoice.id, { attempts: invoice.attempts + 1 }));
    let sent: ProviderInvoice;
    try {
      sent = await this.provider.schedule({
        externalReference: invoice.id,
        providerPaymentId: invoice.provider_payment_id,
        providerCustomerId: invoice.provider_customer_id,
        customer,
        value: invoice.amount,
        description: invoice.description,
        effectiveDate: saoPauloDay(this.clock.now()),
        municipalServiceId: this.settings.municipalServiceId,
        municipalServiceCode: this.settings.municipalServiceCode,
        municipalServiceName: this.settings.municipalServiceName,
        issRate: this.settings.issRate,
      });
    } catch (err) {
      if (err instanceof DomainError && (err.kind === 'invalid' || err.kind === 'not_found')) return (await this.fail(invoice, err.message)) ? 'error' : 'skipped';
      throw err;
    }
    await this.apply(invoice.id, sent);
    return 'sent';
  }

  /** The `service_invoices.cancel` job: asks the provider to cancel a withdrawn or refunded purchase's invoice. */
  async cancel(invoiceId: string): Promise<'requested' | 'error' | 'skipped'> {
    const invoice = await this.uow.repos.serviceInvoices.invoices.findById(invoiceId);
    if (!invoice?.provider_invoice_id || !invoice.cancel_requested_at || invoice.status === 'cancelled') return 'skipped';
    let answer: ProviderInvoice;
    try {
      answer = await this.provider.cancel(invoice.provider_invoice_id);
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'invalid') return (await this.fail(invoice, err.message, 'provider')) ? 'error' : 'skipped';
      throw err;
    }
    await this.apply(invoice.id, answer);
    return 'requested';
  }

  /**
   * An INVOICE_* webhook (stored once by the payments module under its event id): the invoice re-read from the
   * provider decides, so a redelivered or out-of-order event never moves it twice or backwards.
   */
  async applyInvoiceEvent(event: { providerInvoiceId: string | null; externalReference: string | null }): Promise<string> {
    const invoices = this.uow.repos.serviceInvoices.invoices;
    const invoice =
      (event.providerInvoiceId ? await invoices.findByProviderId(event.providerInvoiceId) : null) ??
      (event.externalReference && isId(event.externalReference) ? await invoices.findById(event.externalReference) : null);
    const providerId = invoice?.provider_invoice_id ?? event.providerInvoiceId;
    if (!invoice || !providerId) return 'unknown_invoice';
    return this.apply(invoice.id, await this.provider.get(providerId));
  }

  /** The reconcile job: sends what was never sent, re-reads what is under way, asks again for cancellations not done. */
  async reconcile(limit = 100): Promise<{ checked: number; moved: number; errors: number }> {
    let moved = 0;
    let errors = 0;
    const open = await this.uow.repos.serviceInvoices.invoices.listOpen(limit);
    for (const invoice of open) {
      try {
        let outcome: string;
        if (!invoice.provider_invoice_id) outcome = await this.issue(invoice.id);
        // A cancellation the provider never took (its job gave up) is asked again; one under way is only re-read.
        else if (invoice.cancel_requested_at && invoice.provider_status === 'authorised') outcome = await this.cancel(invoice.id);
        else outcome = await this.apply(invoice.id, await this.provider.get(invoice.provider_invoice_id));
        if (outcome !== 'no_change' && outcome !== 'skipped' && outcome !== 'disabled') moved++;
      } catch {
        errors++;
      }
    }
    return { checked: open.length, moved, errors };
  }

  /** POST /api/admin/service-invoices/:id/retry: an invoice in error goes back to scheduled and is sent (or cancelled) again; audited. */
  async retry(actor: { id: string; email: string }, invoiceId: string, meta: { ip: string | null; requestId: string | null } = { ip: null, requestId: null }) {
    const found = isId(invoiceId) ? await this.uow.repos.serviceInvoices.invoices.findById(invoiceId) : null;
    if (!found) throw notFound('service_invoice_not_found', 'Nota fiscal não encontrada.');
    if (found.status !== 'error') throw conflict('service_invoice_not_in_error', 'Só é possível tentar de novo uma nota com erro.');
    // A refused cancellation is asked again as it stands (the provider's answer moves it); an issue starts over.
    const cancelling = found.cancel_requested_at !== null && found.provider_invoice_id !== null;
    await this.uow.run(async (tx) => {
      if (!cancelling) {
        const moved = canMoveServiceInvoice('error', 'scheduled', 'operator') && (await tx.serviceInvoices.invoices.moveIf(found.id, ['error'], 'scheduled', { error_message: null, provider_invoice_id: null, provider_status: null }));
        if (!moved) throw conflict('service_invoice_not_in_error', 'Só é possível tentar de novo uma nota com erro.');
      }
      await tx.audit.append({
        action: 'service_invoice.retried', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'service_invoice', entity_id: found.id, ip: meta.ip, request_id: meta.requestId,
        metadata: { before: { status: 'error', error_message: found.error_message }, after: { status: cancelling ? 'error' : 'scheduled' }, what: cancelling ? 'cancel' : 'issue' },
      });
      const key = `${found.id}:retry:${found.attempts}:${found.updated_at.getTime()}`;
      if (cancelling) await tx.jobs.enqueue('service_invoices.cancel', { invoice_id: found.id }, { singletonKey: key });
      else await tx.jobs.enqueue('service_invoices.issue', { invoice_id: found.id, customer: null }, { singletonKey: key });
    });
    return (await this.uow.repos.serviceInvoices.invoices.findById(found.id))!;
  }

  list(query: ServiceInvoiceListQuery) {
    return this.uow.repos.serviceInvoices.invoices.list(query);
  }

  /** The invoices of these payments (the caller checked they are the member's own). */
  forPayments(paymentIds: readonly string[]): Promise<ServiceInvoiceRecord[]> {
    return paymentIds.length ? this.uow.repos.serviceInvoices.invoices.listByPaymentIds(paymentIds) : Promise.resolve([]);
  }

  /** The provider's view of an invoice, applied once under the row lock: its links and number kept, its status moved by the table. */
  private apply(invoiceId: string, remote: ProviderInvoice): Promise<string> {
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const invoices = tx.serviceInvoices.invoices;
      const row = await invoices.lock(invoiceId);
      if (!row) return 'unknown_invoice';
      const facts: ServiceInvoicePatch = {
        provider: this.provider.name,
        provider_invoice_id: remote.id,
        provider_status: remote.status,
        ...(remote.customerId ? { provider_customer_id: remote.customerId } : {}),
        ...(remote.number ? { number: remote.number } : {}),
        ...(remote.validationCode ? { validation_code: remote.validationCode } : {}),
        ...(remote.pdfUrl ? { pdf_url: remote.pdfUrl } : {}),
        ...(remote.xmlUrl ? { xml_url: remote.xmlUrl } : {}),
      };
      const to = serviceInvoiceMove(row.status, remote.status);
      if (!to) {
        await invoices.update(row.id, facts);
        return 'no_change';
      }
      const message =
        remote.status === 'cancel_denied'
          ? `${CANCELLATION_DENIED_MESSAGE}${remote.statusDescription ? ` ${remote.statusDescription}` : ''}`
          : (remote.statusDescription ?? DEFAULT_SERVICE_INVOICE_ERROR);
      const patch: ServiceInvoicePatch = {
        ...facts,
        ...(to === 'authorised' ? { authorised_at: row.authorised_at ?? now, error_message: null } : {}),
        ...(to === 'cancelled' ? { cancelled_at: now, error_message: null } : {}),
        ...(to === 'error' ? { error_message: message.slice(0, 1000) } : {}),
      };
      if (!(await invoices.moveIf(row.id, [row.status], to, patch))) return 'no_change';
      if (to === 'error') {
        await tx.audit.append({ action: 'service_invoice.failed', actor_email: 'sistema', entity_type: 'service_invoice', entity_id: row.id, metadata: { from: row.status, provider_status: remote.status, message } });
      }
      return to;
    });
  }

  /** Records a refusal (the provider's message) on an invoice, through the table. */
  private fail(invoice: ServiceInvoiceRecord, message: string, actor: 'system' | 'provider' = 'system'): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const from = serviceInvoiceSources('error', actor).filter((s) => s === invoice.status);
      const moved = from.length > 0 && (await tx.serviceInvoices.invoices.moveIf(invoice.id, from, 'error', { error_message: message.slice(0, 1000) }));
      if (moved) await tx.audit.append({ action: 'service_invoice.failed', actor_email: 'sistema', entity_type: 'service_invoice', entity_id: invoice.id, metadata: { from: invoice.status, message } });
      return moved;
    });
  }
}
