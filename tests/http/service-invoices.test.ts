// The platform's fee invoiced end to end on the embedded sandbox (docs/product/payments.md#service-invoices-nfs-e): scheduled
// with the balance, authorised by an INVOICE_* webhook applied once, shown to the member and the back office with its
// PDF and XML, and cancelled when the member withdraws.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../../adapters/tokens';
import type { SandboxPaymentGateway } from '../../adapters/payments/sandbox.gateway';
import type { SandboxServiceInvoices } from '../../adapters/payments/sandbox-invoices';
import type { ServiceInvoiceService } from '../../core/service-invoices/service-invoice.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;
async function pay(user: TestUser, purpose: 'entry' | 'balance', refId: string) {
  const created = await user.client.post('/api/payments', { purpose, ref_id: refId, method: 'PIX' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const confirmed = await user.client.post(`/api/sandbox/payments/${created.body.id}/confirm`);
  expect(confirmed.body, JSON.stringify(confirmed.body)).toMatchObject({ status: 'confirmed' });
  return created.body.id as string;
}

describe('a completed group’s fee', () => {
  it('ends with an authorised invoice in the sandbox, and a cancelled one after the member withdraws', async () => {
    const plan = await createPlan(app, { price: 10_000, group_size: 2, window_days: 30 });
    const [ana, bia] = await Promise.all([createUser(app, { fullName: 'Ana Lima' }), createUser(app, { fullName: 'Bia Reis' })]);
    const created = (await ana.client.post('/api/groups', { plan_id: plan.id })).body;
    await pay(ana, 'entry', created.membership.id);
    const biaMember = (await bia.client.post(`/api/groups/${created.group.id}/join`, {})).body.membership.id as string;
    await pay(bia, 'entry', biaMember);
    const voucher = await knex()('vouchers').where({ member_id: created.membership.id }).first();
    // No invoice before the purchase is complete (an entry alone is no service rendered).
    expect(await knex()('service_invoices')).toHaveLength(0);
    const balance = await pay(ana, 'balance', voucher.id);

    // Scheduled in the balance's transaction and sent to the provider by the job right after it: 10 % of R$ 100,00.
    const scheduled = await knex()('service_invoices').where({ source_id: voucher.id }).first();
    expect(scheduled).toMatchObject({ source: 'group_purchase', payment_id: balance, amount: 1_000, status: 'scheduled', provider: 'sandbox', description: `Intermediação de compra coletiva na Turma: ${plan.name}` });
    expect(scheduled.provider_invoice_id).toMatch(/^inv_sbx_/);
    expect(scheduled.provider_payment_id).toMatch(/^pay_sbx_/);

    // The provider's INVOICE_AUTHORIZED webhook, delivered twice with one id: applied once, from the invoice as re-read.
    (app.container.get<SandboxServiceInvoices>(TOKENS.ServiceInvoiceProvider)).delayMs = 0;
    const token = app.container.get<SandboxPaymentGateway>(TOKENS.SandboxGateway).webhookToken;
    const event = { id: 'evt_invoice_1', event: 'INVOICE_AUTHORIZED', dateCreated: '2026-11-28 10:00:00', invoice: { id: scheduled.provider_invoice_id, externalReference: scheduled.id } };
    const first = await app.client().post('/api/webhooks/asaas', event, { 'asaas-access-token': token });
    expect(first.body).toEqual({ received: true, duplicate: false });
    const again = await app.client().post('/api/webhooks/asaas', event, { 'asaas-access-token': token });
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await knex()('payment_events').where({ event_id: 'evt_invoice_1' })).toHaveLength(1);
    const authorised = await knex()('service_invoices').where({ id: scheduled.id }).first();
    expect(authorised).toMatchObject({ status: 'authorised', number: expect.stringMatching(/^\d{6}$/) });
    expect(authorised.pdf_url).toBe(`http://127.0.0.1/api/sandbox/invoices/${scheduled.provider_invoice_id}/pdf`);
    // Nothing left for the reconcile job.
    expect(await app.container.get<ServiceInvoiceService>(TOKENS.ServiceInvoiceService).reconcile()).toMatchObject({ checked: 0 });

    // The sandbox serves the test PDF and XML.
    const pdf = await fetch(`${app.url}/api/sandbox/invoices/${scheduled.provider_invoice_id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await fetch(`${app.url}/api/sandbox/invoices/${scheduled.provider_invoice_id}/xml`);
    expect(await xml.text()).toContain(`<Numero>${authorised.number}</Numero>`);

    // The member sees it with the payment; another member sees nothing of it.
    expect((await ana.client.get('/api/me/service-invoices')).body.items).toEqual([
      { payment_id: balance, number: authorised.number, pdf_url: authorised.pdf_url, xml_url: authorised.xml_url, authorised_at: expect.any(String) },
    ]);
    expect((await bia.client.get('/api/me/service-invoices')).body.items).toEqual([]);
    // And on the balance's receipt, linked.
    const receipt = await ana.client.get(`/api/payments/${balance}/receipt`);
    expect(receipt.text).toContain(`<a href="${authorised.pdf_url}" rel="noopener noreferrer">nº ${authorised.number} (PDF)</a>`);
    // The back office lists it with its Portuguese status.
    const admin = await app.createAdmin();
    const operator = app.client();
    expect((await operator.post('/api/auth/login', admin)).status).toBe(200);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(new Date());
    const listed = await operator.get(`/api/admin/service-invoices?month=${month}`);
    expect(listed.body).toMatchObject({ total: 1, items: [{ id: scheduled.id, status: 'authorised', status_label: 'Autorizada', amount: 1_000, error_message: null }] });
    expect((await operator.post(`/api/admin/service-invoices/${scheduled.id}/retry`)).status).toBe(409);
    expect((await ana.client.get('/api/admin/service-invoices')).status).toBe(403);

    // The member withdraws within 7 days: the invoice is cancelled at the provider by the job after the commit.
    const withdrawn = await ana.client.post(`/api/me/memberships/${created.membership.id}/withdraw`, {});
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const cancelled = await knex()('service_invoices').where({ id: scheduled.id }).first();
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: 'desistência do participante (CDC art. 49)' });
    expect(await knex()('sandbox_invoices').where({ id: scheduled.provider_invoice_id }).first()).toMatchObject({ status: 'CANCELED' });
    expect((await ana.client.get('/api/me/service-invoices')).body.items).toEqual([]);
  });
});
