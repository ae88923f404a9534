// The real Asaas client's service invoices (NFS-e, docs/integrations.md#asaas-service-invoices-nfs-e) against the local
// Asaas v3: the wire format, statuses and links, never scheduling twice after an unknown outcome, refusals with
// Asaas's own description, server errors and timeouts, cancellation, and the INVOICE_* webhook's parsing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AsaasPaymentGateway, parseAsaasWebhook } from '../../adapters/payments/asaas.gateway';
import { AsaasServiceInvoices, mapAsaasInvoiceStatus } from '../../adapters/payments/asaas-invoices';
import { turmaUserAgent } from '../../adapters/geo/upstream';
import type { ScheduleInvoiceInput } from '../../core/ports/service-invoices';
import { DomainError } from '../../core/shared/errors';
import { asaasFault, startAsaasFake, type AsaasFake } from '../fakes/asaas.fake';

let fake: AsaasFake;
beforeAll(async () => {
  fake = await startAsaasFake();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => fake.reset());

const client = (timeoutMs = 5_000) => {
  const gateway = new AsaasPaymentGateway({ baseUrl: fake.url, apiKey: fake.apiKey, webhookToken: fake.webhookToken, userAgent: turmaUserAgent('https://turma.example'), timeoutMs, retryBaseMs: 5, sleep: async () => {} });
  return new AsaasServiceInvoices(gateway, gateway);
};

const REF = '3f1c2b9a-1111-4a2b-9c3d-5e6f7a8b9c0d';
const input = (over: Partial<ScheduleInvoiceInput> = {}): ScheduleInvoiceInput => ({
  externalReference: REF,
  providerPaymentId: null,
  providerCustomerId: null,
  customer: { name: 'Maria Souza', cpf: '52998224725', email: 'maria@exemplo.com.br', externalReference: 'u1' },
  value: 1_250,
  description: 'Intermediação de compra coletiva na Turma: Limpeza dental',
  effectiveDate: '2026-11-28',
  municipalServiceId: null,
  municipalServiceCode: '10.05',
  municipalServiceName: 'Intermediação',
  issRate: 5,
  ...over,
});

describe('schedule', () => {
  it('POSTs /v3/invoices to the customer in reais with the service, the ISS rate and our id; answers in our words', async () => {
    const invoice = await client().schedule(input());
    expect(invoice).toMatchObject({ id: expect.stringMatching(/^inv_/), status: 'scheduled', externalReference: REF, pdfUrl: null, customerId: expect.stringMatching(/^cus_/) });
    const [post] = fake.requestsTo('POST', '/invoices');
    expect(post!.body).toMatchObject({
      customer: invoice.customerId,
      value: 12.5,
      deductions: 0,
      effectiveDate: '2026-11-28',
      externalReference: REF,
      municipalServiceCode: '10.05',
      municipalServiceName: 'Intermediação',
      serviceDescription: 'Intermediação de compra coletiva na Turma: Limpeza dental',
      taxes: { retainIss: false, iss: 5, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0 },
    });
    expect(post!.body.payment).toBeUndefined();
    // Looked up by externalReference before posting; a second schedule finds it and posts nothing.
    expect(fake.requestsTo('GET', '/invoices')[0]!.query.externalReference).toBe(REF);
    expect((await client().schedule(input())).id).toBe(invoice.id);
    expect(fake.requestsTo('POST', '/invoices')).toHaveLength(1);
  });

  it('links to the charge when there is one, and reads the authorised invoice with its number and links', async () => {
    const gateway = new AsaasPaymentGateway({ baseUrl: fake.url, apiKey: fake.apiKey, webhookToken: fake.webhookToken, userAgent: 'Turma', retryBaseMs: 5, sleep: async () => {} });
    const customer = await gateway.ensureCustomer(input().customer!);
    const charge = await gateway.createCharge({ customerId: customer, method: 'PIX', amount: 9_000, dueDate: '2099-01-01', description: 'saldo', externalReference: 'pay-1' });
    const invoice = await client().schedule(input({ providerPaymentId: charge.providerId, customer: null }));
    expect(fake.requestsTo('POST', '/invoices')[0]!.body).toMatchObject({ payment: charge.providerId });
    fake.setInvoiceStatus(invoice.id, 'AUTHORIZED');
    expect(await client().get(invoice.id)).toMatchObject({ status: 'authorised', number: expect.any(String), validationCode: expect.any(String), pdfUrl: expect.stringMatching(/\.pdf$/), xmlUrl: expect.stringMatching(/\.xml$/) });
  });

  it('a 400 is an invalid DomainError carrying Asaas’s errors[] description, and nothing is retried', async () => {
    fake.fault('POST', '/invoices', asaasFault.invalid('invalid_fiscalInfo', 'Não há informações fiscais cadastradas para emissão de notas fiscais.'));
    const err = await client().schedule(input()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'invalid', message: 'Não há informações fiscais cadastradas para emissão de notas fiscais.' });
    expect(fake.requestsTo('POST', '/invoices')).toHaveLength(1);
  });

  it('a 500 after the invoice was made: looks it up and answers it, never posting twice', async () => {
    fake.fault('POST', '/invoices', asaasFault.performThenStatus(500));
    const invoice = await client().schedule(input());
    expect(invoice.externalReference).toBe(REF);
    expect(fake.invoices.size).toBe(1);
    expect(fake.requestsTo('POST', '/invoices')).toHaveLength(1);
  });

  it('a plain 500 (nothing made) and a timeout are `unavailable`: the job retries later', async () => {
    fake.fault('POST', '/invoices', asaasFault.serverError());
    await expect(client().schedule(input())).rejects.toMatchObject({ kind: 'unavailable' });
    fake.fault('POST', '/invoices', asaasFault.hang());
    await expect(client(300).schedule(input())).rejects.toMatchObject({ kind: 'unavailable' });
    expect(fake.invoices.size).toBe(0);
  });

  it('an invoice Asaas failed (ERROR) does not count: a retry schedules a new one', async () => {
    const first = await client().schedule(input());
    fake.setInvoiceStatus(first.id, 'ERROR', { statusDescription: 'Inscrição municipal inválida.' });
    expect(await client().get(first.id)).toMatchObject({ status: 'error', statusDescription: 'Inscrição municipal inválida.' });
    const second = await client().schedule(input());
    expect(second.id).not.toBe(first.id);
  });
});

describe('cancel', () => {
  it('asks for the cancellation; an authorised invoice goes through PROCESSING_CANCELLATION; a refusal keeps Asaas’s message', async () => {
    const invoice = await client().schedule(input());
    fake.setInvoiceStatus(invoice.id, 'AUTHORIZED');
    expect(await client().cancel(invoice.id)).toMatchObject({ status: 'cancelling' });
    fake.setInvoiceStatus(invoice.id, 'CANCELLATION_DENIED', { statusDescription: 'Prazo de cancelamento expirado.' });
    expect(await client().get(invoice.id)).toMatchObject({ status: 'cancel_denied', statusDescription: 'Prazo de cancelamento expirado.' });
    fake.setInvoiceStatus(invoice.id, 'ERROR');
    await expect(client().cancel(invoice.id)).rejects.toMatchObject({ kind: 'invalid', message: 'Esta nota fiscal não pode ser cancelada.' });
  });
});

describe('statuses and webhooks', () => {
  it('maps every Asaas status, unknown ones to scheduled', () => {
    expect(['SCHEDULED', 'SYNCHRONIZED', 'AUTHORIZED', 'PROCESSING_CANCELLATION', 'CANCELED', 'CANCELLATION_DENIED', 'ERROR', 'NOVO'].map(mapAsaasInvoiceStatus)).toEqual([
      'scheduled', 'synchronised', 'authorised', 'cancelling', 'cancelled', 'cancel_denied', 'error', 'scheduled',
    ]);
  });

  it('an INVOICE_* webhook carries the invoice id and our reference; the token is checked as for payments', async () => {
    const invoice = await client().schedule(input());
    const { headers, body } = fake.invoiceWebhook('INVOICE_AUTHORIZED', invoice.id);
    expect(parseAsaasWebhook(fake.webhookToken, headers, body)).toMatchObject({ type: 'INVOICE_AUTHORIZED', providerPaymentId: null, providerInvoiceId: invoice.id, externalReference: REF });
    expect(() => parseAsaasWebhook('outro-token', headers, body)).toThrow(DomainError);
  });
});
