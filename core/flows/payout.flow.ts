// Flow: paying professionals and influencers (docs/payments.md#payouts-to-professionals): maturing receivables, one
// locked transaction per payee per run, the PIX sent once by the transfer job, and the provider's TRANSFER_* events
// settling it exactly once (done pays the receivables, failed or cancelled gives them back).
import type { Clock } from '../shared/clock';
import { DomainError, forbidden } from '../shared/errors';
import { isId } from '../shared/ids';
import type { PaymentGateway, ProviderTransfer, TransferPixKeyType } from '../ports/payments';
import type { TransferEventHandler } from '../payments';
import {
  DEFAULT_PAYOUT_FAILURE,
  RECEIVABLES_PATH,
  payoutDescription,
  payoutDoneEmail,
  payoutDue,
  payoutFailedEmail,
  payoutMove,
  payoutNotify,
  payoutCommands,
  type DuePayout,
  type PayoutRecord,
} from '../professionals';
import { INFLUENCER_DASHBOARD_PATH, commissionPayoutDescription, influencerPayoutDue } from '../influencers';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { ProfessionalsScope } from '../professionals/ports';
import type { InfluencersScope } from '../influencers/ports';
import type { IdentityScope } from '../identity/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { AuditScope } from '../audit/ports';
import type { WalletScope } from '../wallet/ports';

/** The tables payouts read and write: professionals' receivables, influencers' commissions, a deleted account's wallet. */
type PayoutScope = ProfessionalsScope & InfluencersScope & IdentityScope & NotificationsScope & AuditScope & WalletScope;

/** The transfer's description for a deleted account's wallet credit. */
export const WALLET_REFUND_DESCRIPTION = 'Turma: devolução do crédito da carteira (conta excluída)';

declare module '../ports/job-queue' {
  interface JobPayloads {
    /** Sends one pending payout's PIX transfer through the provider (claimed once; retried with backoff). */
    'payouts.transfer': { payout_id: string };
  }
}

export interface PayoutFlowOptions {
  /** PAYOUT_MINIMUM, centavos. */
  minimum: number;
  /** PUBLIC_URL, for the links in e-mails. */
  publicUrl: string;
}

export interface PayoutRunResult {
  payouts: number;
  amount: number;
  /** An influencer's payout has `influencer_id` (and no professional); `receivables` then counts its commissions. */
  items: Array<{ payout_id: string; professional_id: string | null; influencer_id?: string; business_name: string; amount: number; receivables: number }>;
}

/** A transfer job that claimed the payout this long ago without recording a transfer crashed: it may be claimed again. */
const STALE_CLAIM_MS = 10 * 60_000;

export type TransferOutcome = 'paid' | 'failed' | 'already_applied' | 'no_change' | 'unknown_transfer' | 'done_after_failed';

export const payoutView = (p: PayoutRecord) => ({
  id: p.id,
  amount: p.amount,
  status: p.status,
  created_at: p.created_at.toISOString(),
  paid_at: p.paid_at ? p.paid_at.toISOString() : null,
  failure_reason: p.failure_reason,
  receipt_url: p.receipt_url,
});

export class PayoutFlow implements TransferEventHandler {
  constructor(
    private readonly uow: UnitOfWork<PayoutScope>,
    private readonly gateway: PaymentGateway,
    private readonly clock: Clock,
    private readonly options: PayoutFlowOptions,
  ) {}

  /** The `mature_receivables` job: receivables and influencers' commissions, pending → available once their window is over. */
  async matureReceivables(): Promise<{ matured: number; commissions: number }> {
    const now = this.clock.now();
    return this.uow.run(async (tx) => ({ matured: await tx.professionals.payouts.matureReceivables(now), commissions: await tx.commissions.mature(now) }));
  }

  /** `turma payouts run --dry-run`: who would be paid now and how much (after maturing nothing: a read only). */
  async preview(): Promise<DuePayout[]> {
    return this.uow.repos.professionals.payouts.duePayouts(this.options.minimum, this.clock.now());
  }

  /**
   * The `pay_professionals` job, `turma payouts run` and the back office's button: matures what is due, then pays each
   * professional due a payout, one transaction each. Safe to run on several instances at once.
   */
  async run(actor: { id: string | null; email: string } = { id: null, email: 'sistema' }): Promise<PayoutRunResult> {
    await this.matureReceivables();
    const result: PayoutRunResult = { payouts: 0, amount: 0, items: [] };
    for (const due of await this.preview()) {
      let made: Awaited<ReturnType<PayoutFlow['payOne']>>;
      try {
        made = await this.uow.run((tx) => this.payOne(tx, due.professional_id, actor));
      } catch (err) {
        // Rolled back: another runner got there first; the others are still paid.
        if (err instanceof DomainError && err.code === 'payout_race') continue;
        throw err;
      }
      if (!made) continue;
      result.payouts += 1;
      result.amount += made.amount;
      result.items.push({ payout_id: made.payout.id, professional_id: due.professional_id, business_name: due.business_name, amount: made.amount, receivables: made.receivables });
    }
    for (const due of await this.uow.repos.commissions.duePayouts(this.options.minimum, this.clock.now())) {
      let made: Awaited<ReturnType<PayoutFlow['payInfluencer']>>;
      try {
        made = await this.uow.run((tx) => this.payInfluencer(tx, due.influencer_id, actor));
      } catch (err) {
        if (err instanceof DomainError && err.code === 'payout_race') continue;
        throw err;
      }
      if (!made) continue;
      result.payouts += 1;
      result.amount += made.amount;
      result.items.push({ payout_id: made.payout.id, professional_id: null, influencer_id: due.influencer_id, business_name: `Influenciador ${due.code}`, amount: made.amount, receivables: made.commissions });
    }
    return result;
  }

  /** One influencer's payout of their available commissions: like payOne, under the influencer's row lock. */
  private async payInfluencer(tx: Tx<PayoutScope>, influencerId: string, actor: { id: string | null; email: string }) {
    const influencer = await tx.influencers.lock(influencerId);
    if (!influencer || influencer.status !== 'approved') return null;
    // What a refund after an earlier payout clawed back is deducted here; the transfer is never negative.
    const due = influencerPayoutDue(await tx.commissions.lockAvailable(influencerId), await tx.commissions.lockOwedClawbacks(influencerId), this.options.minimum);
    if (!due) return null;
    const payout = await payoutCommands(tx).open({
      influencer_id: influencerId,
      amount: due.total,
      pix_key_type: influencer.pix_key_type as PayoutRecord['pix_key_type'],
      pix_key: influencer.pix_key,
    });
    const claimed = await tx.commissions.claim(due.ids, payout.id);
    const deducted = await tx.commissions.deductClawbacks(due.clawbackIds, payout.id);
    if (claimed !== due.ids.length || deducted !== due.clawbackIds.length) throw new DomainError('conflict', 'payout_race', 'As comissões mudaram durante o repasse. Tente novamente.');
    await tx.audit.append({
      action: 'payout.created',
      actor_user_id: actor.id,
      actor_email: actor.email,
      entity_type: 'payout',
      entity_id: payout.id,
      metadata: { influencer_id: influencerId, amount: due.total, commissions: due.ids.length, gross: due.gross, clawback_deducted: due.deducted, clawbacks: due.clawbackIds.length },
    });
    await tx.jobs.enqueue('payouts.transfer', { payout_id: payout.id }, { singletonKey: payout.id });
    return { payout, amount: due.total, commissions: due.ids.length };
  }

  /**
   * One professional's payout, in the caller's transaction. The professional's row lock serialises concurrent runners;
   * the receivables' conditional claim is the last word should anything bypass it (a partial claim rolls back).
   */
  private async payOne(tx: Tx<PayoutScope>, professionalId: string, actor: { id: string | null; email: string }) {
    const professional = await tx.professionals.professionals.lock(professionalId);
    if (!professional || professional.status !== 'approved') return null;
    const due = payoutDue(await tx.professionals.payouts.lockAvailable(professionalId), this.options.minimum);
    if (!due) return null;
    const payout = await payoutCommands(tx).open({
      professional_id: professionalId,
      amount: due.total,
      pix_key_type: professional.pix_key_type,
      pix_key: professional.pix_key,
    });
    const claimed = await tx.professionals.payouts.claimReceivables(due.ids, payout.id);
    if (claimed !== due.ids.length) throw new DomainError('conflict', 'payout_race', 'Os recebíveis mudaram durante o repasse. Tente novamente.');
    await tx.audit.append({
      action: 'payout.created',
      actor_user_id: actor.id,
      actor_email: actor.email,
      entity_type: 'payout',
      entity_id: payout.id,
      metadata: { professional_id: professionalId, amount: due.total, receivables: due.ids.length },
    });
    await tx.jobs.enqueue('payouts.transfer', { payout_id: payout.id }, { singletonKey: payout.id });
    return { payout, amount: due.total, receivables: due.ids.length };
  }

  /**
   * The `payouts.transfer` job. Claims the pending payout (no transfer yet, no fresh claim) in its own transaction,
   * then calls the provider outside any transaction; a refusal (bad key, no balance) fails the payout and frees its
   * receivables, an unreachable provider releases the claim and throws so the queue retries.
   */
  async sendTransfer(payoutId: string): Promise<'sent' | 'failed' | 'skipped'> {
    const now = this.clock.now();
    const payout = await this.uow.run(async (tx) => {
      const p = await tx.professionals.payouts.lock(payoutId);
      if (!p || p.status !== 'pending' || p.provider_transfer_id) return null;
      if (p.transfer_requested_at && now.getTime() - p.transfer_requested_at.getTime() < STALE_CLAIM_MS) return null;
      await payoutCommands(tx).holdForTransfer(p.id, now);
      return p;
    });
    if (!payout) return 'skipped';
    let transfer: ProviderTransfer;
    try {
      const count = payout.user_id
        ? 0
        : payout.influencer_id
          ? await this.uow.repos.commissions.countInPayout(payout.id)
          : (await this.uow.repos.professionals.receivables.listForProfessional(payout.professional_id ?? '', 'in_payout')).filter((r) => r.payout_id === payout.id).length;
      transfer = await this.gateway.createTransfer({
        value: payout.amount,
        pixKey: payout.pix_key ?? '',
        pixKeyType: (payout.pix_key_type ?? 'EVP') as TransferPixKeyType,
        description: payout.user_id ? WALLET_REFUND_DESCRIPTION : (payout.influencer_id ? commissionPayoutDescription : payoutDescription)(Math.max(1, count)),
        externalReference: payout.id,
      });
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'invalid') {
        await this.settle(payout.id, { id: '', status: 'failed', failReason: err.message });
        return 'failed';
      }
      await this.uow.run((tx) => payoutCommands(tx).releaseTransferHold(payout.id));
      throw err;
    }
    await this.uow.run(async (tx) => {
      const p = await tx.professionals.payouts.lock(payout.id);
      if (p && !p.provider_transfer_id) await payoutCommands(tx).recordTransfer(p.id, transfer.id);
    });
    // A provider that settles at once (or whose webhook already came) is applied through the same exactly-once path.
    const outcome = await this.settle(payout.id, transfer);
    return outcome === 'failed' ? 'failed' : 'sent';
  }

  /** TRANSFER_* webhooks (through payments' webhook route, once per event id): re-read the transfer, then settle. */
  async applyTransferEvent(event: { providerTransferId: string | null; externalReference: string | null; type: string }): Promise<TransferOutcome> {
    const payouts = this.uow.repos.professionals.payouts;
    const payout =
      (event.providerTransferId ? await payouts.findByTransferId(event.providerTransferId) : null) ??
      (event.externalReference && isId(event.externalReference) ? await payouts.findById(event.externalReference) : null);
    if (!payout) return 'unknown_transfer';
    const transferId = payout.provider_transfer_id ?? event.providerTransferId;
    if (!transferId) return 'unknown_transfer';
    return this.settle(payout.id, await this.gateway.getTransfer(transferId));
  }

  /** Applies the provider's view of a transfer to its payout, under the payout's row lock: each outcome once. */
  async settle(payoutId: string, transfer: ProviderTransfer): Promise<TransferOutcome> {
    const now = this.clock.now();
    return this.uow.run(async (tx): Promise<TransferOutcome> => {
      const payouts = tx.professionals.payouts;
      const p = await payouts.lock(payoutId);
      if (!p) return 'unknown_transfer';
      const ids = transfer.id && !p.provider_transfer_id ? { provider_transfer_id: transfer.id } : {};
      const move = payoutMove(p.status, transfer.status);
      if (!move) {
        if (p.status === 'failed' && transfer.status === 'done') {
          // The provider paid a payout we gave up on (its receivables are available again): an operator decides.
          await tx.audit.append({ action: 'payout.done_after_failed', actor_email: 'sistema', entity_type: 'payout', entity_id: p.id, metadata: { provider_transfer_id: transfer.id, amount: p.amount } });
          return 'done_after_failed';
        }
        if (p.status !== 'pending') return 'already_applied';
        await payouts.update(p.id, { provider_status: transfer.status, ...ids });
        return 'no_change';
      }
      // Whom the payout pays: a professional (receivables) or an influencer (commissions).
      const professional = p.professional_id ? await tx.professionals.professionals.findById(p.professional_id) : null;
      const influencer = p.influencer_id ? await tx.influencers.findById(p.influencer_id) : null;
      const ownerId = professional?.user_id ?? influencer?.user_id ?? null;
      const user = ownerId ? await tx.identity.users.findById(ownerId) : null;
      const name = professional?.full_name ?? influencer?.full_name ?? '';
      const audience = influencer ? 'influencer' : 'professional';
      const home = influencer ? INFLUENCER_DASHBOARD_PATH : null;
      if (move === 'done') {
        if (!(await payoutCommands(tx).markPaid(p.id, now, { provider_status: transfer.status, receipt_url: transfer.receiptUrl ?? null, ...ids }))) return 'already_applied';
        const paid = p.influencer_id ? await tx.commissions.settlePayout(p.id) : await payouts.settleReceivables(p.id);
        await tx.audit.append({ action: 'payout.paid', actor_email: 'sistema', entity_type: 'payout', entity_id: p.id, metadata: { amount: p.amount, [p.influencer_id ? 'commissions' : 'receivables']: paid, provider_transfer_id: transfer.id || null } });
        if (ownerId) await tx.notifications.create({ ...payoutNotify.done(ownerId, p.id, p.amount), ...(home ? { link: home } : {}) });
        if (user) {
          await tx.jobs.enqueue('mail.send', payoutDoneEmail({ to: user.email, name, amount: p.amount, pixKey: p.pix_key, receiptUrl: transfer.receiptUrl ?? null, link: this.link(home ?? RECEIVABLES_PATH), audience }));
        }
        return 'paid';
      }
      const reason = transfer.failReason?.trim() || DEFAULT_PAYOUT_FAILURE;
      if (!(await payoutCommands(tx).markFailed(p.id, now, reason, { provider_status: transfer.status, ...ids }))) return 'already_applied';
      if (p.user_id) {
        // A deleted account's refund that did not go through: the credit is kept in its ledger, once, for an operator.
        await tx.wallet.add({ user_id: p.user_id, amount: p.amount, kind: 'adjustment', description: 'Devolução por PIX não concluída: crédito mantido', ref: `payout:${p.id}:failed` });
        await tx.audit.append({ action: 'payout.failed', actor_email: 'sistema', entity_type: 'payout', entity_id: p.id, metadata: { amount: p.amount, user_id: p.user_id, reason } });
        return 'failed';
      }
      const released = p.influencer_id ? await tx.commissions.releasePayout(p.id) : await payouts.releaseReceivables(p.id);
      await tx.audit.append({ action: 'payout.failed', actor_email: 'sistema', entity_type: 'payout', entity_id: p.id, metadata: { amount: p.amount, [p.influencer_id ? 'commissions' : 'receivables']: released, reason } });
      if (ownerId) await tx.notifications.create({ ...payoutNotify.failed(ownerId, p.id, p.amount, withFullStop(reason)), ...(home ? { link: home } : {}) });
      if (user) await tx.jobs.enqueue('mail.send', payoutFailedEmail({ to: user.email, name, amount: p.amount, reason: withFullStop(reason), link: this.link(home ?? '/dashboard/professional'), audience }));
      return 'failed';
    });
  }

  /** GET /api/me/payouts: the caller's own payouts (as a professional, else as an influencer), newest first. */
  async mine(userId: string, page: number, perPage: number) {
    const repos = this.uow.repos;
    const professional = await repos.professionals.professionals.findByUserId(userId);
    const influencer = professional ? null : await repos.influencers.findByUserId(userId);
    if (!professional && !influencer) throw forbidden('not_a_professional', 'Disponível apenas para profissionais e influenciadores.');
    const offset = (page - 1) * perPage;
    const { items, total } = professional
      ? await repos.professionals.payouts.listForProfessional(professional.id, offset, perPage)
      : await repos.professionals.payouts.listForInfluencer(influencer!.id, offset, perPage);
    return { items: items.map(payoutView), total };
  }

  private link(path: string) {
    return `${this.options.publicUrl.replace(/\/+$/, '')}${path}`;
  }
}

const withFullStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
