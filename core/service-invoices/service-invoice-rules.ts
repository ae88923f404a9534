// Service invoices (NFS-e) for the platform's fee (docs/product/payments.md#service-invoices-nfs-e): which purchase gets
// one and for how much, the invoice's state table (who may move it where) and how the provider's status moves it.
import type { Cents } from '../shared/money';
import { percentOf } from '../shared/money';
import type { ProviderInvoiceStatus } from '../ports/service-invoices';

export const SERVICE_INVOICE_STATUSES = ['scheduled', 'synchronised', 'authorised', 'cancelled', 'error'] as const;
export type ServiceInvoiceStatus = (typeof SERVICE_INVOICE_STATUSES)[number];

export const SERVICE_INVOICE_STATUS_LABELS: Record<ServiceInvoiceStatus, string> = {
  scheduled: 'Agendada',
  synchronised: 'Enviada à prefeitura',
  authorised: 'Autorizada',
  cancelled: 'Cancelada',
  error: 'Com erro',
};

/** Who moves an invoice: the provider's report (webhook, reconcile), our own system, or an operator's retry. */
export type ServiceInvoiceActor = 'provider' | 'system' | 'operator';

/**
 * The state table. The provider reports progress and may cancel at any point before `cancelled`; `authorised → error`
 * is a cancellation the city refused (the invoice stands, an operator looks). Our system cancels an invoice never sent
 * and records a refusal of the provider; only an operator puts an invoice in error back to `scheduled` (a retry).
 */
const MOVES: Record<ServiceInvoiceStatus, Partial<Record<ServiceInvoiceStatus, readonly ServiceInvoiceActor[]>>> = {
  scheduled: { synchronised: ['provider'], authorised: ['provider'], cancelled: ['provider', 'system'], error: ['provider', 'system'] },
  synchronised: { authorised: ['provider'], cancelled: ['provider'], error: ['provider'] },
  authorised: { cancelled: ['provider'], error: ['provider'] },
  error: { scheduled: ['operator'], synchronised: ['provider'], authorised: ['provider'], cancelled: ['provider', 'system'] },
  cancelled: {},
};

export const canMoveServiceInvoice = (from: ServiceInvoiceStatus, to: ServiceInvoiceStatus, actor: ServiceInvoiceActor): boolean =>
  MOVES[from][to]?.includes(actor) ?? false;

/** The statuses an actor may move an invoice to `to` from (what a conditional update checks). */
export const serviceInvoiceSources = (to: ServiceInvoiceStatus, actor: ServiceInvoiceActor): ServiceInvoiceStatus[] =>
  SERVICE_INVOICE_STATUSES.filter((from) => canMoveServiceInvoice(from, to, actor));

/** Nothing more happens to these without a person (error) or ever (cancelled); authorised waits only for a cancel. */
export const isFinalServiceInvoice = (s: ServiceInvoiceStatus) => s === 'cancelled';

/**
 * What the provider's status (re-read, never the event's body) does to the invoice: the status to move to, or null when
 * nothing moves. Cancellation under way changes nothing yet; a refused cancellation is an error for the operator.
 */
export function serviceInvoiceMove(current: ServiceInvoiceStatus, provider: ProviderInvoiceStatus): ServiceInvoiceStatus | null {
  const target: ServiceInvoiceStatus | null =
    provider === 'scheduled' || provider === 'cancelling'
      ? null
      : provider === 'cancel_denied'
        ? 'error'
        : provider;
  if (!target || target === current) return null;
  return canMoveServiceInvoice(current, target, 'provider') ? target : null;
}

/** The message an operator reads when the provider gives none. */
export const DEFAULT_SERVICE_INVOICE_ERROR = 'O provedor não emitiu a nota fiscal e não informou o motivo.';
export const CANCELLATION_DENIED_MESSAGE = 'A prefeitura negou o cancelamento da nota fiscal: ela continua válida.';

/**
 * The taxable service of a purchase: the platform's fee (PLATFORM_FEE_PERCENT of the plan price, half-up, as the
 * professional's receivable takes it). A product plan is goods, not a service (no NFS-e); a zero fee has nothing to invoice.
 */
export function feeServiceInvoiceAmount(input: { planKind: string | null | undefined; price: Cents; feePercent: number }): Cents | null {
  if (input.planKind === 'product') return null;
  const fee = percentOf(input.price, input.feePercent);
  return fee > 0 ? fee : null;
}

export const DEFAULT_SERVICE_INVOICE_DESCRIPTION = 'Intermediação de compra coletiva na Turma: {plano}';

/** The invoice's service description from the configured template: `{plano}` becomes the plan's name. */
export function serviceInvoiceDescription(template: string, planName: string): string {
  return template.replaceAll('{plano}', planName).trim().slice(0, 500);
}

/** The settings an invoice is issued with (NFSE_* in docs/operations.md#configuration). */
export interface ServiceInvoiceSettings {
  enabled: boolean;
  /** `{plano}` is replaced with the plan's name. */
  descriptionTemplate: string;
  /** The provider's id of the municipal service, when the city publishes a list. */
  municipalServiceId: string | null;
  /** The municipal service code (LC 116 item), when the city publishes no list. */
  municipalServiceCode: string;
  municipalServiceName: string;
  /** ISS rate in percent (2–5). */
  issRate: number;
}
