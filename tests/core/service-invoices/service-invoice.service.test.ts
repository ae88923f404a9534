// Service invoices' use cases on the in-memory tables with a scripted provider: scheduled by the command and sent by
// the job, a refusal kept with the provider's message and retried by an operator (audited), events applied once from
// the provider's re-read, cancellation of a withdrawn purchase, and the reconcile sweep.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceInvoiceService, serviceInvoiceCommands, type ServiceInvoiceSettings } from '../../../core/service-invoices';
import type { ProviderInvoice, ProviderInvoiceStatus, ScheduleInvoiceInput, ServiceInvoiceProvider } from '../../../core/ports/service-invoices';
import { DomainError } from '../../../core/shared/errors';
import { MemoryDb } from '../../fakes/memory/db';
import { MemoryUnitOfWork } from '../../fakes/memory/unit-of-work';

class ScriptedProvider implements ServiceInvoiceProvider {
  readonly name = 'sandbox' as const;
  invoices = new Map<string, ProviderInvoice>();
  scheduled: ScheduleInvoiceInput[] = [];
  refuse: string | null = null;
  down = false;
  async schedule(input: ScheduleInvoiceInput) {
    if (this.down) throw new DomainError('unavailable', 'invoice_provider_unavailable', 'fora do ar');
    if (this.refuse) throw new DomainError('invalid', 'invoice_refused', this.refuse);
    this.scheduled.push(input);
    const invoice: ProviderInvoice = { id: `inv_${this.invoices.size + 1}`, status: 'scheduled', externalReference: input.externalReference, statusDescription: null, number: null, validationCode: null, pdfUrl: null, xmlUrl: null, customerId: 'cus_1' };
    this.invoices.set(invoice.id, invoice);
    return { ...invoice };
  }
  async get(id: string) {
    return { ...this.invoices.get(id)! };
  }
  async cancel(id: string) {
    return this.set(id, 'cancelled');
  }
  set(id: string, status: ProviderInvoiceStatus, extra: Partial<ProviderInvoice> = {}) {
    const invoice = { ...this.invoices.get(id)!, status, ...extra };
    if (status === 'authorised') Object.assign(invoice, { number: '000123', pdfUrl: `https://nf.example/${id}.pdf`, xmlUrl: `https://nf.example/${id}.xml` });
    this.invoices.set(id, invoice);
    return { ...invoice };
  }
}

const settings: ServiceInvoiceSettings = { enabled: true, descriptionTemplate: 'Intermediação: {plano}', municipalServiceId: null, municipalServiceCode: '10.05', municipalServiceName: 'Intermediação', issRate: 5 };
const now = new Date('2026-11-28T12:00:00Z');
const clock = { now: () => now };

let db: MemoryDb;
let uow: MemoryUnitOfWork;
let provider: ScriptedProvider;
let service: ServiceInvoiceService;
const voucherId = randomUUID();

async function schedule() {
  await uow.run((tx) =>
    serviceInvoiceCommands(tx).schedule({
      source: 'group_purchase', source_id: voucherId, payment_id: randomUUID(), amount: 1_250, description: 'Intermediação: Limpeza', occurred_at: now,
      provider: 'sandbox', provider_payment_id: 'pay_1', provider_customer_id: null, customer: null,
    }),
  );
  return db.serviceInvoices.only();
}

beforeEach(() => {
  db = new MemoryDb(clock.now);
  uow = new MemoryUnitOfWork(db);
  provider = new ScriptedProvider();
  service = new ServiceInvoiceService(uow, provider, clock, settings);
});

describe('scheduling and issuing', () => {
  it('the command records one invoice per purchase and enqueues its issue in the same transaction', async () => {
    const invoice = await schedule();
    expect(invoice).toMatchObject({ status: 'scheduled', amount: 1_250, provider_invoice_id: null });
    expect(await uow.run((tx) => serviceInvoiceCommands(tx).schedule({ ...invoice, customer: null }))).toBe(false);
    expect(uow.jobsNamed('service_invoices.issue')).toEqual([{ invoice_id: invoice.id, customer: null }]);
  });

  it('the job sends it linked to the charge with the configured service and ISS; the provider then authorises it', async () => {
    const invoice = await schedule();
    expect(await service.issue(invoice.id)).toBe('sent');
    expect(provider.scheduled[0]).toMatchObject({ externalReference: invoice.id, providerPaymentId: 'pay_1', value: 1_250, municipalServiceCode: '10.05', issRate: 5, effectiveDate: '2026-11-28' });
    expect(db.serviceInvoices.get(invoice.id)).toMatchObject({ status: 'scheduled', provider_invoice_id: 'inv_1', attempts: 1 });
    provider.set('inv_1', 'authorised');
    expect(await service.applyInvoiceEvent({ providerInvoiceId: 'inv_1', externalReference: null })).toBe('authorised');
    expect(db.serviceInvoices.get(invoice.id)).toMatchObject({ status: 'authorised', number: '000123', pdf_url: 'https://nf.example/inv_1.pdf', authorised_at: now });
    // The same event again (or an older one) moves nothing.
    expect(await service.applyInvoiceEvent({ providerInvoiceId: 'inv_1', externalReference: null })).toBe('no_change');
    expect(await service.issue(invoice.id)).toBe('skipped');
  });

  it('a refusal is kept with the provider’s message; an operator’s retry (audited) sends it again', async () => {
    const invoice = await schedule();
    provider.refuse = 'Não há informações fiscais cadastradas.';
    expect(await service.issue(invoice.id)).toBe('error');
    expect(db.serviceInvoices.get(invoice.id)).toMatchObject({ status: 'error', error_message: 'Não há informações fiscais cadastradas.' });
    provider.refuse = null;
    const retried = await service.retry({ id: randomUUID(), email: 'admin@turma.test' }, invoice.id);
    expect(retried).toMatchObject({ status: 'scheduled', error_message: null });
    expect(db.audit.all((a) => a.action === 'service_invoice.retried')).toHaveLength(1);
    expect(uow.jobsNamed('service_invoices.issue')).toHaveLength(2);
    expect(await service.issue(invoice.id)).toBe('sent');
    await expect(service.retry({ id: randomUUID(), email: 'admin@turma.test' }, invoice.id)).rejects.toMatchObject({ code: 'service_invoice_not_in_error' });
  });

  it('no answer from the provider throws (the job retries) and leaves it scheduled for the reconcile job', async () => {
    const invoice = await schedule();
    provider.down = true;
    await expect(service.issue(invoice.id)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(db.serviceInvoices.get(invoice.id)).toMatchObject({ status: 'scheduled', provider_invoice_id: null });
    provider.down = false;
    expect(await service.reconcile()).toMatchObject({ checked: 1, moved: 1, errors: 0 });
    provider.set('inv_1', 'synchronised');
    await service.reconcile();
    expect(db.serviceInvoices.get(invoice.id)!.status).toBe('synchronised');
  });

  it('issuing off (NFSE_ENABLED=false) sends nothing', async () => {
    const invoice = await schedule();
    const off = new ServiceInvoiceService(uow, provider, clock, { ...settings, enabled: false });
    expect(await off.issue(invoice.id)).toBe('disabled');
    expect(provider.scheduled).toHaveLength(0);
  });
});

describe('cancelling a withdrawn purchase', () => {
  it('an invoice never sent is cancelled in the withdrawal’s transaction, without the provider', async () => {
    await schedule();
    expect(await uow.run((tx) => serviceInvoiceCommands(tx).requestCancel('group_purchase', voucherId, 'desistência', now))).toBe(true);
    expect(db.serviceInvoices.only()).toMatchObject({ status: 'cancelled', cancel_reason: 'desistência', cancelled_at: now });
    expect(uow.jobsNamed('service_invoices.cancel')).toHaveLength(0);
    expect(await uow.run((tx) => serviceInvoiceCommands(tx).requestCancel('group_purchase', voucherId, 'desistência', now))).toBe(false);
  });

  it('an authorised invoice is cancelled at the provider by the job; a purchase without one is left alone', async () => {
    const invoice = await schedule();
    await service.issue(invoice.id);
    provider.set('inv_1', 'authorised');
    await service.reconcile();
    expect(await uow.run((tx) => serviceInvoiceCommands(tx).requestCancel('group_purchase', voucherId, 'desistência', now))).toBe(true);
    expect(uow.jobsNamed('service_invoices.cancel')).toEqual([{ invoice_id: invoice.id }]);
    expect(await service.cancel(invoice.id)).toBe('requested');
    expect(db.serviceInvoices.get(invoice.id)).toMatchObject({ status: 'cancelled' });
    expect(await uow.run((tx) => serviceInvoiceCommands(tx).requestCancel('group_purchase', randomUUID(), 'x', now))).toBe(false);
  });

  it('a cancellation the city denies is an error for the operator, whose retry asks again', async () => {
    const invoice = await schedule();
    await service.issue(invoice.id);
    provider.set('inv_1', 'authorised');
    await service.reconcile();
    await uow.run((tx) => serviceInvoiceCommands(tx).requestCancel('group_purchase', voucherId, 'desistência', now));
    provider.cancel = async (id) => provider.set(id, 'cancel_denied', { statusDescription: 'Prazo expirado.' });
    await service.cancel(invoice.id);
    expect(db.serviceInvoices.get(invoice.id)).toMatchObject({ status: 'error', error_message: expect.stringContaining('Prazo expirado.') });
    await service.retry({ id: randomUUID(), email: 'admin@turma.test' }, invoice.id);
    expect(uow.jobsNamed('service_invoices.cancel')).toHaveLength(2);
    provider.cancel = async (id) => provider.set(id, 'cancelled');
    await service.cancel(invoice.id);
    expect(db.serviceInvoices.get(invoice.id)!.status).toBe('cancelled');
  });
});
