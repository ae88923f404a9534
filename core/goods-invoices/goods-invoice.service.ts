// Goods invoices' use cases (docs/product/payments.md#goods-invoices): issue the NF-e of a paid order (a job enqueued
// with the payment), follow it while SEFAZ processes it (a job that re-enqueues itself with backoff), cancel it or flag
// a return invoice when the order is refunded, and the operator's audited retry of a rejected one.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { AuditScope } from '../audit/ports';
import { auditMeta, type RequestMeta } from '../identity';
import {
  GOODS_INVOICE_CANCEL_WINDOW_HOURS,
  GOODS_INVOICE_MAX_POLLS,
  GOODS_INVOICE_STATUS_LABELS,
  REFUND_CANCEL_JUSTIFICATION,
  goodsInvoiceAmounts,
  goodsInvoicePollDelaySeconds,
  goodsInvoiceReference,
  refundDecision,
  saleCfop,
} from './goods-invoice-rules';
import { GoodsInvoiceUnavailable, type GoodsInvoice, type GoodsInvoiceFacts, type GoodsInvoiceOutcome, type GoodsInvoiceRecord, type GoodsInvoiceRequest, type GoodsInvoicesScope } from './ports';

export type GoodsInvoiceServiceScope = GoodsInvoicesScope & AuditScope;

export interface GoodsInvoiceSettings {
  /** The emitter's state (NFE_UF): the CFOP of each line depends on it. */
  emitterUf: string;
  cancelWindowHours?: number;
}

/** The back office's view of an order's NF-e (the customer sees only the status, the key and the DANFE). */
export type GoodsInvoiceView = Omit<GoodsInvoiceRecord, 'polls' | 'sent_at' | 'created_at' | 'updated_at'> & { status_label: string; can_retry: boolean };

/** A rejected invoice is sent again under a new reference; one stuck on an unreachable provider is re-queued. */
const canRetry = (i: Pick<GoodsInvoiceRecord, 'status' | 'error_message'>) => i.status === 'error' || (i.status === 'pending' && i.error_message !== null);

export const goodsInvoiceView = ({ polls: _polls, sent_at: _sent, created_at: _created, updated_at: _updated, ...i }: GoodsInvoiceRecord): GoodsInvoiceView => ({
  ...i,
  status_label: GOODS_INVOICE_STATUS_LABELS[i.status],
  can_retry: canRetry(i),
});

export type IssueResult = 'skipped' | 'no_goods' | 'already' | 'processing' | 'authorised' | 'rejected';

export class GoodsInvoiceService {
  constructor(
    private readonly uow: UnitOfWork<GoodsInvoiceServiceScope>,
    private readonly provider: GoodsInvoice,
    private readonly clock: Clock,
    private readonly settings: GoodsInvoiceSettings,
  ) {}

  /** The job `goods_invoices.issue`: creates the order's invoice once and sends it; a provider down throws (retried). */
  async issue(orderId: string): Promise<IssueResult> {
    const prepared = await this.uow.run(async (tx) => {
      const facts = await tx.goodsInvoices.facts(orderId);
      // A plan order is goods too (its whole price, no NFS-e for its fee): issued like a cart order's.
      if (!facts || !facts.paid_at || facts.status === 'cancelled' || facts.status === 'refunded') return 'skipped' as const;
      const amounts = goodsInvoiceAmounts(facts.lines, facts.shipping_amount);
      if (amounts.goods === 0) return 'no_goods' as const;
      const { invoice } = await tx.goodsInvoices.createIfAbsent({
        order_id: orderId,
        provider: this.provider.provider,
        reference: goodsInvoiceReference(orderId, 1),
        goods_amount: amounts.goods,
        freight_amount: amounts.freight,
        total_amount: amounts.total,
      });
      return { invoice, facts };
    });
    if (typeof prepared === 'string') return prepared;
    const { invoice, facts } = prepared;
    if (invoice.status !== 'pending') return 'already';
    // Sent before and no answer kept (a timeout, a crash): the provider may have it, so ask before sending again.
    if (invoice.sent_at) {
      const known = await this.guard(invoice, () => this.provider.consult(invoice.reference));
      if (known.status !== 'not_found') return this.apply(invoice, known);
    }
    await this.uow.run((tx) => tx.goodsInvoices.update(invoice.id, { sent_at: this.clock.now() }));
    const outcome = await this.guard(invoice, () => this.provider.issue(this.request(invoice, facts)));
    return this.apply(invoice, outcome);
  }

  /** The job `goods_invoices.poll`: one look at an invoice SEFAZ is processing; asks again later while it still is. */
  async poll(invoiceId: string): Promise<IssueResult | 'not_processing'> {
    const invoice = await this.uow.repos.goodsInvoices.findById(invoiceId);
    if (!invoice || invoice.status !== 'processing') return 'not_processing';
    let outcome: GoodsInvoiceOutcome;
    try {
      outcome = await this.provider.consult(invoice.reference);
    } catch (err) {
      if (!(err instanceof GoodsInvoiceUnavailable)) throw err;
      outcome = { status: 'processing' };
    }
    if (outcome.status === 'not_found') outcome = { status: 'processing' };
    return this.apply(invoice, outcome);
  }

  /** The job `goods_invoices.cancel`: the order was refunded (docs/product/payments.md#goods-invoices). */
  async cancelForRefund(orderId: string): Promise<'nothing' | 'dropped' | 'waiting' | 'cancelled' | 'return_required'> {
    const invoice = await this.uow.repos.goodsInvoices.findByOrder(orderId);
    const now = this.clock.now();
    // Sent and unanswered: it may be authorised any moment; wait for the answer like one in SEFAZ's hands.
    const decision = invoice?.status === 'pending' && invoice.sent_at ? 'wait' : refundDecision(invoice, now, this.settings.cancelWindowHours ?? GOODS_INVOICE_CANCEL_WINDOW_HOURS);
    if (!invoice || decision === 'nothing') return 'nothing';
    if (decision === 'wait') {
      await this.uow.run((tx) => tx.jobs.enqueue('goods_invoices.cancel', { order_id: orderId }, { singletonKey: orderId, startAfter: new Date(now.getTime() + 5 * 60_000) }));
      return 'waiting';
    }
    if (decision === 'drop') {
      await this.uow.run(async (tx) => {
        if (await tx.goodsInvoices.moveIf(invoice.id, ['pending', 'error'], 'cancelled', { cancelled_at: now })) await this.audit(tx, invoice, 'goods_invoice.dropped', { reason: 'pedido reembolsado antes da autorização' });
      });
      return 'dropped';
    }
    if (decision === 'return_required') {
      await this.flagReturn(invoice, 'prazo de cancelamento encerrado', null);
      return 'return_required';
    }
    const answer = await this.provider.cancel(invoice.reference, REFUND_CANCEL_JUSTIFICATION);
    if (answer.status === 'rejected') {
      await this.flagReturn(invoice, 'cancelamento recusado pela SEFAZ', answer.message);
      return 'return_required';
    }
    await this.uow.run(async (tx) => {
      if (await tx.goodsInvoices.moveIf(invoice.id, ['authorised'], 'cancelled', { cancelled_at: this.clock.now(), error_message: null })) await this.audit(tx, invoice, 'goods_invoice.cancelled', { reason: 'pedido reembolsado' });
    });
    return 'cancelled';
  }

  /** POST /api/admin/goods-invoices/:id/retry: a rejected invoice goes again as attempt n+1 (audited). */
  async retry(invoiceId: string, actor: { id: string; email: string }, meta: RequestMeta): Promise<GoodsInvoiceView> {
    return this.uow.run(async (tx) => {
      const invoice = await tx.goodsInvoices.lock(invoiceId);
      if (!invoice) throw notFound('goods_invoice_not_found', 'Nota fiscal não encontrada.');
      if (!canRetry(invoice)) throw conflict('goods_invoice_not_retryable', `Esta nota está "${GOODS_INVOICE_STATUS_LABELS[invoice.status]}": só uma nota rejeitada ou parada por falha do emissor pode ser enviada de novo.`);
      if (invoice.status === 'error') {
        const attempt = invoice.attempt + 1;
        await tx.goodsInvoices.moveIf(invoice.id, ['error'], 'pending', { attempt, reference: goodsInvoiceReference(invoice.order_id, attempt), sent_at: null, polls: 0, provider_status: null, error_message: null });
      }
      await tx.jobs.enqueue('goods_invoices.issue', { order_id: invoice.order_id }, { singletonKey: invoice.order_id });
      await tx.audit.append({
        action: 'goods_invoice.retried',
        actor_user_id: actor.id,
        actor_email: actor.email,
        entity_type: 'order',
        entity_id: invoice.order_id,
        ...auditMeta(meta),
        metadata: { invoice_id: invoice.id, before: { status: invoice.status, reference: invoice.reference, error: invoice.error_message }, after: { status: 'pending' } },
      });
      return goodsInvoiceView((await tx.goodsInvoices.findById(invoice.id))!);
    });
  }

  async forOrder(orderId: string): Promise<GoodsInvoiceView | null> {
    const invoice = await this.uow.repos.goodsInvoices.findByOrder(orderId);
    return invoice ? goodsInvoiceView(invoice) : null;
  }

  async findByAccessKey(key: string): Promise<GoodsInvoiceRecord | null> {
    return /^\d{44}$/.test(key) ? this.uow.repos.goodsInvoices.findByAccessKey(key) : null;
  }

  async facts(orderId: string): Promise<GoodsInvoiceFacts | null> {
    return this.uow.repos.goodsInvoices.facts(orderId);
  }

  /** Keeps the unreachable provider's reason on the row for the operator, then lets the job's retry take it. */
  private async guard(invoice: GoodsInvoiceRecord, call: () => Promise<GoodsInvoiceOutcome>): Promise<GoodsInvoiceOutcome> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof GoodsInvoiceUnavailable) await this.uow.run((tx) => tx.goodsInvoices.update(invoice.id, { error_message: err.message }));
      throw err;
    }
  }

  private request(invoice: GoodsInvoiceRecord, facts: GoodsInvoiceFacts): GoodsInvoiceRequest {
    const amounts = goodsInvoiceAmounts(facts.lines, facts.shipping_amount);
    const cfop = saleCfop(this.settings.emitterUf, facts.address.state);
    return {
      reference: invoice.reference,
      issued_at: this.clock.now(),
      customer: { ...facts.customer, address: facts.address },
      lines: amounts.lines.map((l, i) => ({ code: l.product_id ?? `item-${i + 1}`, description: l.product_name, quantity: l.quantity, unit_price: l.unit_price, total: l.subtotal, cfop, ncm: l.ncm ?? null })),
      goods_amount: amounts.goods,
      freight_amount: amounts.freight,
      total_amount: amounts.total,
    };
  }

  private async apply(invoice: GoodsInvoiceRecord, outcome: GoodsInvoiceOutcome): Promise<IssueResult> {
    const now = this.clock.now();
    const open = ['pending', 'processing'] as const;
    return this.uow.run(async (tx) => {
      switch (outcome.status) {
        case 'authorised': {
          const { status: _s, ...fields } = outcome;
          await tx.goodsInvoices.moveIf(invoice.id, open, 'authorised', { ...fields, authorised_at: now, error_message: null });
          return 'authorised';
        }
        case 'rejected':
          if (await tx.goodsInvoices.moveIf(invoice.id, open, 'error', { error_message: outcome.message, provider_status: outcome.provider_status })) {
            await this.audit(tx, invoice, 'goods_invoice.rejected', { message: outcome.message, provider_status: outcome.provider_status });
          }
          return 'rejected';
        case 'cancelled':
          await tx.goodsInvoices.moveIf(invoice.id, open, 'cancelled', { cancelled_at: now });
          return 'already';
        default: {
          const polls = invoice.status === 'processing' ? invoice.polls + 1 : 0;
          if (invoice.status === 'pending') await tx.goodsInvoices.moveIf(invoice.id, ['pending'], 'processing', { error_message: null, polls });
          else await tx.goodsInvoices.update(invoice.id, { polls, ...(polls >= GOODS_INVOICE_MAX_POLLS ? { error_message: 'A SEFAZ ainda não respondeu: a consulta continua a cada 30 minutos.' } : {}) });
          const startAfter = new Date(now.getTime() + goodsInvoicePollDelaySeconds(polls) * 1000);
          await tx.jobs.enqueue('goods_invoices.poll', { invoice_id: invoice.id }, { singletonKey: invoice.id, startAfter });
          return 'processing';
        }
      }
    });
  }

  private async flagReturn(invoice: GoodsInvoiceRecord, reason: string, message: string | null) {
    await this.uow.run(async (tx) => {
      if (await tx.goodsInvoices.moveIf(invoice.id, ['authorised'], 'return_required', { return_required_at: this.clock.now(), error_message: message })) {
        await this.audit(tx, invoice, 'goods_invoice.return_required', { reason, message });
      }
    });
  }

  private audit(tx: AuditScope, invoice: GoodsInvoiceRecord, action: string, metadata: Record<string, unknown>) {
    return tx.audit.append({ action, actor_email: 'sistema', entity_type: 'order', entity_id: invoice.order_id, metadata: { invoice_id: invoice.id, reference: invoice.reference, ...metadata } });
  }
}
