// Influencers (docs/product/referrals.md): the application an influencer sends, its review states, the commission rate and
// the referral code (readable, 4–20 of [A-Z0-9], unique whatever the case, changeable once). Pure rules and schemas.
import { z } from 'zod';
import { invalid } from '../shared/errors';
import { pixKeySchema } from '../payments';

// The states live with the records (ports.ts stays a leaf other modules may name without importing these rules).
import type { InfluencerStatus } from './ports';
export { INFLUENCER_STATUSES, type InfluencerStatus } from './ports';

export const INFLUENCER_STATUS_LABELS: Record<InfluencerStatus, string> = {
  pending: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Recusado',
  suspended: 'Suspenso',
};

/** pending → approved | rejected; approved ⇄ suspended; a rejected applicant may apply again (→ pending). */
const MOVES: Record<InfluencerStatus, readonly InfluencerStatus[]> = {
  pending: ['approved', 'rejected'],
  rejected: ['pending'],
  approved: ['suspended'],
  suspended: ['approved'],
};

export const canMoveInfluencer = (from: InfluencerStatus, to: InfluencerStatus) => MOVES[from].includes(to);

export function assertInfluencerMove(from: InfluencerStatus, to: InfluencerStatus): void {
  if (!canMoveInfluencer(from, to)) {
    throw invalid('invalid_transition', `Não é possível passar de "${INFLUENCER_STATUS_LABELS[from]}" para "${INFLUENCER_STATUS_LABELS[to]}".`);
  }
}

/** Only an approved influencer's links attribute sign-ups; a suspended one's still land, unattributed. */
export const isActiveInfluencer = (i: { status: InfluencerStatus }) => i.status === 'approved';

// --- The referral code -----------------------------------------------------------------------------------------------
export const CODE_MIN = 4;
export const CODE_MAX = 20;
/** How many times an influencer may change the code given on approval. */
export const CODE_CHANGES_ALLOWED = 1;
export const CODE_MESSAGE = `O código deve ter de ${CODE_MIN} a ${CODE_MAX} letras (sem acento) ou números.`;

/** A code as an influencer types it: trimmed and upper-cased, then 4–20 of [A-Z0-9]. */
export const referralCodeSchema = z
  .string({ error: 'Informe o código' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[A-Z0-9]{${CODE_MIN},${CODE_MAX}}$`), { error: CODE_MESSAGE }));

/** The readable stem of a name: the first name's letters, accents removed, upper-cased (at most 14 characters). */
export function codeStem(fullName: string): string {
  const words = fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  const stem = (words[0] ?? '').slice(0, 14);
  return stem.length >= 2 ? stem : 'TURMA';
}

/**
 * Candidate codes for a name, readable first: the stem plus two digits, then three, then four (`random` in [0, 1)).
 * The caller keeps the first one nobody holds.
 */
export function codeCandidates(fullName: string, random: () => number, count = 12): string[] {
  const stem = codeStem(fullName);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const width = i < 4 ? 2 : i < 8 ? 3 : 4;
    const n = Math.floor(random() * 10 ** width);
    out.push(`${stem}${String(n).padStart(width, '0')}`.slice(0, CODE_MAX));
  }
  return [...new Set(out)];
}

// --- The commission rate -----------------------------------------------------------------------------------------------
/** Basis points of the platform fee (1000 = 10%). */
export const commissionRateSchema = z
  .number({ error: 'Informe a comissão' })
  .int({ error: 'A comissão é um número inteiro de pontos-base (1000 = 10%)' })
  .min(0, { error: 'A comissão vai de 0% a 100%' })
  .max(10_000, { error: 'A comissão vai de 0% a 100%' });

export { formatRate, percentToBp } from './commission-rate';

// --- The application ----------------------------------------------------------------------------------------------------
const handle = (label: string) =>
  z
    .string()
    .trim()
    .max(100, { error: `${label}: no máximo 100 caracteres` })
    .transform((v) => v.replace(/^@+/, ''))
    .nullish()
    .transform((v) => (v ? v : null));

export const influencerApplicationSchema = z
  .object({
    instagram: handle('Instagram'),
    tiktok: handle('TikTok'),
    youtube: handle('YouTube'),
    audience_size: z.coerce
      .number({ error: 'Informe o tamanho do público' })
      .int({ error: 'Informe um número inteiro de seguidores' })
      .min(0, { error: 'O público não pode ser negativo' })
      .max(1_000_000_000, { error: 'Público grande demais' }),
    niche: z.string({ error: 'Informe o nicho' }).trim().min(2, { error: 'Informe o nicho' }).max(80, { error: 'No máximo 80 caracteres' }),
    pix_key: pixKeySchema,
  })
  .superRefine((v, ctx) => {
    if (!v.instagram && !v.tiktok && !v.youtube) ctx.addIssue({ code: 'custom', path: ['instagram'], message: 'Informe ao menos uma rede social (Instagram, TikTok ou YouTube).' });
  });
export type InfluencerApplicationInput = z.input<typeof influencerApplicationSchema>;
export type InfluencerApplication = z.output<typeof influencerApplicationSchema>;

/** Reasons are shown to the influencer as written: required and bounded. */
export const influencerReasonSchema = z
  .string({ error: 'Informe o motivo' })
  .trim()
  .min(5, { error: 'O motivo: pelo menos 5 caracteres' })
  .max(500, { error: 'No máximo 500 caracteres' });
