// The legal documents' contract: the back office publishes a version; a person accepts the versions in force.
import { z } from 'zod';

export const legalKindSchema = z.enum(['terms', 'privacy']);

export const legalDocumentCreateSchema = z.object({
  kind: legalKindSchema,
  version: z.string().trim().min(1, 'Informe a versão.').max(40, 'No máximo 40 caracteres.').regex(/^[\w.-]+$/, 'Use letras, números, ponto, hífen ou sublinhado.'),
  /** When it takes effect; now when omitted. */
  published_at: z.string().datetime({ offset: true, message: 'Data inválida.' }).optional(),
  summary: z.string().trim().min(1, 'Resuma o que mudou.').max(2000, 'No máximo 2.000 caracteres.'),
});

export const legalAcceptSchema = z.object({
  /** The ids of the versions the person read and accepts (the ones the status listed as pending). */
  document_ids: z.array(z.string().uuid()).min(1).max(2),
});

export const legalDocumentViewSchema = z.object({
  id: z.string(),
  kind: legalKindSchema,
  version: z.string(),
  published_at: z.string(),
  summary: z.string(),
});

export const legalStatusSchema = z.object({
  /** Versions in force the person has not accepted yet (empty: nothing to ask). */
  pending: z.array(legalDocumentViewSchema),
  accepted: z.array(z.object({ kind: legalKindSchema, version: z.string(), accepted_at: z.string() })),
});

export type LegalDocumentCreate = z.infer<typeof legalDocumentCreateSchema>;
export type LegalDocumentView = z.infer<typeof legalDocumentViewSchema>;
export type LegalStatus = z.infer<typeof legalStatusSchema>;
