// Shared zod schemas for signing in: used by the browser forms and the server routes alike.
import { z } from 'zod';

export const EMAIL_INVALID_MESSAGE = 'Por favor, insira um e-mail válido';
export const PASSWORD_MIN_LENGTH = 6;

export const emailSchema = z
  .string({ message: EMAIL_INVALID_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: EMAIL_INVALID_MESSAGE }).max(254, { message: EMAIL_INVALID_MESSAGE }));

export const LOGIN_IDENTIFIER_MESSAGE = 'Informe um e-mail ou telefone válido';

/** A Brazilian phone's digits (DDD + number), the country code 55 dropped. */
export const phoneDigits = (raw: string) => raw.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');

const VALID_DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** Brazilian phone with area code: mobile (DDD + 9 + 8 digits) or landline (DDD + 2–5 + 7 digits). */
export function isValidBrazilianPhone(raw: string): boolean {
  const d = phoneDigits(raw);
  if (!VALID_DDD.has(Number(d.slice(0, 2)))) return false;
  if (d.length === 11) return d[2] === '9';
  if (d.length === 10) return /[2-5]/.test(d[2] ?? '');
  return false;
}

/**
 * Who signs in (docs/product/spec.md §5: e-mail or phone, plus the password): an address becomes its lowercased form, a phone its
 * digits. A value with '@' or a letter is read as an e-mail (and refused with docs/product/spec.md §4's e-mail message); digits and
 * phone punctuation as a phone.
 */
export const loginIdentifierSchema = z
  .string({ message: LOGIN_IDENTIFIER_MESSAGE })
  .trim()
  .transform((value, ctx) => {
    if (value.includes('@') || /\p{L}/u.test(value)) {
      const email = emailSchema.safeParse(value);
      if (email.success) return email.data;
      ctx.addIssue({ code: 'custom', message: EMAIL_INVALID_MESSAGE });
      return z.NEVER;
    }
    if (isValidBrazilianPhone(value)) return phoneDigits(value);
    ctx.addIssue({ code: 'custom', message: LOGIN_IDENTIFIER_MESSAGE });
    return z.NEVER;
  });

/** Whether a sign-in identifier (loginIdentifierSchema's output) is an e-mail (else it is a phone's digits). */
export const isEmailIdentifier = (identifier: string) => identifier.includes('@');

export const loginSchema = z.object({
  /** An e-mail or a phone (the field keeps its name: docs/api.md's `{email, password}`). */
  email: loginIdentifierSchema,
  password: z.string({ message: 'Informe sua senha' }).min(1, { message: 'Informe sua senha' }).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ message: 'Senha muito curta' })
  .min(PASSWORD_MIN_LENGTH, { message: 'Senha muito curta' })
  .max(1024, { message: 'Senha muito longa' });
