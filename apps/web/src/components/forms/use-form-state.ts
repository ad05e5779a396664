import { useState } from 'react';

import { mapFieldErrors } from '../../lib/errors/field-errors';

export type FieldErrors = Record<string, string>;

/** First message per top-level field of a failed zod parse (`{ error: { issues } }`). */
export function issuesToFieldErrors(
  result:
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
): FieldErrors {
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Form values keyed like the server's body (snake_case), so server field errors land on their
 * fields as they are. Validates as the user types (fields they touched) and on submit (all).
 */
export function useFormState<T extends Record<string, unknown>>(
  initial: T,
  validate: (values: T) => FieldErrors,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const clientErrors = validate(values);
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(clientErrors))
    if (submitted || touched[key]) errors[key] = message;
  Object.assign(errors, serverErrors);

  return {
    values,
    errors,
    dirty: Object.keys(touched).length > 0,
    set: <K extends keyof T>(name: K, value: T[K]) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      setTouched((previous) => ({ ...previous, [name as string]: true }));
      setServerErrors((previous) => {
        if (!(name in previous)) return previous;
        const next = { ...previous };
        delete next[name as string];
        return next;
      });
    },
    /** Marks every field for display; true when the values pass the client checks. */
    submit: () => {
      setSubmitted(true);
      return Object.keys(clientErrors).length === 0;
    },
    /** Puts a failed save's field errors on their fields; returns whether there were any. */
    applyServerErrors: (error: unknown) => {
      const mapped = mapFieldErrors(error, {}) as FieldErrors;
      setServerErrors(mapped);
      return Object.keys(mapped).length > 0;
    },
    reset: (next: T) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}

/** `''` → null, otherwise the trimmed text: optional text fields of a body. */
export const optionalText = (value: string): string | null => (value.trim() ? value.trim() : null);
