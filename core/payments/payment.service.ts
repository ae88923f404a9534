// Payments (PRODUCT.md §6): charging an entry or a balance through the provider, and applying what the provider
// reports — webhook, polling or reconcile — exactly once, only when the amount matches, never moving a paid payment back.
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { DomainError, conflict, notFound } from '../shared/errors';
import type { Mailer, MailMessage } from '../ports/mailer';
import type { PaymentGateway, PaymentMethod, ProviderCharge } from '../ports/payments';
import type { Repositories } from '../ports/repositories';
import type { PaymentPurpose, PaymentRecord } from '../ports/group-repositories';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { RequestMeta } from '../identity/auth.service';
import { auditMeta } from '../identity/auth.service';
import { amountMatches, firstNameOf, occupiesPlace, paidCount, shouldComplete, makeCode, placesTaken } from '../groups/group-rules';
import { notify } from '../notifications/notifications';
import { groupCompleteEmail, paymentConfirmedEmail, refundIssuedEmail } from '../groups/group-emails';

export const createPaymentSchema = z.object({
  purpose: z.enum(['entry', 'balance', 'order'], { message: 'Finalidade de pagamento inválida' }),
  ref_id: z.uuid({ message: 'Referência inválida' }),
  method: z.enum(['PIX', 'BOLETO', 'CREDIT_CARD'], { message: 'Escolha PIX, boleto ou cartão' }),
  installments: z.number().int().min(1).max(12, { message: 'No máximo 12 parcelas' }).default(1),
});
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

const isUuid = (v: string) => z.uuid().safeParse(v).success;

/** YYYY-MM-DD in America/Sao_Paulo, `plusDays` ahead (Asaas refuses due dates before today there). */
export function saoPauloDate(now: Date, plusDays = 0): string {
  const d = new Date(now.getTime() + plusDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

export interface PaymentView {
  id: string;
  purpose: PaymentPurpose;
  ref_id: string;
  status: string;
  confirmed: boolean;
  amount: number;
  method: string;
  installments: number;
  provider: string;
  pix?: { payload: string; image: string; expires_at: string };
  boleto_url?: string;
  invoice_url?: string;
  created_at: string;
  confirmed_at: string | null;
  refunded_amount: number;
}

export function toPaymentView(p: PaymentRecord): PaymentView {
  return {
    id: p.id,
    purpose: p.purpose,
    ref_id: p.ref_id,
    status: p.status,
    confirmed: p.status === 'confirmed',
    amount: p.amount,
    method: p.method,
    installments: p.installments,
    provider: p.provider,
    ...(p.pix_payload && p.pix_image && p.pix_expires_at ? { pix: { payload: p.pix_payload, image: p.pix_image, expires_at: p.pix_expires_at.toISOString() } } : {}),
    ...(p.boleto_url ? { boleto_url: p.boleto_url } : {}),
    ...(p.invoice_url ? { invoice_url: p.invoice_url } : {}),
    created_at: p.created_at.toISOString(),
    confirmed_at: p.confirmed_at?.toISOString() ?? null,
    refunded_amount: p.refunded_amount,
  };
}

export type ApplyOutcome =
  | 'applied'
  | 'already_applied'
  | 'amount_mismatch'
  | 'refund_needed'
  | 'cancelled'
  | 'refunded'
  | 'no_change'
  | 'unknown_payment'
  | 'ignored_event';

interface AfterCommit {
  mails: MailMessage[];
}

/**
 * What another domain plugs in to be paid through this service (the marketplace's orders): the amount to charge,
 * and what a confirmed payment does, inside the confirming transaction.
 */
export interface PaymentTarget {
  /** Amount and description of a new charge; throws DomainErrors (404 when not the caller's, 409 in a wrong state). */
  resolve(repos: Repositories, userId: string, refId: string): Promise<{ amount: number; description: string }>;
  /** Applies a confirmed payment exactly once; 'refund_needed' when the money cannot be used (e.g. order cancelled). */
  settle(r: Repositories, payment: PaymentRecord, mails: MailMessage[]): Promise<'applied' | 'refund_needed'>;
}

export class PaymentService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly targets: Partial<Record<PaymentPurpose, PaymentTarget>> = {},
    private readonly random: () => number = Math.random,
  ) {}

  /** POST /api/payments: the charge for an entry or a balance; a reload returns the payment already under way. */
  async createPayment(actor: { id: string; email: string }, raw: CreatePaymentInput, meta: RequestMeta): Promise<PaymentView> {
    const input = createPaymentSchema.parse(raw);
    const target = await this.resolveTarget(actor.id, input.purpose, input.ref_id);

    if (await this.uow.repos.payments.findConfirmedFor(input.purpose, input.ref_id)) throw conflict('already_paid', 'Este pagamento já foi confirmado.');
    const existing = await this.uow.repos.payments.findPendingFor(input.purpose, input.ref_id);
    if (existing && existing.method === input.method && existing.provider_payment_id && existing.installments === input.installments) {
      return toPaymentView(existing);
    }

    const profile = await this.uow.repos.profiles.findByUserId(actor.id);
    if (!profile?.cpf) throw conflict('profile_incomplete', 'Complete seu cadastro com o CPF antes de pagar.');

    const payment = await this.uow.run(async (r) => {
      // Switching method: the old charge is dropped here; if it is paid anyway, the confirmation refunds it.
      if (existing) await r.payments.moveIf(existing.id, ['pending'], 'cancelled', { failure_reason: 'substituído por outro meio de pagamento' });
      const created = await r.payments.create({ user_id: actor.id, purpose: input.purpose, ref_id: input.ref_id, amount: target.amount, method: input.method, installments: input.method === 'CREDIT_CARD' ? input.installments : 1, provider: this.gateway.name });
      await r.audit.append({ action: 'payment.created', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'payment', entity_id: created.id, ...auditMeta(meta), metadata: { purpose: input.purpose, amount: target.amount, method: input.method } });
      return created;
    });

    let charge: ProviderCharge;
    try {
      const customerId = await this.gateway.ensureCustomer({
        name: profile.full_name,
        cpf: profile.cpf,
        email: actor.email,
        phone: profile.phone,
        postalCode: profile.cep,
        addressNumber: profile.address_number,
        externalReference: actor.id,
      });
      const now = this.clock.now();
      charge = await this.gateway.createCharge({
        customerId,
        method: input.method,
        amount: target.amount,
        dueDate: saoPauloDate(now, input.method === 'BOLETO' ? 3 : 0),
        description: target.description,
        externalReference: payment.id,
        ...(input.method === 'CREDIT_CARD' ? { installments: input.installments } : {}),
      });
      const pix = input.method === 'PIX' ? await this.gateway.getPixQrCode(charge.providerId) : null;
      await this.uow.run((r) =>
        r.payments.update(payment.id, {
          provider_customer_id: customerId,
          provider_payment_id: charge.providerId,
          provider_status: charge.status,
          due_date: saoPauloDate(now, input.method === 'BOLETO' ? 3 : 0),
          invoice_url: charge.invoiceUrl,
          boleto_url: charge.boletoUrl,
          ...(pix ? { pix_payload: pix.payload, pix_image: pix.image, pix_expires_at: pix.expiresAt } : {}),
        }),
      );
    } catch (err) {
      await this.uow.run((r) => r.payments.moveIf(payment.id, ['pending'], 'failed', { failure_reason: err instanceof Error ? err.message.slice(0, 500) : 'erro' }));
      throw err;
    }
    // A card may be captured at creation.
    if (charge.status === 'confirmed') await this.applyCharge(payment.id, charge);
    return toPaymentView((await this.uow.repos.payments.findById(payment.id))!);
  }

  /** GET /api/payments/:id/status: the owner's payment; a pending one is checked with the provider (same exactly-once path). */
  async status(actorId: string, paymentId: string) {
    const payment = isUuid(paymentId) ? await this.uow.repos.payments.findById(paymentId) : null;
    if (!payment || payment.user_id !== actorId) throw notFound('payment_not_found', 'Pagamento não encontrado.');
    if (payment.status === 'pending' && payment.provider_payment_id) {
      try {
        await this.applyCharge(payment.id, await this.gateway.getCharge(payment.provider_payment_id));
      } catch (err) {
        // The provider being slow must not break the screen's polling: answer what we know.
        if (!(err instanceof DomainError) || err.kind !== 'unavailable') throw err;
      }
    }
    const fresh = (await this.uow.repos.payments.findById(payment.id))!;
    return { id: fresh.id, status: fresh.status, confirmed: fresh.status === 'confirmed' };
  }

  async get(actorId: string, paymentId: string) {
    const payment = isUuid(paymentId) ? await this.uow.repos.payments.findById(paymentId) : null;
    if (!payment || payment.user_id !== actorId) throw notFound('payment_not_found', 'Pagamento não encontrado.');
    return toPaymentView(payment);
  }

  /** For the sandbox's confirm route only. */
  async providerIdOf(paymentId: string) {
    return (await this.uow.repos.payments.findById(paymentId))?.provider_payment_id ?? null;
  }

  async listForUser(actorId: string, page: number, perPage: number) {
    const { items, total } = await this.uow.repos.payments.listForUser(actorId, (page - 1) * perPage, perPage);
    return { items: items.map(toPaymentView), total };
  }

  /**
   * POST /api/webhooks/asaas: authenticate, store the event first (its provider id is unique: a redelivery does
   * nothing), then apply the payment's status as re-read from the provider, so out-of-order events cannot regress it.
   */
  async receiveWebhook(headers: Record<string, string | string[] | undefined>, body: unknown) {
    const event = this.gateway.parseWebhook(headers, body);
    const stored = await this.uow.repos.paymentEvents.insertIfNew({
      provider: this.gateway.name,
      event_id: event.eventId,
      type: event.type,
      provider_payment_id: event.providerPaymentId,
      payload: body,
    });
    if (!stored) return { duplicate: true, outcome: 'duplicate' as const };
    try {
      const outcome = await this.processEvent(event.providerPaymentId, event.externalReference, event.type);
      await this.uow.repos.paymentEvents.markProcessed(stored, this.clock.now(), outcome);
      return { duplicate: false, outcome };
    } catch (err) {
      // Left unprocessed: the reconcile job tries again. The provider still gets its 200.
      await this.uow.repos.paymentEvents.markProcessed(stored, this.clock.now(), 'error', err instanceof Error ? err.message : String(err)).catch(() => {});
      return { duplicate: false, outcome: 'error' as const };
    }
  }

  private async processEvent(providerPaymentId: string | null, externalReference: string | null, type: string): Promise<ApplyOutcome> {
    if (!type.startsWith('PAYMENT_')) return 'ignored_event';
    const repos = this.uow.repos;
    const payment =
      (providerPaymentId ? await repos.payments.findByProviderId(providerPaymentId) : null) ??
      (externalReference && isUuid(externalReference) ? await repos.payments.findById(externalReference) : null);
    if (!payment) return 'unknown_payment';
    const providerId = payment.provider_payment_id ?? providerPaymentId;
    if (!providerId) return 'unknown_payment';
    if (!payment.provider_payment_id) await this.uow.run((r) => r.payments.update(payment.id, { provider_payment_id: providerId }));
    return this.applyCharge(payment.id, await this.gateway.getCharge(providerId));
  }

  /** Applies the provider's view of a charge; the only path from "pending" to "confirmed". */
  async applyCharge(paymentId: string, charge: ProviderCharge): Promise<ApplyOutcome> {
    switch (charge.status) {
      case 'confirmed':
        return this.confirm(paymentId, charge);
      case 'cancelled': {
        const moved = await this.uow.run((r) => r.payments.moveIf(paymentId, ['pending'], 'cancelled', { provider_status: charge.status }));
        return moved ? 'cancelled' : 'no_change';
      }
      case 'refunded': {
        const moved = await this.uow.run((r) => r.payments.moveIf(paymentId, ['confirmed', 'refund_pending'], 'refunded', { refunded_amount: charge.amount, refunded_at: this.clock.now(), provider_status: charge.status }));
        return moved ? 'refunded' : 'no_change';
      }
      default:
        // pending, overdue, refunding, chargeback: nothing moves backwards; chargebacks are for an operator.
        await this.uow.run((r) => r.payments.update(paymentId, { provider_status: charge.status }));
        return 'no_change';
    }
  }

  private async confirm(paymentId: string, charge: ProviderCharge): Promise<ApplyOutcome> {
    const after: AfterCommit = { mails: [] };
    const outcome = await this.uow.run(async (r): Promise<ApplyOutcome> => {
      const p = await r.payments.lock(paymentId);
      if (!p) return 'unknown_payment';
      if (p.status !== 'pending' && p.status !== 'cancelled' && p.status !== 'failed') return 'already_applied';
      const now = this.clock.now();
      if (!amountMatches(p.amount, charge.amount)) {
        await r.payments.moveIf(p.id, ['pending', 'cancelled', 'failed'], 'amount_mismatch', { provider_status: charge.status, failure_reason: `esperado ${p.amount}, pago ${charge.amount}` });
        await r.audit.append({ action: 'payment.amount_mismatch', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { expected: p.amount, paid: charge.amount, provider_payment_id: charge.providerId } });
        return 'amount_mismatch';
      }
      await r.payments.moveIf(p.id, ['pending', 'cancelled', 'failed'], 'confirmed', { confirmed_at: now, provider_status: charge.status });
      await r.audit.append({ action: 'payment.confirmed', actor_user_id: p.user_id, actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { purpose: p.purpose, amount: p.amount } });
      if (p.purpose === 'entry') return this.settleEntry(r, p, after);
      if (p.purpose === 'balance') return this.settleBalance(r, p, after);
      const target = this.targets[p.purpose];
      if (!target) return 'applied';
      const settled = await target.settle(r, p, after.mails);
      return settled === 'refund_needed' ? this.markForRefund(r, p, 'pedido indisponível quando o pagamento chegou') : 'applied';
    });
    for (const mail of after.mails) await this.mailer.send(mail).catch(() => {});
    if (outcome === 'refund_needed') await this.processRefunds();
    return outcome;
  }

  /** Entry paid → member paid → maybe group complete → vouchers (PRODUCT.md §1.3–1.4), in the caller's transaction. */
  private async settleEntry(r: Repositories, payment: PaymentRecord, after: AfterCommit): Promise<ApplyOutcome> {
    const member = await r.members.findById(payment.ref_id);
    const group = member ? await r.groups.lock(member.group_id) : null;
    if (!member || !group) return this.markForRefund(r, payment, 'participação inexistente');
    const now = this.clock.now();
    const members = await r.members.listForGroup(group.id);
    const others = members.filter((m) => m.id !== member.id);
    const roomForLatePayer = placesTaken(others, now) < group.group_size;
    const acceptable = group.status === 'open' && member.status === 'pending_payment' && (occupiesPlace(member, now) || roomForLatePayer);
    // Money for a place that no longer exists (released, group closed, already paid by another charge) goes back.
    if (!acceptable) return this.markForRefund(r, payment, 'vaga indisponível quando o pagamento chegou');

    await r.members.moveIf(member.id, 'pending_payment', 'paid', { paid_at: now, hold_expires_at: null });
    const plan = await r.plans.findById(group.plan_id);
    const planName = plan?.name ?? 'plano';
    const paidNow = paidCount(others) + 1;
    const newcomer = members.find((m) => m.id === member.id);
    await r.notifications.create(notify.entryConfirmed(member.user_id, member.id, group.id, planName, paidNow, group.group_size));
    for (const other of others.filter((m) => m.status === 'paid' || m.status === 'awarded')) {
      await r.notifications.create(notify.memberJoined(other.user_id, group.id, member.id, firstNameOf(newcomer?.full_name), paidNow, group.group_size));
    }
    const payer = await r.users.findById(member.user_id);
    if (payer) after.mails.push(paymentConfirmedEmail({ to: payer.email, name: newcomer?.full_name ?? '', what: `a entrada da turma de ${planName}`, amount: payment.amount }));

    if (shouldComplete(group, paidNow) && (await r.groups.moveIf(group.id, 'open', 'complete', { completed_at: now }))) {
      const fresh = await r.members.listForGroup(group.id);
      for (const m of fresh) {
        if (m.status === 'pending_payment') {
          await r.members.moveIf(m.id, 'pending_payment', 'released', { released_at: now });
          continue;
        }
        if (m.status !== 'paid' || !(await r.members.moveIf(m.id, 'paid', 'awarded', { awarded_at: now }))) continue;
        const entry = await r.payments.findConfirmedFor('entry', m.id);
        const entryPaid = entry?.amount ?? group.entry_price;
        await r.vouchers.create({ member_id: m.id, user_id: m.user_id, group_id: group.id, plan_id: group.plan_id, code: `TRM-${makeCode(8, this.random)}`, price: group.price, entry_paid: entryPaid, balance_due: group.price - entryPaid });
        await r.notifications.create(notify.groupComplete(m.user_id, m.id, group.id, planName, group.price - entryPaid));
        const user = await r.users.findById(m.user_id);
        if (user) after.mails.push(groupCompleteEmail({ to: user.email, name: m.full_name ?? '', plan: planName, balance: group.price - entryPaid }));
      }
      await r.audit.append({ action: 'group.completed', actor_email: 'sistema', entity_type: 'group', entity_id: group.id, metadata: { members: paidNow } });
    }
    return 'applied';
  }

  private async settleBalance(r: Repositories, payment: PaymentRecord, after: AfterCommit): Promise<ApplyOutcome> {
    const voucher = await r.vouchers.findById(payment.ref_id);
    if (!voucher || !(await r.vouchers.moveIf(voucher.id, 'awaiting_balance', 'redeemable', { redeemable_at: this.clock.now() }))) {
      return this.markForRefund(r, payment, 'saldo já quitado');
    }
    const plan = await r.plans.findById(voucher.plan_id);
    await r.notifications.create(notify.balanceConfirmed(voucher.user_id, voucher.id, plan?.name ?? 'plano', voucher.code));
    const [user, profile] = await Promise.all([r.users.findById(voucher.user_id), r.profiles.findByUserId(voucher.user_id)]);
    if (user) after.mails.push(paymentConfirmedEmail({ to: user.email, name: profile?.full_name ?? '', what: `o saldo de ${plan?.name ?? 'plano'} (voucher ${voucher.code})`, amount: payment.amount }));
    return 'applied';
  }

  private async markForRefund(r: Repositories, payment: PaymentRecord, reason: string): Promise<ApplyOutcome> {
    await r.payments.moveIf(payment.id, ['confirmed'], 'refund_pending', { failure_reason: reason });
    await r.audit.append({ action: 'payment.refund_marked', actor_email: 'sistema', entity_type: 'payment', entity_id: payment.id, metadata: { reason } });
    return 'refund_needed';
  }

  /**
   * Job and follow-up: refunds every payment marked `refund_pending` through the provider. A payment is claimed by a
   * conditional update before the provider is called, so two runners never refund it twice; a failed call is retried later.
   */
  async processRefunds(limit = 100): Promise<{ refunded: number; failed: number }> {
    const pending = await this.uow.repos.payments.listByStatus('refund_pending', { limit });
    let refunded = 0;
    let failed = 0;
    for (const p of pending) {
      const now = this.clock.now();
      const staleClaim = new Date(now.getTime() - 10 * 60_000);
      const claimed = await this.uow.run(async (r) => {
        const locked = await r.payments.lock(p.id);
        if (!locked || locked.status !== 'refund_pending') return false;
        if (locked.refund_requested_at && locked.refund_requested_at > staleClaim) return false;
        await r.payments.update(p.id, { refund_requested_at: now });
        return true;
      });
      if (!claimed) continue;
      try {
        if (p.provider_payment_id) {
          const current = await this.gateway.getCharge(p.provider_payment_id);
          // A crash after the provider refunded but before we recorded it must not refund twice.
          if (current.status !== 'refunded' && current.refundedAmount < p.amount) {
            await this.gateway.refund(p.provider_payment_id, p.amount - current.refundedAmount, 'Turma: reembolso automático');
          }
        }
        await this.uow.run(async (r) => {
          if (await r.payments.moveIf(p.id, ['refund_pending'], 'refunded', { refunded_amount: p.amount, refunded_at: this.clock.now() })) {
            await r.notifications.create(notify.refundIssued(p.user_id, p.id, p.amount));
            await r.audit.append({ action: 'payment.refunded', actor_email: 'sistema', entity_type: 'payment', entity_id: p.id, metadata: { amount: p.amount } });
          }
        });
        const user = await this.uow.repos.users.findById(p.user_id);
        const profile = user ? await this.uow.repos.profiles.findByUserId(user.id) : null;
        if (user) await this.mailer.send(refundIssuedEmail({ to: user.email, name: profile?.full_name ?? '', amount: p.amount })).catch(() => {});
        refunded++;
      } catch (err) {
        failed++;
        await this.uow.run((r) => r.payments.update(p.id, { refund_requested_at: null, failure_reason: `reembolso falhou: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500) }));
      }
    }
    return { refunded, failed };
  }

  /** Job / CLI: asks the provider about every pending payment and unprocessed event, and applies what it reports. */
  async reconcile(options: { since?: Date; limit?: number } = {}) {
    const rows: Array<{ payment_id: string; provider_payment_id: string | null; provider_status: string; action: ApplyOutcome | 'error' }> = [];
    const pending = await this.uow.repos.payments.listByStatus('pending', { withProvider: true, limit: options.limit ?? 500, ...(options.since ? { since: options.since } : {}) });
    for (const p of pending) {
      try {
        const charge = await this.gateway.getCharge(p.provider_payment_id!);
        rows.push({ payment_id: p.id, provider_payment_id: p.provider_payment_id, provider_status: charge.status, action: await this.applyCharge(p.id, charge) });
      } catch (err) {
        rows.push({ payment_id: p.id, provider_payment_id: p.provider_payment_id, provider_status: err instanceof Error ? err.message : 'erro', action: 'error' });
      }
    }
    for (const e of await this.uow.repos.paymentEvents.listUnprocessed(100)) {
      try {
        const outcome = await this.processEvent(e.provider_payment_id, null, e.type);
        await this.uow.repos.paymentEvents.markProcessed(e.id, this.clock.now(), outcome);
      } catch {
        /* next run */
      }
    }
    const refunds = await this.processRefunds();
    return { rows, refunds };
  }

  private async resolveTarget(userId: string, purpose: PaymentPurpose, refId: string) {
    const repos = this.uow.repos;
    if (purpose === 'entry') {
      const member = await repos.members.findById(refId);
      if (!member || member.user_id !== userId) throw notFound('member_not_found', 'Participação não encontrada.');
      const group = await repos.groups.findById(member.group_id);
      if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
      if (member.status === 'paid' || member.status === 'awarded') throw conflict('already_paid', 'Sua entrada já foi paga.');
      if (group.status !== 'open') throw conflict('group_closed', 'Esta turma não está mais aceitando pagamentos.');
      if (member.status !== 'pending_payment' || !occupiesPlace(member, this.clock.now())) {
        throw conflict('hold_expired', 'Sua reserva expirou. Entre na turma novamente para pagar a entrada.');
      }
      const plan = await repos.plans.findById(group.plan_id);
      return { amount: group.entry_price, description: `Turma — entrada: ${plan?.name ?? 'plano'}` };
    }
    if (purpose === 'balance') {
      const voucher = await repos.vouchers.findById(refId);
      if (!voucher || voucher.user_id !== userId) throw notFound('voucher_not_found', 'Voucher não encontrado.');
      if (voucher.status !== 'awaiting_balance') throw conflict('already_paid', 'O saldo deste voucher já foi pago.');
      const plan = await repos.plans.findById(voucher.plan_id);
      return { amount: voucher.balance_due, description: `Turma — saldo: ${plan?.name ?? 'plano'} (${voucher.code})` };
    }
    const target = this.targets[purpose];
    if (!target) throw conflict('not_available', 'Pagamentos de pedidos do marketplace ainda não estão disponíveis.');
    return target.resolve(repos, userId, refId);
  }

  /** The method list a checkout may offer. */
  static readonly METHODS: readonly PaymentMethod[] = ['PIX', 'BOLETO', 'CREDIT_CARD'];
}
