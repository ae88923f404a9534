// Turns zod failures into the API's 400 shape with messages per field: pt-BR by default (zod's own Brazilian
// Portuguese locale for its generic messages; our schemas' messages where they give one), en-US when the client asks.
import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod';
import { DomainError } from '../../core/shared/errors';
import { englishValidationMessage } from '../../core/shared/validation-messages';

export type ApiLocale = 'pt-BR' | 'en-US';

// zod's generic messages ("Pequeno demais: …") follow the request's language: pt-BR unless the client asked for
// English. One process-wide error map reads the language of the request being served (set by `withApiLocale`), so
// parses inside the core speak the client's language too. Our schemas' own messages always win over these.
const requestLocale = new AsyncLocalStorage<ApiLocale>();
const ptBR = z.locales.ptBR().localeError;
const enUS = z.locales.en().localeError;
/** z.int()'s own bound is the largest safe integer: "<= 9007199254740991" says nothing to a person. */
const HUGE_NUMBER = { 'pt-BR': 'Número grande demais.', 'en-US': 'Number too large.' } as const;
const HUGE_NEGATIVE = { 'pt-BR': 'Número pequeno demais.', 'en-US': 'Number too small.' } as const;
/** A field left out: zod's own text ('recebeu um valor "undefined"') blames a value the person never typed. */
export const REQUIRED_FIELD = { 'pt-BR': 'Campo obrigatório: preencha este campo.', 'en-US': 'Required field: fill it in.' } as const;
const isMissing = (issue: { code?: string; input?: unknown }) => issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
z.config({
  localeError: (issue) => {
    const locale = requestLocale.getStore() === 'en-US' ? 'en-US' : 'pt-BR';
    if (isMissing(issue)) return REQUIRED_FIELD[locale];
    if (issue.code === 'too_big' && Number(issue.maximum) >= Number.MAX_SAFE_INTEGER) return HUGE_NUMBER[locale];
    if (issue.code === 'too_small' && Number(issue.minimum) <= Number.MIN_SAFE_INTEGER) return HUGE_NEGATIVE[locale];
    return (locale === 'en-US' ? enUS : ptBR)(issue);
  },
});

/** Runs the rest of the request with this validation language. */
export function withApiLocale<T>(locale: ApiLocale, run: () => Promise<T>): Promise<T> {
  return requestLocale.run(locale, run);
}

export function fieldsFromIssues(issues: ReadonlyArray<z.core.$ZodIssue>): Record<string, string> {
  // Our schemas' own pt-BR messages, in English when the request asked for it (core/shared/validation-messages.ts).
  const english = requestLocale.getStore() === 'en-US';
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= english ? englishValidationMessage(issue.message) : issue.message;
  }
  return fields;
}

export const INVALID_INPUT_MESSAGE: Record<ApiLocale, string> = {
  'pt-BR': 'Verifique os campos destacados.',
  'en-US': 'Check the highlighted fields.',
};

/** The answer's headline: names the fields left out, so a caller without a form still learns what to send. */
export function invalidInputMessage(fields: Record<string, string>, locale: ApiLocale): string {
  const missing = Object.keys(fields).filter((k) => fields[k] === REQUIRED_FIELD[locale] && k !== '_');
  if (!missing.length) return INVALID_INPUT_MESSAGE[locale];
  const list = missing.join(', ');
  return locale === 'en-US' ? `Fill in the required fields: ${list}.` : `Preencha os campos obrigatórios: ${list}.`;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, locale: ApiLocale = 'pt-BR'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const fields = fieldsFromIssues(result.error.issues);
    throw new DomainError('invalid', 'invalid_input', invalidInputMessage(fields, locale), { fields });
  }
  return result.data;
}

/** The request's language for validation messages: en-US only when the client prefers English. */
export function apiLocaleOf(ctx: { acceptsLanguages(...langs: string[]): string | false }): ApiLocale {
  const best = ctx.acceptsLanguages('pt-BR', 'pt', 'en-US', 'en');
  return typeof best === 'string' && best.startsWith('en') ? 'en-US' : 'pt-BR';
}
