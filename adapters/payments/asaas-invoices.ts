// The ServiceInvoiceProvider port over Asaas's invoices (docs/integrations.md#asaas-service-invoices-nfs-e): schedule linked to
// the charge or to the customer, read, cancel; reais ↔ centavos at the edge, a refusal carries Asaas's own description.
import type { PaymentGateway } from '../../core/ports/payments';
import type { ProviderInvoice, ProviderInvoiceStatus, ScheduleInvoiceInput, ServiceInvoiceProvider } from '../../core/ports/service-invoices';
import { DomainError } from '../../core/shared/errors';
import { centsToReais } from '../../core/shared/money';
import type { Logger } from '../logger';
import { describe, firstError, isObject, isOk, isUnknownOutcome, listData, str, type AsaasPaymentGateway, type Json, type Outcome } from './asaas.gateway';

const UNAVAILABLE = 'O provedor de notas fiscais não respondeu. A nota será enviada de novo automaticamente.';
const MISCONFIGURED = 'O provedor recusou a chave de API ao emitir a nota fiscal: confira ASAAS_API_KEY e ASAAS_BASE_URL.';

/**
 * Asaas `invoice.status` → ours (the port's table; the set is open): anything unknown is `scheduled`, never
 * "authorised" by accident.
 */
export function mapAsaasInvoiceStatus(status: unknown): ProviderInvoiceStatus {
  switch (status) {
    case 'SYNCHRONIZED':
      return 'synchronised';
    case 'AUTHORIZED':
      return 'authorised';
    case 'PROCESSING_CANCELLATION':
      return 'cancelling';
    case 'CANCELED':
    case 'CANCELLED':
      return 'cancelled';
    case 'CANCELLATION_DENIED':
      return 'cancel_denied';
    case 'ERROR':
      return 'error';
    default:
      return 'scheduled';
  }
}

/** An Asaas invoice object → ours. Null when it is not one. */
export function toProviderInvoice(body: unknown): ProviderInvoice | null {
  if (!isObject(body) || !str(body.id)) return null;
  return {
    id: str(body.id)!,
    status: mapAsaasInvoiceStatus(body.status),
    externalReference: str(body.externalReference),
    statusDescription: str(body.statusDescription),
    number: str(body.number) ?? (typeof body.number === 'number' ? String(body.number) : null),
    validationCode: str(body.validationCode),
    pdfUrl: str(body.pdfUrl),
    xmlUrl: str(body.xmlUrl),
    customerId: str(body.customer),
  };
}

export class AsaasServiceInvoices implements ServiceInvoiceProvider {
  readonly name = 'asaas' as const;

  constructor(
    private readonly asaas: AsaasPaymentGateway,
    private readonly customers: Pick<PaymentGateway, 'ensureCustomer'>,
    private readonly logger?: Logger,
  ) {}

  /**
   * POST /invoices. Looks the invoice up by externalReference (our invoice id) first, and after a timeout, network
   * error or 5xx looks again instead of posting twice: an invoice is never scheduled twice. An invoice Asaas failed
   * (ERROR) or cancelled does not count, so an operator's retry schedules a new one.
   */
  async schedule(input: ScheduleInvoiceInput): Promise<ProviderInvoice> {
    const existing = await this.findByReference(input.externalReference);
    if (existing) return existing;
    const origin: Json = {};
    if (input.providerPaymentId) origin.payment = input.providerPaymentId;
    else if (input.providerCustomerId) origin.customer = input.providerCustomerId;
    else if (input.customer) origin.customer = await this.customers.ensureCustomer(input.customer);
    else throw new DomainError('invalid', 'invoice_without_customer', 'A nota não tem cobrança nem cliente no provedor.');
    const body: Json = {
      ...origin,
      serviceDescription: input.description,
      observations: 'Nota emitida pela Turma.',
      externalReference: input.externalReference,
      value: centsToReais(input.value),
      deductions: 0,
      effectiveDate: input.effectiveDate,
      // Where the city publishes its list, its id; otherwise the code and name (docs/integrations.md).
      ...(input.municipalServiceId ? { municipalServiceId: input.municipalServiceId } : { municipalServiceCode: input.municipalServiceCode }),
      municipalServiceName: input.municipalServiceName,
      taxes: { retainIss: false, iss: input.issRate, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0 },
    };
    const outcome = await this.asaas.request('POST', '/invoices', { body });
    if (isOk(outcome)) return this.require(outcome.body);
    if (!isUnknownOutcome(outcome)) throw this.fail(outcome, 'schedule');
    this.logger?.warn({ service: 'asaas', call: 'POST /invoices', outcome: describe(outcome), external_reference: input.externalReference }, 'asaas: resultado desconhecido; conferindo antes de repetir');
    const found = await this.findByReference(input.externalReference);
    if (found) return found;
    throw this.fail(outcome, 'schedule');
  }

  async get(providerInvoiceId: string): Promise<ProviderInvoice> {
    const outcome = await this.asaas.request('GET', `/invoices/${encodeURIComponent(providerInvoiceId)}`);
    if (!isOk(outcome)) throw this.fail(outcome, 'get');
    return this.require(outcome.body);
  }

  /** POST /invoices/{id}/cancel; after an unknown outcome the invoice is read again (its status says whether it was taken). */
  async cancel(providerInvoiceId: string): Promise<ProviderInvoice> {
    const outcome = await this.asaas.request('POST', `/invoices/${encodeURIComponent(providerInvoiceId)}/cancel`, { body: {} });
    if (isOk(outcome)) return this.require(outcome.body);
    if (!isUnknownOutcome(outcome)) throw this.fail(outcome, 'cancel');
    const again = await this.get(providerInvoiceId);
    if (again.status === 'cancelling' || again.status === 'cancelled') return again;
    throw this.fail(outcome, 'cancel');
  }

  private async findByReference(externalReference: string): Promise<ProviderInvoice | null> {
    const outcome = await this.asaas.request('GET', '/invoices', { query: { externalReference, limit: '100' } });
    if (!isOk(outcome)) throw this.fail(outcome, 'list');
    // Filtered here too: a list filter Asaas ignores would otherwise hand back someone else's invoice.
    const live = listData(outcome.body).filter((i) => i.externalReference === externalReference && i.status !== 'ERROR' && i.status !== 'CANCELED' && i.deleted !== true);
    return live[0] ? toProviderInvoice(live[0]) : null;
  }

  private require(body: unknown): ProviderInvoice {
    const invoice = toProviderInvoice(body);
    if (!invoice) {
      this.logger?.error({ service: 'asaas', what: 'invoice' }, 'asaas: resposta inesperada');
      throw new DomainError('unavailable', 'invoice_provider_unavailable', UNAVAILABLE);
    }
    return invoice;
  }

  /** A 400 keeps Asaas's own description (the operator reads it on /admin/fiscal); the rest is for the retry or a person. */
  private fail(outcome: Outcome, operation: string): DomainError {
    if (outcome.kind !== 'response') {
      this.logger?.warn({ service: 'asaas', operation: `invoice_${operation}`, outcome: describe(outcome) }, 'asaas: sem resposta');
      return new DomainError('unavailable', 'invoice_provider_unavailable', UNAVAILABLE);
    }
    const first = firstError(outcome.body);
    if (outcome.status === 400) {
      return new DomainError('invalid', 'invoice_refused', first?.description ?? 'O provedor recusou a nota fiscal sem dizer o motivo.', { details: first?.code ? { provider_code: first.code } : {} });
    }
    if (outcome.status === 404) return new DomainError('not_found', 'invoice_not_found', 'Nota fiscal não encontrada no provedor.');
    if (outcome.status === 401 || outcome.status === 403) {
      this.logger?.error({ service: 'asaas', operation: `invoice_${operation}`, status: outcome.status, asaas_code: first?.code }, 'asaas: chave de API recusada ao emitir nota fiscal');
      return new DomainError('unavailable', 'invoice_provider_misconfigured', MISCONFIGURED);
    }
    this.logger?.warn({ service: 'asaas', operation: `invoice_${operation}`, status: outcome.status }, `asaas: HTTP ${outcome.status}`);
    return new DomainError('unavailable', 'invoice_provider_unavailable', UNAVAILABLE);
  }
}
