// A commission rate shown and typed as a percentage, with no dependency (no zod): the back office's influencer screens
// import this module alone. core/influencers/influencer-rules.ts re-exports it beside the rate's schema.

/** '12,5%' for 1250 bp (in the reader's locale when given). */
export const formatRate = (bp: number, locale = 'pt-BR') => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(bp / 100)}%`;

/** A percentage as typed ("12,5" or "12.5") → basis points (1250); null unless it is a number from 0 to 100. */
export function percentToBp(text: string): number | null {
  const n = Number(text.trim().replace(',', '.'));
  if (!text.trim() || !Number.isFinite(n) || n < 0 || n > 100) return null;
  return Math.round(n * 100);
}
