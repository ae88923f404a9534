// The embedded sandbox's service invoices (docs/decisions/026-service-invoices-through-the-provider.md): scheduled in its
// own table, authorised a short while later when read (by the reconcile job or a webhook's re-read), cancelled at once;
// a test PDF and XML served under /api/sandbox/invoices. Same shapes as Asaas, so the core cannot tell them apart.
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ProviderInvoice, ScheduleInvoiceInput, ServiceInvoiceProvider } from '../../core/ports/service-invoices';
import type { PaymentGateway } from '../../core/ports/payments';
import type { Clock } from '../../core/shared/clock';
import { systemClock } from '../../core/shared/clock';
import { DomainError } from '../../core/shared/errors';
import { formatCents } from '../../core/shared/money';
import { toProviderInvoice } from './asaas-invoices';

/** How long a sandbox invoice stays SCHEDULED before a read finds it AUTHORIZED. */
export const SANDBOX_INVOICE_DELAY_MS = 10_000;

const TABLE = 'sandbox_invoices';

interface InvoiceRow {
  id: string;
  external_reference: string;
  payment: string | null;
  customer: string | null;
  value: number;
  service_description: string;
  municipal_service_code: string | null;
  municipal_service_name: string | null;
  iss: number | string;
  effective_date: string;
  status: string;
  number: string | null;
  validation_code: string | null;
  created_at: Date;
  updated_at: Date;
}

const invalid = (message: string) => new DomainError('invalid', 'invoice_refused', message);

export class SandboxServiceInvoices implements ServiceInvoiceProvider {
  readonly name = 'sandbox' as const;
  /** Tests set 0 to find an invoice authorised at its first read. */
  delayMs: number;
  private readonly publicUrl: string;
  private readonly clock: Clock;

  /** `knex` is the ROOT handle: the provider's books are never part of a caller's transaction. */
  constructor(
    private readonly knex: Knex,
    private readonly customers: Pick<PaymentGateway, 'ensureCustomer'>,
    options: { publicUrl: string; clock?: Clock; delayMs?: number },
  ) {
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.clock = options.clock ?? systemClock;
    this.delayMs = options.delayMs ?? SANDBOX_INVOICE_DELAY_MS;
  }

  async schedule(input: ScheduleInvoiceInput): Promise<ProviderInvoice> {
    const existing = (await this.knex<InvoiceRow>(TABLE).where({ external_reference: input.externalReference }).first()) as InvoiceRow | undefined;
    if (existing && !['ERROR', 'CANCELED'].includes(existing.status)) return this.read(existing);
    if (!Number.isSafeInteger(input.value) || input.value <= 0) throw invalid('O valor da nota fiscal deve ser maior que zero.');
    if (!input.municipalServiceId && !input.municipalServiceCode.trim()) throw invalid('Informe o serviço municipal da nota fiscal.');
    const customer = input.providerPaymentId ? null : (input.providerCustomerId ?? (input.customer ? await this.customers.ensureCustomer(input.customer) : null));
    if (!input.providerPaymentId && !customer) throw invalid('Informe a cobrança ou o cliente da nota fiscal.');
    const now = this.clock.now();
    const row = {
      id: `inv_sbx_${randomBytes(8).toString('hex')}`,
      external_reference: input.externalReference,
      payment: input.providerPaymentId,
      customer,
      value: input.value,
      service_description: input.description,
      municipal_service_code: input.municipalServiceId ?? input.municipalServiceCode,
      municipal_service_name: input.municipalServiceName,
      iss: input.issRate,
      effective_date: input.effectiveDate,
      status: 'SCHEDULED',
      created_at: now,
      updated_at: now,
    };
    // A retried schedule after an ERROR replaces the failed one (its reference is free again, as at Asaas).
    if (existing) await this.knex(TABLE).where({ id: existing.id }).update({ external_reference: `${existing.external_reference}:${existing.id}` });
    await this.knex(TABLE).insert(row).onConflict('external_reference').ignore();
    return this.read((await this.knex<InvoiceRow>(TABLE).where({ external_reference: input.externalReference }).first()) as InvoiceRow);
  }

  async get(providerInvoiceId: string): Promise<ProviderInvoice> {
    return this.read(await this.row(providerInvoiceId));
  }

  /** Cancels at once (the test city always agrees); an invoice already cancelled stays so. */
  async cancel(providerInvoiceId: string): Promise<ProviderInvoice> {
    const row = await this.row(providerInvoiceId);
    if (row.status === 'ERROR') throw invalid('Uma nota com erro não pode ser cancelada.');
    await this.knex(TABLE).where({ id: row.id }).whereNot({ status: 'CANCELED' }).update({ status: 'CANCELED', updated_at: this.clock.now() });
    return this.get(row.id);
  }

  /** The test invoice's PDF (null when unknown). */
  async pdf(providerInvoiceId: string): Promise<Buffer | null> {
    const row = (await this.knex<InvoiceRow>(TABLE).where({ id: providerInvoiceId }).first()) as InvoiceRow | undefined;
    if (!row) return null;
    // Loaded on the first PDF, not at start.
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: 'A4', margin: 56, lang: 'pt-BR', info: { Title: `NFS-e de teste ${row.number ?? row.id}`, Author: 'Turma (sandbox)' } });
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#ea580c').text('NFS-e DE TESTE — SEM VALOR FISCAL');
    doc.moveDown();
    doc.font('Helvetica').fontSize(11).fillColor('#1c1917');
    for (const [label, value] of this.facts(row)) doc.text(`${label}: ${value}`);
    doc.end();
    return done;
  }

  /** The test invoice's XML (null when unknown). */
  async xml(providerInvoiceId: string): Promise<string | null> {
    const row = (await this.knex<InvoiceRow>(TABLE).where({ id: providerInvoiceId }).first()) as InvoiceRow | undefined;
    if (!row) return null;
    const esc = (v: string) => v.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<NFSe ambiente="teste">',
      `  <Numero>${esc(row.number ?? '')}</Numero>`,
      `  <CodigoVerificacao>${esc(row.validation_code ?? '')}</CodigoVerificacao>`,
      `  <Situacao>${esc(row.status)}</Situacao>`,
      `  <Servico><Discriminacao>${esc(row.service_description)}</Discriminacao><ItemListaServico>${esc(row.municipal_service_code ?? '')}</ItemListaServico><Aliquota>${Number(row.iss)}</Aliquota><ValorServicos>${(row.value / 100).toFixed(2)}</ValorServicos></Servico>`,
      '</NFSe>',
      '',
    ].join('\n');
  }

  private facts(row: InvoiceRow): Array<[string, string]> {
    return [
      ['Número', row.number ?? '—'],
      ['Código de verificação', row.validation_code ?? '—'],
      ['Situação', row.status],
      ['Serviço', row.service_description],
      ['Serviço municipal', `${row.municipal_service_code ?? ''} ${row.municipal_service_name ?? ''}`.trim()],
      ['Alíquota do ISS', `${Number(row.iss).toLocaleString('pt-BR')}%`],
      ['Valor', formatCents(row.value)],
      ['Data de emissão', row.effective_date],
    ];
  }

  private async row(id: string): Promise<InvoiceRow> {
    const row = (await this.knex<InvoiceRow>(TABLE).where({ id }).first()) as InvoiceRow | undefined;
    if (!row) throw new DomainError('not_found', 'invoice_not_found', 'Nota fiscal não encontrada no provedor.');
    return row;
  }

  /** A scheduled invoice older than the delay is authorised now (once: a conditional update), with its number. */
  private async read(row: InvoiceRow): Promise<ProviderInvoice> {
    let current = row;
    if (row.status === 'SCHEDULED' && this.clock.now().getTime() - new Date(row.created_at).getTime() >= this.delayMs) {
      const number = String(parseInt(createHash('sha256').update(row.id).digest('hex').slice(0, 8), 16) % 1_000_000).padStart(6, '0');
      const validation = createHash('sha256').update(`cv:${row.id}`).digest('hex').slice(0, 9).toUpperCase();
      await this.knex(TABLE).where({ id: row.id, status: 'SCHEDULED' }).update({ status: 'AUTHORIZED', number, validation_code: validation, updated_at: this.clock.now() });
      current = (await this.knex<InvoiceRow>(TABLE).where({ id: row.id }).first()) as InvoiceRow;
    }
    const issued = current.status === 'AUTHORIZED' || current.status === 'CANCELED';
    return toProviderInvoice({
      id: current.id,
      status: current.status,
      customer: current.customer,
      externalReference: current.external_reference,
      statusDescription: null,
      number: issued ? current.number : null,
      validationCode: issued ? current.validation_code : null,
      pdfUrl: issued ? `${this.publicUrl}/api/sandbox/invoices/${current.id}/pdf` : null,
      xmlUrl: issued ? `${this.publicUrl}/api/sandbox/invoices/${current.id}/xml` : null,
    })!;
  }
}
