// Shared zod schemas for signing in: used by the browser forms and the server routes alike.
import { z } from 'zod';

export const EMAIL_INVALID_MESSAGE = 'Por favor, insira um e-mail válido';
export const PASSWORD_MIN_LENGTH = 6;

export const emailSchema = z
  .string({ message: EMAIL_INVALID_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: EMAIL_INVALID_MESSAGE }).max(254, { message: EMAIL_INVALID_MESSAGE }));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Informe sua senha' }).min(1, { message: 'Informe sua senha' }).max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ message: 'Senha muito curta' })
  .min(PASSWORD_MIN_LENGTH, { message: 'Senha muito curta' })
  .max(1024, { message: 'Senha muito longa' });
