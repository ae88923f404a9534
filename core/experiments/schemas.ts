// The experiments API's shapes (docs/api.md): a participant, a batch of browser events, and the back office's reports.
import { z } from 'zod';
import { FUNNEL_STEPS, MAX_RANGE_DAYS } from './funnel';
import { THEME_EXPERIMENT_NAME, THEME_VARIANTS } from './theme-variant';
import { ownValue } from '../shared/lookup';

/** Experiments this server records, with their variants. */
export const EXPERIMENTS: Readonly<Record<string, readonly string[]>> = { [THEME_EXPERIMENT_NAME]: THEME_VARIANTS };

/** A batch holds at most this many events; one event's metadata at most this many bytes of JSON. */
export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_METADATA_BYTES = 1024;

export const anonymousIdSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Identificador anônimo inválido.');

export const participantInputSchema = z
  .object({
    experiment: z.string().trim().min(1).max(64),
    variant: z.string().trim().min(1).max(32),
    anonymous_id: anonymousIdSchema,
  })
  .superRefine((v, ctx) => {
    const variants = ownValue(EXPERIMENTS, v.experiment);
    if (!variants) ctx.addIssue({ code: 'custom', path: ['experiment'], message: 'Experimento desconhecido.' });
    else if (!variants.includes(v.variant)) ctx.addIssue({ code: 'custom', path: ['variant'], message: 'Variante desconhecida para este experimento.' });
  });
export type ParticipantInput = z.infer<typeof participantInputSchema>;

export const participantSchema = z.object({
  id: z.uuid(),
  experiment: z.string(),
  variant: z.string(),
  anonymous_id: z.string(),
  converted: z.boolean(),
  created_at: z.string(),
});
export type ParticipantAnswer = z.infer<typeof participantSchema>;

const metadataSchema = z
  .record(z.string().max(64), z.unknown())
  .default({})
  .refine((m) => new TextEncoder().encode(JSON.stringify(m)).length <= MAX_METADATA_BYTES, `Metadados acima de ${MAX_METADATA_BYTES} bytes.`);

export const browserEventSchema = z.object({
  participant_id: z.uuid(),
  // The browser only reports interactions; a conversion is the server's to record (first confirmed entry).
  event_type: z.literal('interaction', { error: 'O navegador só envia eventos de interação.' }),
  event_name: z.string().trim().regex(/^[a-z0-9_.:-]{1,64}$/, 'Nome de evento inválido.'),
  metadata: metadataSchema,
});
export const eventsBatchSchema = z.object({
  events: z.array(browserEventSchema).min(1, 'Envie ao menos um evento.').max(MAX_EVENTS_PER_BATCH, `No máximo ${MAX_EVENTS_PER_BATCH} eventos por envio.`),
});
export type EventsBatch = z.infer<typeof eventsBatchSchema>;
export const eventsAcceptedSchema = z.object({ accepted: z.number().int() });

// ---- back office ----
const day = z.iso.date({ error: 'Data inválida (AAAA-MM-DD).' });
export const analyticsQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'A data final deve ser igual ou posterior à inicial.' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_RANGE_DAYS, { path: ['to'], message: `Período máximo de ${MAX_RANGE_DAYS} dias.` });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const experimentReportQuerySchema = z.object({ experiment: z.string().trim().default(THEME_EXPERIMENT_NAME) });

const rates = z.record(z.enum(FUNNEL_STEPS), z.number().nullable());
const funnelRowSchema = z.object({
  key: z.string(),
  visits: z.number().int().nullable(),
  signups: z.number().int(),
  entries_paid: z.number().int(),
  groups_completed: z.number().int(),
  balances_paid: z.number().int(),
  step_rates: rates,
  overall_rates: rates,
});
export type FunnelRowAnswer = z.infer<typeof funnelRowSchema>;

export const significanceSchema = z.object({
  variant_a: z.string(),
  variant_b: z.string(),
  rate_a: z.number(),
  rate_b: z.number(),
  difference: z.number(),
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
  confidence: z.number(),
  z: z.number().nullable(),
  p_value: z.number().nullable(),
});

export const variantSummarySchema = z.object({
  variant: z.string(),
  participants: z.number().int(),
  conversions: z.number().int(),
  conversion_rate: z.number().nullable(),
});

export const experimentReportSchema = z.object({
  experiment: z.string(),
  variants: z.array(variantSummarySchema.extend({ interactions: z.number().int() })),
  significance: significanceSchema,
}).meta({ id: 'ExperimentReport' });
export type ExperimentReport = z.infer<typeof experimentReportSchema>;

export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  experiment: z.string(),
  visits_note: z.string(),
  total: funnelRowSchema,
  by_origin: z.array(funnelRowSchema),
  by_visitor_type: z.array(funnelRowSchema),
  by_variant: z.array(funnelRowSchema),
  variants: z.array(variantSummarySchema),
  significance: significanceSchema,
}).meta({ id: 'AnalyticsReport' });
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
