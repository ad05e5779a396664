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
 * The one way Laurel's forms keep their values and errors. Values are keyed like the server's body
 * (snake_case), so server field errors land on their fields as they are. A field shows its client
 * error once the person has typed in it or left it, and every field once they submit; `textField`
 * gives a text field its value, handlers and message in one spread.
 */
export function useFormState<T extends Record<string, unknown>>(
  initial: T,
  validate: (values: T) => FieldErrors,
) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [changed, setChanged] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const clientErrors = validate(values);
  const errors: FieldErrors = {};
  for (const [key, message] of Object.entries(clientErrors))
    if (submitted || touched[key]) errors[key] = message;
  Object.assign(errors, serverErrors);

  const set = <K extends keyof T>(name: K, value: T[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setTouched((previous) => ({ ...previous, [name as string]: true }));
    setChanged(true);
    setServerErrors((previous) => {
      if (!(name in previous)) return previous;
      const next = { ...previous };
      delete next[name as string];
      return next;
    });
  };
  /** The person left the field: show what is wrong with it. */
  const touch = (name: keyof T & string) =>
    setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true }));

  return {
    values,
    errors,
    /** The person changed something since the form opened or was reset. */
    dirty: changed,
    set,
    touch,
    /** Props for a text field bound to `name` (a string value): value, change, blur, message. */
    textField: (name: keyof T & string) => ({
      name,
      value: values[name] as string,
      onChange: (event: { target: { value: string } }) =>
        set(name, event.target.value as T[typeof name]),
      onBlur: () => touch(name),
      error: Boolean(errors[name]),
      helperText: errors[name] ?? ' ',
    }),
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
    /** Puts errors found elsewhere (the identity service's answer) on their fields. */
    setFieldErrors: (next: FieldErrors) => setServerErrors(next),
    reset: (next: T) => {
      setValues(next);
      setTouched({});
      setChanged(false);
      setSubmitted(false);
      setServerErrors({});
    },
  };
}

/** `''` → null, otherwise the trimmed text: optional text fields of a body. */
export const optionalText = (value: string): string | null => (value.trim() ? value.trim() : null);
