// The back office's review moderation (docs/product/professionals.md): list reviews (reported first), hide one with a
// reason, restore it. Every decision is audited, and the professional's rating_average / total_reviews are recomputed
// over the published reviews in the same transaction, under the professional's row lock (as a new review does).
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import type { AdminReviewRecord, ReviewAdminFilter } from './ports';
import { decisionReasonSchema } from './professional-rules';
import { ratingSummary } from './review-rules';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { ProfessionalsScope } from './ports';
import type { AuditScope } from '../audit/ports';

/** The tables review moderation reads and writes (audit: every decision is logged). */
type ReviewModerationScope = ProfessionalsScope & AuditScope;

export interface ModerationActor {
  id: string | null;
  email: string;
}

export const reviewHideSchema = z.object({ reason: decisionReasonSchema });
/** Restoring needs no reason; one given is kept in the audit log. */
export const reviewRestoreSchema = z.object({ reason: decisionReasonSchema.optional() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const firstName = (full: string | null) => (full ?? '').trim().split(/\s+/)[0] || 'Cliente';

export function adminReviewView(r: AdminReviewRecord) {
  return {
    id: r.id,
    voucher_id: r.voucher_id,
    professional_id: r.professional_id,
    professional_business_name: r.professional_business_name,
    user_id: r.user_id,
    reviewer_first_name: firstName(r.reviewer_name),
    reviewer_email: r.reviewer_email,
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    replied_at: r.replied_at ? r.replied_at.toISOString() : null,
    hidden: r.hidden_at !== null,
    hidden_at: r.hidden_at ? r.hidden_at.toISOString() : null,
    hidden_reason: r.hidden_reason,
    reported_count: r.reported_count,
    created_at: r.created_at.toISOString(),
  };
}

export class ReviewModerationService {
  constructor(
    private readonly uow: UnitOfWork<ReviewModerationScope>,
    private readonly clock: Clock,
  ) {}

  async list(filter: ReviewAdminFilter, sort: { field: string; order: 'ASC' | 'DESC' }, offset: number, limit: number) {
    const { items, total } = await this.uow.repos.professionals.reviews.adminList(filter, sort, offset, limit);
    return { items: items.map(adminReviewView), total };
  }

  async get(id: string) {
    const r = UUID.test(id) ? await this.uow.repos.professionals.reviews.adminFind(id) : null;
    if (!r) throw notFound('review_not_found', 'Avaliação não encontrada.');
    return adminReviewView(r);
  }

  /** POST /api/admin/reviews/:id/hide: out of the profile and out of the average. */
  async hide(actor: ModerationActor, id: string, input: unknown) {
    const { reason } = reviewHideSchema.parse(input ?? {});
    return this.moderate(actor, id, 'hide', reason);
  }

  /** POST /api/admin/reviews/:id/restore: published again, back in the average. */
  async restore(actor: ModerationActor, id: string, input: unknown) {
    const { reason } = reviewRestoreSchema.parse(input ?? {});
    return this.moderate(actor, id, 'restore', reason ?? null);
  }

  private async moderate(actor: ModerationActor, id: string, action: 'hide' | 'restore', reason: string | null) {
    if (!UUID.test(id)) throw notFound('review_not_found', 'Avaliação não encontrada.');
    return this.uow.run(async (tx) => {
      const found = await tx.professionals.reviews.findById(id);
      if (!found) throw notFound('review_not_found', 'Avaliação não encontrada.');
      // The professional's row lock serialises this with new reviews and other moderation of the same professional.
      await tx.professionals.professionals.lock(found.professional_id);
      const review = (await tx.professionals.reviews.findById(id))!;
      if (action === 'hide' && review.hidden_at) throw conflict('review_already_hidden', 'Esta avaliação já está oculta.');
      if (action === 'restore' && !review.hidden_at) throw conflict('review_not_hidden', 'Esta avaliação já está publicada.');
      await tx.professionals.reviews.setHidden(id, action === 'hide' ? this.clock.now() : null, action === 'hide' ? reason : null);
      const before = await tx.professionals.professionals.findById(review.professional_id);
      const summary = await this.recompute(tx, review.professional_id);
      await tx.audit.append({
        action: action === 'hide' ? 'admin.review_hidden' : 'admin.review_restored',
        actor_user_id: actor.id,
        actor_email: actor.email,
        entity_type: 'review',
        entity_id: id,
        metadata: {
          reason,
          professional_id: review.professional_id,
          rating: review.rating,
          rating_average: { from: before ? Number(before.rating_average) : null, to: summary.rating_average },
          total_reviews: { from: before?.total_reviews ?? null, to: summary.total_reviews },
        },
      });
      return adminReviewView((await tx.professionals.reviews.adminFind(id))!);
    });
  }

  private async recompute(tx: Tx<ReviewModerationScope>, professionalId: string) {
    const summary = ratingSummary(await tx.professionals.reviews.ratings(professionalId));
    await tx.professionals.professionals.update(professionalId, summary);
    return summary;
  }
}
