// Creating a charge: wallet credit first, then the provider's charge; what fails on the way is compensated (the
// payment failed or cancelled, its credit back, a charge made at the provider cancelled there by a job).
import { DomainError, conflict, invalid, notFound } from '../shared/errors';
import type { ProviderCharge } from '../ports/payments';
import type { RequestMeta } from '../identity';
import { auditMeta } from '../identity';
import { spendCredit, splitWithCredit } from '../wallet';
import type { PaymentRecord } from './ports';
import { PROVIDER_MINIMUM_CHARGE, createPaymentSchema, providerAmountOf, saoPauloDate, toPaymentView, type CreatePaymentInput, type PaymentView } from './payment-rules';
import { PaymentUseCase, type PaymentDeps } from './payment-use-case';
import { requestChargeCancel, returnPaymentCredit } from './payment-commands';
import type { ChargeConfirmation } from './charge-confirmation';
import { movePayment } from './payment-moves';

/** How long a request waits for a concurrent request's charge to reach the provider before answering what it has. */
const CONCURRENT_CHARGE_WAIT_MS = 20_000;
/** A pending payment without a provider charge older than this was left by a crash: it may be replaced. */
const ORPHAN_AFTER_MS = 60_000;

export class ChargeCreation<H extends object = object> extends PaymentUseCase<H> {
  constructor(
    deps: PaymentDeps<H>,
    private readonly confirmation: ChargeConfirmation<H>,
  ) {
    super(deps);
  }

  /**
   * POST /api/payments: the charge for an entry, a balance or an order. A reload or a double submit answers the payment
   * already under way: the unique index on pending payments lets only one request create it and call the provider.
   */
  async createPayment(actor: { id: string; email: string }, raw: CreatePaymentInput, meta: RequestMeta): Promise<PaymentView> {
    const input = createPaymentSchema.parse(raw);
    if (input.use_wallet && input.purpose === 'entry') {
      throw invalid('wallet_not_allowed', 'O crédito da carteira paga pedidos do marketplace e saldos de turma, não entradas.', { use_wallet: 'O crédito da carteira não paga entradas.' });
    }
    const repos = this.uow.repos;
    const target = await this.purposes[input.purpose].resolve(repos, actor.id, input.ref_id);

    if (await repos.payments.payments.findConfirmedFor(input.purpose, input.ref_id)) throw conflict('already_paid', 'Este pagamento já foi confirmado.');
    const installments = input.method === 'CREDIT_CARD' ? input.installments : 1;
    const existing = await repos.payments.payments.findPendingFor(input.purpose, input.ref_id);
    // What the credit would pay now (the spend itself re-reads the balance under the wallet's lock).
    const preview = input.use_wallet ? splitWithCredit(target.amount, await repos.wallet.balance(actor.id), PROVIDER_MINIMUM_CHARGE) : { credit: 0, charge: target.amount };
    if (existing) {
      const sameWalletChoice = input.use_wallet ? existing.wallet_amount > 0 || preview.credit === 0 : existing.wallet_amount === 0;
      if (existing.method === input.method && existing.installments === installments && sameWalletChoice) {
        if (existing.provider_payment_id) return toPaymentView(existing);
        // Another request is creating this very charge right now: wait for it instead of making a second one.
        if (this.clock.now().getTime() - existing.created_at.getTime() < ORPHAN_AFTER_MS) return this.awaitCharge(existing.id);
      }
    }

    const profile = await repos.identity.profiles.findByUserId(actor.id);
    const profileIncomplete = () => conflict('profile_incomplete', 'Complete seu cadastro com o CPF antes de pagar.');
    if (!profile?.cpf && preview.charge > 0) throw profileIncomplete();

    const payment = await this.uow.run(async (tx) => {
      // Switching method: the old charge is dropped here (its credit back); if it is paid anyway, the confirmation refunds it.
      if (existing && (await movePayment(tx, existing.id, ['pending'], 'cancelled', { failure_reason: 'substituído por outro meio de pagamento' }))) {
        await returnPaymentCredit(tx, existing, 'pagamento substituído');
        // The replaced charge is cancelled at the provider too: its QR code or boleto no longer takes money.
        if (existing.provider_payment_id) await requestChargeCancel(tx, existing, 'substituído por outro meio de pagamento');
      }
      const created = await tx.payments.payments.createIfNoneLive({ user_id: actor.id, purpose: input.purpose, ref_id: input.ref_id, amount: target.amount, method: input.method, installments, provider: this.gateway.name });
      if (!created) return null;
      let record = created;
      if (input.use_wallet) {
        // Credit first, in this very transaction: the spend entry commits with the payment or not at all.
        const split = await spendCredit(tx.wallet, { userId: actor.id, paymentId: created.id, total: target.amount, providerMinimum: PROVIDER_MINIMUM_CHARGE, description: `Crédito usado: ${target.description.replace(/^Turma — /, '')}` });
        if (split.credit > 0) {
          const patch: Partial<PaymentRecord> = split.charge === 0 ? { wallet_amount: split.credit, method: 'WALLET', provider: 'wallet', installments: 1 } : { wallet_amount: split.credit };
          await tx.payments.payments.update(created.id, patch);
          record = { ...created, ...patch };
        }
      }
      if (!profile?.cpf && providerAmountOf(record) > 0) throw profileIncomplete();
      await tx.audit.append({ action: 'payment.created', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'payment', entity_id: created.id, ...auditMeta(meta), metadata: { purpose: input.purpose, amount: target.amount, wallet_amount: record.wallet_amount, method: record.method } });
      // Credit covers it all: no provider charge; confirmed now through the same path a provider's confirmation takes.
      if (record.method === 'WALLET') await this.confirmation.confirmIn(tx, record.id, { amount: 0, status: 'confirmed', providerId: null });
      return record;
    });
    if (payment?.method === 'WALLET') return toPaymentView((await repos.payments.payments.findById(payment.id))!);
    if (!payment) {
      // A concurrent request won the insert: answer its payment once its charge exists.
      const winner = await repos.payments.payments.findPendingFor(input.purpose, input.ref_id);
      if (!winner) throw conflict('payment_in_progress', 'Já existe um pagamento em andamento. Atualize a página.');
      return this.awaitCharge(winner.id);
    }

    let charge: ProviderCharge;
    // Set once the provider made the charge: a failure after that (the QR code, our write) must not leave it payable.
    let madeAtProvider: string | null = null;
    try {
      if (!profile?.cpf) throw profileIncomplete();
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
      const dueDate = saoPauloDate(now, input.method === 'BOLETO' ? 3 : 0);
      charge = await this.gateway.createCharge({
        customerId,
        method: input.method,
        amount: providerAmountOf(payment),
        dueDate,
        description: target.description,
        externalReference: payment.id,
        ...(input.method === 'CREDIT_CARD' ? { installments: input.installments } : {}),
      });
      madeAtProvider = charge.providerId;
      const pix = input.method === 'PIX' ? await this.gateway.getPixQrCode(charge.providerId) : null;
      const providerDueDate = charge.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(charge.dueDate) ? charge.dueDate : dueDate;
      await this.uow.run(async (tx) => {
        await tx.payments.payments.update(payment.id, {
          provider_customer_id: customerId,
          provider_payment_id: charge.providerId,
          provider_status: charge.status,
          due_date: providerDueDate,
          invoice_url: charge.invoiceUrl,
          boleto_url: charge.boletoUrl,
          ...(pix ? { pix_payload: pix.payload, pix_image: pix.image, pix_expires_at: pix.expiresAt } : {}),
        });
        await this.purposes[input.purpose].charged?.(tx, payment, { dueDate: providerDueDate, previousMethod: existing?.method ?? null });
      });
    } catch (err) {
      await this.uow.run(async (tx) => {
        const reason = err instanceof Error ? err.message.slice(0, 500) : 'erro';
        if (madeAtProvider) {
          // The provider has the charge although we could not finish: cancelled there by the job; paid
          // anyway, the confirmation path applies or refunds it (it knows the charge by this id).
          if (await movePayment(tx, payment.id, ['pending'], 'cancelled', { provider_payment_id: madeAtProvider, failure_reason: reason })) {
            await returnPaymentCredit(tx, payment, 'a cobrança não pôde ser gerada');
            await requestChargeCancel(tx, { id: payment.id }, 'a cobrança não pôde ser concluída');
          }
        } else if (await movePayment(tx, payment.id, ['pending'], 'failed', { failure_reason: reason })) {
          await returnPaymentCredit(tx, payment, 'a cobrança não pôde ser gerada');
        }
      });
      throw err;
    }
    // A card may be captured at creation.
    if (charge.status === 'confirmed') await this.confirmation.applyCharge(payment.id, charge);
    return toPaymentView((await repos.payments.payments.findById(payment.id))!);
  }

  /** Waits until a payment another request is creating has its provider charge (or ends), then answers it. */
  private async awaitCharge(paymentId: string): Promise<PaymentView> {
    const deadline = Date.now() + CONCURRENT_CHARGE_WAIT_MS;
    for (;;) {
      const p = await this.uow.repos.payments.payments.findById(paymentId);
      if (!p) throw notFound('payment_not_found', 'Pagamento não encontrado.');
      if (p.provider_payment_id || p.status !== 'pending' || Date.now() >= deadline) {
        if (p.status === 'failed') throw new DomainError('unavailable', 'payment_provider_unavailable', 'Não foi possível gerar a cobrança agora. Tente novamente em instantes.');
        return toPaymentView(p);
      }
      await this.sleep(150);
    }
  }
}
