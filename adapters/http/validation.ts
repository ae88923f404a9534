// Turns zod failures into the API's 400 shape with pt-BR messages per field.
import type { z } from 'zod';
import { DomainError } from '../../core/shared/errors';

export function fieldsFromIssues(issues: ReadonlyArray<z.core.$ZodIssue>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    throw new DomainError('invalid', 'invalid_input', 'Verifique os campos destacados.', {
      fields: fieldsFromIssues(result.error.issues),
    });
  }
  return result.data;
}
