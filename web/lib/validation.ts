// Turns core's zod results and the server's `error.fields` into per-field messages, translated:
// core's messages are pt-BR constants; the ones the app knows map to i18n keys (en-US has its own).
import type { ZodError } from 'zod';
import { MESSAGES } from '../../core/identity/account-schemas';
import { EMAIL_INVALID_MESSAGE } from '../../core/identity/auth-schemas';
import { englishValidationMessage } from '../../core/shared/validation-messages';
import { i18n } from '../i18n';

export type FieldErrors = Record<string, string>;

/** pt-BR message (as core or the server writes it) → key under `validation.` in the common namespace. */
const MESSAGE_KEYS = new Map<string, string>([
  [MESSAGES.terms, 'terms'],
  [MESSAGES.passwordShort, 'passwordShort'],
  [MESSAGES.fullName, 'fullName'],
  [MESSAGES.phone, 'phone'],
  [MESSAGES.birthDate, 'birthDate'],
  [MESSAGES.underAge, 'underAge'],
  [MESSAGES.cep, 'cep'],
  [MESSAGES.number, 'number'],
  [MESSAGES.forgotEmpty, 'forgotEmpty'],
  [MESSAGES.forgotInvalid, 'forgotInvalid'],
  [MESSAGES.resetShort, 'resetShort'],
  [MESSAGES.resetMismatch, 'resetMismatch'],
  [EMAIL_INVALID_MESSAGE, 'email'],
  ['Informe sua senha', 'passwordRequired'],
  ['Informe o CPF', 'cpfRequired'],
  ['CPF inválido', 'cpf'],
  ['UF inválida', 'state'],
  ['Informe sua senha atual', 'currentPassword'],
  ['Informe sua senha para confirmar', 'passwordToConfirm'],
  ['Senha muito longa', 'passwordLong'],
]);

export function localizeMessage(message: string): string {
  const key = MESSAGE_KEYS.get(message);
  if (key) return i18n.t(`validation.${key}`);
  // Newer core messages (influencer application, PIX key, codes, campaigns): core's pt-BR → en-US table.
  return i18n.language?.startsWith('en') ? englishValidationMessage(message) : message;
}

/** The first message of each top-level field (what the form shows under that input). */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_form');
    if (!(key in out)) out[key] = localizeMessage(issue.message);
  }
  return out;
}

/** The server's `error.fields`, localized the same way. */
export function serverFieldErrors(fields: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    if (typeof message === 'string') out[key] = localizeMessage(message);
  }
  return out;
}

/** Moves focus to the first field (in `order`) that has an error; returns whether one was found. */
export function focusFirstError(errors: FieldErrors, order: readonly string[], form: HTMLFormElement | null): boolean {
  const name = order.find((field) => errors[field]);
  if (!name || !form) return false;
  const element = form.querySelector<HTMLElement>(`[name="${name}"]`);
  element?.focus();
  return Boolean(element);
}
