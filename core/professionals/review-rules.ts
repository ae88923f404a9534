// Reviews (docs/product/professionals.md): a member whose voucher was redeemed rates the professional 1–5 once, within 90 days; the
// professional may reply once; the back office may hide a review. Averages count published reviews only.
import { z } from 'zod';

export const REVIEW_WINDOW_DAYS = 90;
export const REVIEW_COMMENT_MAX = 1_000;

export const reviewInputSchema = z.object({
  voucher_id: z.uuid({ error: 'Voucher inválido' }),
  rating: z
    .number({ error: 'Dê uma nota de 1 a 5 estrelas' })
    .int({ error: 'Dê uma nota de 1 a 5 estrelas' })
    .min(1, { error: 'Dê uma nota de 1 a 5 estrelas' })
    .max(5, { error: 'Dê uma nota de 1 a 5 estrelas' }),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, { error: `No máximo ${REVIEW_COMMENT_MAX} caracteres` })
    .nullish()
    .transform((v) => v || null),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewReplySchema = z.object({
  reply: z.string({ error: 'Escreva a resposta' }).trim().min(1, { error: 'Escreva a resposta' }).max(REVIEW_COMMENT_MAX, { error: `No máximo ${REVIEW_COMMENT_MAX} caracteres` }),
});

export const reviewReportSchema = z.object({
  reason: z.string({ error: 'Conte o motivo da denúncia' }).trim().min(5, { error: 'Conte o motivo da denúncia (pelo menos 5 caracteres)' }).max(500, { error: 'No máximo 500 caracteres' }),
});

export type ReviewRefusal = 'not_yours' | 'not_redeemed' | 'window_closed';

export const REVIEW_REFUSAL_MESSAGES: Record<ReviewRefusal, string> = {
  not_yours: 'Voucher não encontrado.',
  not_redeemed: 'Você poderá avaliar depois que o voucher for usado.',
  window_closed: `O prazo para avaliar (${REVIEW_WINDOW_DAYS} dias após o atendimento) terminou.`,
};

/** Why this member may not review the voucher now, or null when they may. */
export function reviewRefusal(voucher: { user_id: string; status: string; redeemed_at: Date | null }, userId: string, now: Date): ReviewRefusal | null {
  if (voucher.user_id !== userId) return 'not_yours';
  if (voucher.status !== 'redeemed' || !voucher.redeemed_at) return 'not_redeemed';
  if (now.getTime() > voucher.redeemed_at.getTime() + REVIEW_WINDOW_DAYS * 86_400_000) return 'window_closed';
  return null;
}

/** rating_average (two decimals, half-up) and total_reviews over the published reviews. */
export function ratingSummary(reviews: ReadonlyArray<{ rating: number; hidden_at: Date | null }>): { rating_average: number; total_reviews: number } {
  const published = reviews.filter((r) => r.hidden_at === null);
  if (!published.length) return { rating_average: 0, total_reviews: 0 };
  const sum = published.reduce((s, r) => s + r.rating, 0);
  return { rating_average: Math.round((sum * 100) / published.length) / 100, total_reviews: published.length };
}
