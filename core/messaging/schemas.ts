// The /profile message preferences' contract (GET/PUT /api/me/message-preferences) and the WhatsApp opt-in's.
import { z } from 'zod';


export const messageChoiceSchema = z.object({
  category: z.enum(['transactional', 'vouchers', 'marketing']),
  channel: z.enum(['email', 'whatsapp', 'push', 'in_app']),
  enabled: z.boolean(),
});

export const messagePreferencesUpdateSchema = z.object({
  preferences: z.array(messageChoiceSchema).min(1).max(12),
});

export const messagePreferencesViewSchema = z.object({
  preferences: z.array(messageChoiceSchema),
  whatsapp: z.object({
    /** E.164, or null when no number was typed. */
    phone: z.string().nullable(),
    status: z.enum(['none', 'pending', 'confirmed']),
    code_expires_at: z.string().nullable(),
  }),
  push: z.object({ subscribed: z.boolean() }),
});

export const whatsappOptinStartSchema = z.object({ phone: z.string().trim().min(1, 'Informe o número do celular.').max(40) });
export const whatsappOptinConfirmSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'O código tem 6 dígitos.') });

export type MessageChoice = z.infer<typeof messageChoiceSchema>;
export type MessagePreferencesView = z.infer<typeof messagePreferencesViewSchema>;
