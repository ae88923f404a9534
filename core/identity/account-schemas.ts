// The account forms' zod schemas (docs/product/spec.md §2, §5), one copy shared by the browser and the server.
import { z } from 'zod';
import { cpfSchema } from './cpf';
import { emailSchema, isValidBrazilianPhone, PASSWORD_MIN_LENGTH, phoneDigits } from './auth-schemas';
import { originSchema, visitorTypeSchema } from '../referrals';
import { cepDigits } from '../address';

export const MINIMUM_AGE_YEARS = 18;
export const EMAIL_EXAMPLE = 'nome@exemplo.com';

export const MESSAGES = {
  terms: 'Você deve aceitar os termos e políticas de privacidade',
  passwordShort: 'A senha deve ter pelo menos 6 caracteres',
  fullName: 'Informe seu nome completo (nome e sobrenome)',
  phone: 'Telefone inválido: informe DDD e número',
  birthDate: 'Data de nascimento inválida',
  underAge: 'É preciso ter 18 anos ou mais para criar uma conta',
  cep: 'O CEP deve ter 8 dígitos',
  number: 'Informe o número',
  forgotEmpty: 'Informe seu email',
  forgotInvalid: 'E-mail inválido',
  forgotHint: `Digite um e-mail válido (ex: ${EMAIL_EXAMPLE})`,
  resetShort: 'Senha muito curta',
  resetShortHint: 'Use ao menos 6 caracteres.',
  resetMismatch: 'Senhas não coincidem',
} as const;

// Digits only, at most 8 (docs/product/spec.md §5), kept with the address rules (core/address/cep.ts, no zod) and re-exported for this module's readers.
export { cepDigits };

// The phone rules live with the sign-in schemas (a phone signs in too); re-exported for this module's readers.
export { isValidBrazilianPhone, phoneDigits };

export const phoneSchema = z
  .string({ message: MESSAGES.phone })
  .refine(isValidBrazilianPhone, { message: MESSAGES.phone })
  .transform(phoneDigits);

/** Whole years between a YYYY-MM-DD birth date and `today` (both read as calendar dates). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The birth date schema needs "today": the caller's clock (the browser's, or the server's Clock port). */
export const birthDateSchema = (now: () => Date) =>
  z
    .string({ message: MESSAGES.birthDate })
    .refine(isRealDate, { message: MESSAGES.birthDate })
    .refine((v) => !isRealDate(v) || (ageOn(v, now()) >= 0 && ageOn(v, now()) <= 120), { message: MESSAGES.birthDate })
    .refine((v) => !isRealDate(v) || ageOn(v, now()) >= MINIMUM_AGE_YEARS, { message: MESSAGES.underAge });

export const cepSchema = z
  .string({ message: MESSAGES.cep })
  .transform(cepDigits)
  .refine((v) => v.length === 8, { message: MESSAGES.cep });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `No máximo ${max} caracteres` })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const fullNameSchema = z
  .string({ message: MESSAGES.fullName })
  .trim()
  .min(3, { message: MESSAGES.fullName })
  .max(120, { message: 'No máximo 120 caracteres' })
  .refine((v) => v.split(/\s+/).length >= 2, { message: MESSAGES.fullName });

const addressFields = {
  cep: cepSchema,
  address_number: z.string({ message: MESSAGES.number }).trim().min(1, { message: MESSAGES.number }).max(20, { message: 'No máximo 20 caracteres' }),
  address_complement: optionalText(80),
  // Filled from the CEP lookup; the server re-derives them when the lookup answers.
  address_street: optionalText(200),
  address_district: optionalText(120),
  address_city: optionalText(120),
  address_state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'UF inválida' })
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null))
    .transform((v) => v || null),
};

export const buildSignupSchema = (now: () => Date) =>
  z.object({
    full_name: fullNameSchema,
    email: emailSchema,
    cpf: cpfSchema,
    phone: phoneSchema,
    birth_date: birthDateSchema(now),
    ...addressFields,
    password: z
      .string({ message: MESSAGES.passwordShort })
      .min(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordShort })
      .max(1024, { message: 'Senha muito longa' }),
    accept_terms: z.literal(true, { message: MESSAGES.terms }),
    origem: originSchema.optional(),
    visitor_type: visitorTypeSchema.optional(),
  });
export type SignupInput = z.infer<ReturnType<typeof buildSignupSchema>>;

export const forgotPasswordSchema = z.object({
  email: z
    .string({ message: MESSAGES.forgotEmpty })
    .trim()
    .min(1, { message: MESSAGES.forgotEmpty })
    .pipe(z.email({ message: MESSAGES.forgotInvalid }))
    .transform((v) => v.toLowerCase()),
});

export const resetPasswordSchema = z
  .object({
    password: z.string({ message: MESSAGES.resetShort }).min(PASSWORD_MIN_LENGTH, { message: MESSAGES.resetShort }).max(1024),
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { message: MESSAGES.resetMismatch, path: ['confirm_password'] });

/** What the server needs for a reset (the confirmation is the browser's business). */
export const resetRequestSchema = z.object({
  token: z.string({ message: 'Link inválido ou expirado. Tente novamente.' }).min(10).max(256),
  password: z.string({ message: MESSAGES.resetShort }).min(PASSWORD_MIN_LENGTH, { message: MESSAGES.resetShort }).max(1024),
});

export const confirmEmailSchema = z.object({
  token: z.string({ message: 'Link inválido ou expirado. Tente novamente.' }).min(10).max(256),
});

export const changePasswordSchema = z.object({
  current_password: z.string({ message: 'Informe sua senha atual' }).min(1, { message: 'Informe sua senha atual' }).max(1024),
  new_password: z.string({ message: MESSAGES.passwordShort }).min(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordShort }).max(1024),
});

export const deleteAccountSchema = z.object({
  password: z.string({ message: 'Informe sua senha para confirmar' }).min(1, { message: 'Informe sua senha para confirmar' }).max(1024),
});

/** Profile edits: every field optional; the e-mail is not editable, and the CPF only while the profile has none. */
export const buildProfileUpdateSchema = (now: () => Date) =>
  z
    .object({
      cpf: cpfSchema,
      full_name: fullNameSchema,
      phone: phoneSchema,
      birth_date: birthDateSchema(now),
      ...addressFields,
    })
    .partial()
    .strict();
export type ProfileUpdateInput = z.infer<ReturnType<typeof buildProfileUpdateSchema>>;
