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
z.config({
  localeError: (issue) => {
    const locale = requestLocale.getStore() === 'en-US' ? 'en-US' : 'pt-BR';
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

export function parseInput<S extends z.ZodType>(schema: S, input: unknown, locale: ApiLocale = 'pt-BR'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new DomainError('invalid', 'invalid_input', INVALID_INPUT_MESSAGE[locale], {
      fields: fieldsFromIssues(result.error.issues),
    });
  }
  return result.data;
}

/** The request's language for validation messages: en-US only when the client prefers English. */
export function apiLocaleOf(ctx: { acceptsLanguages(...langs: string[]): string | false }): ApiLocale {
  const best = ctx.acceptsLanguages('pt-BR', 'pt', 'en-US', 'en');
  return typeof best === 'string' && best.startsWith('en') ? 'en-US' : 'pt-BR';
}
