// Form state for the account forms: values, per-field errors, and the rhythm of showing them —
// on submit for every field, on blur for a field the user filled in, and live while the user
// fixes a field that shows an error (so it clears as soon as it is right).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from './validation';

export function useForm<V extends object>(initial: V | (() => V), validate: (values: V) => FieldErrors) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const validateRef = useRef(validate);
  useEffect(() => {
    validateRef.current = validate;
  });
  const previous = useRef(values);

  // Fields that show an error are re-checked when they change.
  useEffect(() => {
    const before = previous.current as Record<string, unknown>;
    const after = values as Record<string, unknown>;
    previous.current = values;
    const changed = Object.keys(after).filter((key) => after[key] !== before[key]);
    if (changed.length === 0) return;
    setErrors((current) => {
      const shown = changed.filter((key) => key in current);
      if (shown.length === 0) return current;
      const fresh = validateRef.current(values);
      const next = { ...current };
      for (const key of shown) {
        if (fresh[key]) next[key] = fresh[key];
        else delete next[key];
      }
      return next;
    });
  }, [values]);

  /** Merge a patch (works from async callbacks: always applied to the latest values). */
  const set = useCallback((patch: Partial<V>) => setValues((current) => ({ ...current, ...patch })), []);

  const blur = useCallback(
    (field: keyof V & string) => {
      const value = (values as Record<string, unknown>)[field];
      if (value === '' || value === undefined || value === null) return;
      const message = validateRef.current(values)[field];
      setErrors((current) => {
        if (message) return current[field] === message ? current : { ...current, [field]: message };
        if (!(field in current)) return current;
        const next = { ...current };
        delete next[field];
        return next;
      });
    },
    [values],
  );

  /** Validates everything and shows the result; returns the errors (empty when valid). */
  const check = useCallback(() => {
    const all = validateRef.current(values);
    setErrors(all);
    return all;
  }, [values]);

  const reset = useCallback((next: V) => {
    previous.current = next;
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, set, blur, check, setErrors, reset };
}
