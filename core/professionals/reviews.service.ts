// Reviews of a professional: written by the voucher's member once per voucher (within 90 days of the redemption),
// answered once by the professional, reported by anyone signed in; the average is recomputed under the row lock.
import type { Clock } from '../shared/clock';
import { conflict, notFound } from '../shared/errors';
import type { ReviewRecord } from './ports';
import { ratingSummary, reviewInputSchema, reviewRefusal, reviewReplySchema, reviewReportSchema, REVIEW_REFUSAL_MESSAGES } from './review-rules';
import type { Tx, UnitOfWork } from '../ports/unit-of-work';
import type { ProfessionalsScope } from './ports';
import type { GroupsScope } from '../groups/ports';
import type { AuditScope } from '../audit/ports';

/** Who acts: a signed-in user, or an operator at the CLI (no user id). */
export interface ProfessionalActor {
  id: string | null;
  email: string;
}

/** Reviews read the voucher (groups) and write the review, the professional's average and the audit log. */
type ReviewScope = ProfessionalsScope & GroupsScope & AuditScope;

export class ReviewService {
  constructor(
    private readonly uow: UnitOfWork<ReviewScope>,
    private readonly clock: Clock,
  ) {}

  /** POST /api/reviews: the voucher's member, once per voucher, within 90 days of the redemption. */
  async review(userId: string, input: unknown) {
    const body = reviewInputSchema.parse(input);
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const voucher = await tx.groups.vouchers.findById(body.voucher_id);
      if (!voucher) throw notFound('voucher_not_found', REVIEW_REFUSAL_MESSAGES.not_yours);
      const refusal = reviewRefusal(voucher, userId, now);
      if (refusal === 'not_yours') throw notFound('voucher_not_found', REVIEW_REFUSAL_MESSAGES.not_yours);
      if (refusal) throw conflict(`review_${refusal}`, REVIEW_REFUSAL_MESSAGES[refusal]);
      const professionalId = voucher.redeemed_by_professional_id;
      if (!professionalId) throw conflict('review_not_redeemed', REVIEW_REFUSAL_MESSAGES.not_redeemed);
      // Serialises the professional's average with concurrent reviews of the same professional.
      await tx.professionals.professionals.lock(professionalId);
      const created = await tx.professionals.reviews.createIfNone({ voucher_id: voucher.id, professional_id: professionalId, user_id: userId, rating: body.rating, comment: body.comment });
      if (!created) throw conflict('review_exists', 'Você já avaliou este atendimento.');
      await this.recomputeRating(tx, professionalId);
      return reviewView(created);
    });
  }

  /** POST /api/reviews/:id/reply: the reviewed professional, once. */
  async reply(userId: string, reviewId: string, input: unknown) {
    const body = reviewReplySchema.parse(input);
    return this.uow.run(async (tx) => {
      const review = /^[0-9a-f-]{36}$/i.test(reviewId) ? await tx.professionals.reviews.findById(reviewId) : null;
      const p = await tx.professionals.professionals.findByUserId(userId);
      if (!review || !p || review.professional_id !== p.id) throw notFound('review_not_found', 'Avaliação não encontrada.');
      if (!(await tx.professionals.reviews.replyOnce(reviewId, body.reply, this.clock.now()))) throw conflict('review_already_replied', 'Você já respondeu esta avaliação.');
      return reviewView((await tx.professionals.reviews.findById(reviewId))!);
    });
  }

  /** POST /api/reviews/:id/report: any signed-in user; the back office sees the count. */
  async report(actor: ProfessionalActor, reviewId: string, input: unknown) {
    const body = reviewReportSchema.parse(input);
    return this.uow.run(async (tx) => {
      const review = /^[0-9a-f-]{36}$/i.test(reviewId) ? await tx.professionals.reviews.findById(reviewId) : null;
      if (!review || review.hidden_at) throw notFound('review_not_found', 'Avaliação não encontrada.');
      await tx.professionals.reviews.incrementReports(reviewId);
      await tx.audit.append({ action: 'review.reported', actor_user_id: actor.id, actor_email: actor.email, entity_type: 'review', entity_id: reviewId, metadata: { reason: body.reason } });
      return { id: reviewId, reported: true as const };
    });
  }

  private async recomputeRating(tx: Tx<ReviewScope>, professionalId: string) {
    const summary = ratingSummary(await tx.professionals.reviews.ratings(professionalId));
    await tx.professionals.professionals.update(professionalId, summary);
  }
}

function reviewView(r: ReviewRecord) {
  return {
    id: r.id,
    voucher_id: r.voucher_id,
    professional_id: r.professional_id,
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    replied_at: r.replied_at ? r.replied_at.toISOString() : null,
    created_at: r.created_at.toISOString(),
  };
}
