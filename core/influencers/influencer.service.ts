// Influencers' use cases: apply, the back office's decisions (approve with a rate and a code, reject, suspend,
// reactivate, set the rate), the funnel, and the influencer changing their code once. Every decision is audited with
// the row before and after.
import type { Clock } from '../shared/clock';
import { conflict, invalid, notFound } from '../shared/errors';
import { secureRandom } from '../shared/random';
import { promoteUser, type RequestMeta } from '../identity';
import type { InfluencerFilter, InfluencerListItem, InfluencerRecord } from './ports';
import {
  CODE_CHANGES_ALLOWED,
  assertInfluencerMove,
  codeCandidates,
  commissionRateSchema,
  influencerApplicationSchema,
  influencerReasonSchema,
  referralCodeSchema,
  type InfluencerApplication,
  type InfluencerStatus,
} from './influencer-rules';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { InfluencersScope } from './ports';
import type { IdentityScope } from '../identity/ports';
import type { AuditScope } from '../audit/ports';

/** The tables influencer use cases read and write (identity: the applicant; audit). */
type InfluencerScope = InfluencersScope & IdentityScope & AuditScope;

/** Who acts: a signed-in admin, or an operator at the CLI (no user id). */
export interface InfluencerActor {
  id: string | null;
  email: string;
}

export type InfluencerDecision = 'approve' | 'reject' | 'suspend' | 'reactivate';
const TARGET: Record<InfluencerDecision, InfluencerStatus> = { approve: 'approved', reject: 'rejected', suspend: 'suspended', reactivate: 'approved' };

export const CODE_TAKEN_MESSAGE = 'Este código já está em uso. Escolha outro.';
export const CODE_ALREADY_CHANGED_MESSAGE = 'O código só pode ser alterado uma vez.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the audit keeps of a row (before/after). */
const snapshot = (i: InfluencerRecord) => ({ status: i.status, code: i.code, commission_rate_bp: i.commission_rate_bp, rejection_reason: i.rejection_reason, suspension_reason: i.suspension_reason });

export class InfluencerService {
  constructor(
    private readonly uow: UnitOfWork<InfluencerScope>,
    private readonly clock: Clock,
    private readonly random: () => number = secureRandom,
  ) {}

  /** Checks an application without storing it (the anonymous flow validates before creating the account). */
  parseApplication(input: unknown) {
    return influencerApplicationSchema.parse(input);
  }

  /** POST /api/influencers/applications: the application waits for review; a rejected one may be sent again. */
  async apply(actor: { id: string; email: string }, input: unknown, meta: RequestMeta): Promise<{ id: string; status: InfluencerStatus }> {
    const app = influencerApplicationSchema.parse(input);
    return this.uow.run((tx) => this.applyIn(tx, actor, app, meta));
  }

  /** The application stored in the caller's transaction (/influencer-signup creates the account in the same one). */
  async applyIn(tx: Tx<InfluencerScope>, actor: { id: string; email: string }, app: InfluencerApplication, meta: RequestMeta): Promise<{ id: string; status: InfluencerStatus }> {
    const existing = await tx.influencers.findByUserId(actor.id);
    if (existing && existing.status !== 'rejected') throw conflict('application_exists', 'Você já enviou um cadastro de influenciador.');
    const fields = {
      instagram: app.instagram,
      tiktok: app.tiktok,
      youtube: app.youtube,
      audience_size: app.audience_size,
      niche: app.niche,
      pix_key_type: app.pix_key.type,
      pix_key: app.pix_key.key,
    };
    let id: string;
    if (existing) {
      assertInfluencerMove(existing.status, 'pending');
      await tx.influencers.update(existing.id, { ...fields, status: 'pending', rejection_reason: null });
      id = existing.id;
    } else {
      id = (await tx.influencers.create({ user_id: actor.id, ...fields })).id;
    }
    await tx.audit.append({
      action: existing ? 'influencer.resubmitted' : 'influencer.applied',
      actor_user_id: actor.id,
      actor_email: actor.email,
      entity_type: 'influencer',
      entity_id: id,
      ip: meta.ip,
      user_agent: meta.userAgent,
      request_id: meta.requestId,
      metadata: { niche: app.niche, audience_size: app.audience_size },
    });
    return { id, status: 'pending' as const };
  }

  /** The back office's view of one influencer. */
  adminView(i: InfluencerListItem) {
    return {
      id: i.id,
      user_id: i.user_id,
      full_name: i.full_name,
      email: i.email,
      status: i.status,
      code: i.code,
      code_changes: i.code_changes,
      commission_rate_bp: i.commission_rate_bp,
      instagram: i.instagram,
      tiktok: i.tiktok,
      youtube: i.youtube,
      audience_size: i.audience_size,
      niche: i.niche,
      pix_key: { type: i.pix_key_type, key: i.pix_key },
      rejection_reason: i.rejection_reason,
      suspension_reason: i.suspension_reason,
      approved_at: iso(i.approved_at),
      created_at: i.created_at.toISOString(),
    };
  }

  async adminList(filter: InfluencerFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const { items, total } = await this.uow.repos.influencers.list(filter, sort, offset, limit);
    return { items: items.map((i) => this.adminView(i)), total };
  }

  /** The show page: the influencer and their funnel (counted clicks, sign-ups, self-referrals, flagged). */
  async adminDetail(id: string) {
    const i = /^[0-9a-f-]{36}$/i.test(id) ? await this.uow.repos.influencers.findById(id) : null;
    if (!i) throw notFound('influencer_not_found', 'Influenciador não encontrado.');
    return { ...this.adminView(i), funnel: await this.uow.repos.influencers.funnel(id) };
  }

  /**
   * approve (pending → approved, with a rate; the first approval gives a code and makes the account's role
   * 'influencer'), reject and suspend (with a reason), reactivate (suspended → approved). "approve" on a suspended
   * influencer reactivates them.
   */
  async decide(actor: InfluencerActor, id: string, asked: InfluencerDecision, options: { reason?: unknown; commission_rate_bp?: unknown } = {}) {
    const reason = asked === 'reject' || asked === 'suspend' ? influencerReasonSchema.parse(options.reason) : null;
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const before = await this.locked(tx, id);
      const decision: InfluencerDecision = asked === 'approve' && before.status === 'suspended' ? 'reactivate' : asked;
      const to = TARGET[decision];
      assertInfluencerMove(before.status, to);
      const patch: Partial<InfluencerRecord> = { status: to };
      if (decision === 'approve') {
        if (options.commission_rate_bp === undefined && before.commission_rate_bp === null) {
          throw invalid('invalid_input', 'Informe a comissão para aprovar.', { commission_rate_bp: 'Informe a comissão' });
        }
        if (options.commission_rate_bp !== undefined) patch.commission_rate_bp = commissionRateSchema.parse(options.commission_rate_bp);
        patch.code = before.code ?? (await this.freeCode(tx, before.user_id));
        patch.approved_at = now;
        patch.rejection_reason = null;
        patch.suspension_reason = null;
        const user = await tx.identity.users.findById(before.user_id);
        await promoteUser(tx, user, 'influencer');
      }
      if (decision === 'reactivate') patch.suspension_reason = null;
      if (decision === 'reject') patch.rejection_reason = reason;
      if (decision === 'suspend') patch.suspension_reason = reason;
      await tx.influencers.update(id, patch);
      return this.audited(tx, actor, `admin.influencer_${decision}`, before, reason);
    });
  }

  /** POST /api/admin/influencers/:id/set-rate: the commission rate (basis points of the platform fee). */
  async setRate(actor: InfluencerActor, id: string, rateInput: unknown) {
    const rate = commissionRateSchema.parse(rateInput);
    return this.uow.run(async (tx) => {
      const before = await this.locked(tx, id);
      await tx.influencers.update(id, { commission_rate_bp: rate });
      return this.audited(tx, actor, 'admin.influencer_set_rate', before, null);
    });
  }

  /** PATCH /api/me/influencer/code: an approved (or suspended) influencer changes the code once. */
  async changeCode(actor: { id: string; email: string }, input: unknown, meta: RequestMeta) {
    const code = referralCodeSchema.parse(input);
    return this.uow.run(async (tx) => {
      const mine = await tx.influencers.findByUserId(actor.id);
      if (!mine || !mine.code) throw notFound('influencer_not_found', 'Você ainda não é um influenciador aprovado.');
      const before = (await tx.influencers.lock(mine.id))!;
      if (before.code_changes >= CODE_CHANGES_ALLOWED) throw conflict('code_already_changed', CODE_ALREADY_CHANGED_MESSAGE);
      if (before.code!.toUpperCase() === code) throw conflict('code_taken', CODE_TAKEN_MESSAGE);
      const holder = await tx.influencers.findByCode(code);
      if (holder) throw conflict('code_taken', CODE_TAKEN_MESSAGE);
      await tx.influencers.update(before.id, { code, code_changes: before.code_changes + 1 });
      await tx.audit.append({
        action: 'influencer.code_changed',
        actor_user_id: actor.id,
        actor_email: actor.email,
        entity_type: 'influencer',
        entity_id: before.id,
        ip: meta.ip,
        user_agent: meta.userAgent,
        request_id: meta.requestId,
        metadata: { before: { code: before.code }, after: { code } },
      });
      return { code, code_changes: before.code_changes + 1 };
    });
  }

  private async locked(tx: Tx<InfluencerScope>, id: string) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await tx.influencers.lock(id) : null;
    if (!row) throw notFound('influencer_not_found', 'Influenciador não encontrado.');
    return row;
  }

  private async audited(tx: Tx<InfluencerScope>, actor: InfluencerActor, action: string, before: InfluencerRecord, reason: string | null) {
    const after = (await tx.influencers.findById(before.id))!;
    await tx.audit.append({ action, actor_user_id: actor.id, actor_email: actor.email, entity_type: 'influencer', entity_id: before.id, metadata: { before: snapshot(before), after: snapshot(after), reason } });
    return this.adminView(after);
  }

  /** The first readable candidate (name + digits) nobody holds. */
  private async freeCode(tx: Tx<InfluencerScope>, userId: string): Promise<string> {
    const profile = await tx.identity.profiles.findByUserId(userId);
    for (let round = 0; round < 5; round++) {
      for (const candidate of codeCandidates(profile?.full_name ?? '', this.random)) {
        if (!(await tx.influencers.findByCode(candidate))) return candidate;
      }
    }
    throw conflict('code_unavailable', 'Não foi possível gerar um código livre. Tente novamente.');
  }
}
