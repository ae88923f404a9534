// react-hook-form with core's zod schemas: every field checked on submit (focus on the first error), a filled field when
// it is left, and a field showing an error while it is fixed. Messages are core's pt-BR constants, shown through
// localizeMessage in the current language.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { localizeMessage, type FieldErrors } from './validation';

export function useZodForm<In extends FieldValues, Out extends FieldValues>(schema: z.ZodType<Out, In>, defaultValues: DefaultValues<In>) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const { register, trigger, getFieldState, setError, formState } = form;

  /** The field's message in the current language, or undefined. */
  const errorOf = (name: Path<In>): string | undefined => {
    const message = (formState.errors as Record<string, { message?: unknown } | undefined>)[name]?.message;
    return typeof message === 'string' ? localizeMessage(message) : undefined;
  };

  /** Props for a TextField / PasswordField: register's ref, name and handlers, plus the error. */
  const field = (name: Path<In>) => ({
    ...register(name, {
      onBlur: (event: { target: { value?: unknown } }) => {
        if (event.target.value !== '' && event.target.value !== undefined) void trigger(name);
      },
      onChange: () => {
        if (getFieldState(name).error) void trigger(name);
      },
    }),
    error: errorOf(name),
  });

  /** The server's `error.fields` (already localized) on their fields. */
  const setServerErrors = (fields: FieldErrors) => {
    for (const [name, message] of Object.entries(fields)) setError(name as Path<In>, { type: 'server', message });
  };

  return { ...form, errorOf, field, setServerErrors };
}
