import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { type CamelCase, camelCase } from '@laurel/contract/casing';

import { getErrorText } from '../../lib/errors/error-text';
import { mapFieldErrors } from '../../lib/errors/field-errors';
import { checkText } from '../../lib/i18n/check-texts';

/** Messages by field path: `name`, or `line_items.0.unit_price` inside a list (as the server keys them). */
export type FieldErrors = Record<string, string>;

type ParseResult =
  | { success: true }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * First message per field of a failed zod parse, keyed by the field's path as the server keys
 * its field errors (`line_items.0.unit_price`); an issue about the whole value goes under `_form`.
 */
function issuesToFieldErrors(result: ParseResult): FieldErrors {
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Validates a form's values with a contract schema, optionally after shaping them into the body
 * the server receives.
 * @example useFormState(initial, validateWith(ZCredentialBody, toBody))
 */
export function validateWith<T, B = T>(
  schema: { safeParse: (value: B) => ParseResult },
  toBody: (values: T) => B = (values) => values as unknown as B,
) {
  return (values: T): FieldErrors => issuesToFieldErrors(schema.safeParse(toBody(values)));
}

export interface SubmitOptions {
  /** Text of a failed submit; `getErrorText` unless given (the sign-in screens name identity errors). */
  errorText?: (caught: unknown) => string;
  /** Field errors of a failed submit; the server's `fieldErrors` (spec §5) unless given. */
  fieldErrorsOf?: (caught: unknown) => FieldErrors;
  /** Checks only these fields before running (a "send the code again" beside the form). */
  only?: string[];
}

const isWithin = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

function getIn(values: unknown, path: string): unknown {
  let current = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function setIn<T>(values: T, [head, ...rest]: string[], value: unknown): T {
  if (head === undefined) return value as T;
  const copy = (Array.isArray(values) ? [...values] : { ...values }) as Record<string, unknown>;
  copy[head] = setIn(copy[head], rest, value);
  return copy as T;
}

/**
 * The one way Laurel's forms keep their values, check them and send them (decision 013).
 * Values are keyed like the server's body (snake_case), so server field errors land on their
 * fields as they are. Every field is checked on every change with the contract's schema; a field
 * shows its message once the person has left it (or chosen a value with `set`), every field once
 * a submit was tried, and from then on the message follows each keystroke. `handleSubmit` runs
 * the save with the busy flag set, and on failure puts the server's field errors on their fields
 * and the rest of the message in `error`.
 * @example const form = useFormState({ name: '' }, validateWith(ZBody));
 *   <form onSubmit={form.handleSubmit(save)}><TextField {...form.textField('name')} /></form>
 */
export function useFormState<T extends Record<string, unknown>>(
  initial: T,
  validate: (values: T) => FieldErrors,
  options: Omit<SubmitOptions, 'only'> = {},
) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [changed, setChanged] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second submit while the first one runs (a double click) is ignored.
  const running = useRef(false);
  const clientErrors = validate(values);

  const shown = (key: string) =>
    submitted || Object.keys(touched).some((path) => touched[path] && isWithin(key, path));
  const errors: FieldErrors = {};
  // The contract's checks speak English; the person reads them in the chosen language.
  for (const [key, message] of Object.entries(clientErrors))
    if (shown(key)) errors[key] = checkText(intl, message);
  Object.assign(errors, serverErrors);

  /** The message of the field at `path`, or of the first thing inside it (a list's item). */
  const errorOf = (path: string): string | undefined =>
    errors[path] ??
    Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1] ??
    undefined;

  const forgetServerErrors = (path: string) =>
    setServerErrors((previous) => {
      const kept = Object.entries(previous).filter(
        ([key]) => !isWithin(key, path) && !isWithin(path, key),
      );
      return kept.length === Object.keys(previous).length ? previous : Object.fromEntries(kept);
    });

  /**
   * Sets the value at `path` (`name` or `line_items.0.unit_price`) and shows its message;
   * `touch: false` waits until the field is left.
   */
  const setAt = (path: string, value: unknown, { touch = true } = {}) => {
    setValues((previous) => setIn(previous, path.split('.'), value));
    if (touch) setTouched((previous) => ({ ...previous, [path]: true }));
    setChanged(true);
    forgetServerErrors(path);
  };
  const set = <K extends keyof T & string>(name: K, value: T[K], opts?: { touch?: boolean }) =>
    setAt(name, value, opts);
  /** The person left the field: show what is wrong with it. */
  const touch = (path: string) =>
    setTouched((previous) => (previous[path] ? previous : { ...previous, [path]: true }));

  const fail = (caught: unknown, opts: SubmitOptions) => {
    const fieldErrors = opts.fieldErrorsOf?.(caught) ?? (mapFieldErrors(caught, {}) as FieldErrors);
    setServerErrors(fieldErrors);
    const message = (opts.errorText ?? getErrorText)(caught);
    // A message its field already shows is not said twice.
    setError(Object.values(fieldErrors).includes(message) ? null : message);
  };

  /**
   * Wraps a save: checks the fields (showing every message), then runs `action` with the values
   * while `busy` is set; a failure lands on the fields and in `error`.
   */
  const handleSubmit =
    (action: (values: T) => Promise<unknown> | void, submitOptions: SubmitOptions = {}) =>
    (event?: { preventDefault: () => void }) => {
      event?.preventDefault();
      const opts = { ...options, ...submitOptions };
      const checked = opts.only ?? Object.keys(clientErrors);
      if (opts.only) setTouched((previous) => ({ ...previous, ...fromKeys(opts.only!) }));
      else setSubmitted(true);
      if (checked.some((key) => Object.keys(clientErrors).some((path) => isWithin(path, key)))) {
        // A rule about the whole form (no field to show it on) is said above the buttons.
        setError(opts.only || !clientErrors._form ? null : checkText(intl, clientErrors._form));
        return;
      }
      if (running.current) return;
      running.current = true;
      setError(null);
      setBusy(true);
      void (async () => {
        try {
          await action(values);
        } catch (caught) {
          fail(caught, opts);
        } finally {
          running.current = false;
          setBusy(false);
        }
      })();
    };

  return {
    values,
    errors,
    errorOf,
    /** Text of the last failed submit that no field shows, or null. */
    error,
    /** A submit is running. */
    busy,
    /** The person changed something since the form opened or was reset. */
    dirty: changed,
    set,
    setAt,
    touch,
    /** Props for a text field bound to `path` (a string value): value, change, blur, message. */
    textField: (path: string) => {
      const message = errorOf(path);
      return {
        name: path,
        value: (getIn(values, path) as string | undefined) ?? '',
        // Typing checks at once but shows the message only once the field was left.
        onChange: (event: { target: { value: string } }) =>
          setAt(path, event.target.value, { touch: false }),
        onBlur: () => touch(path),
        error: Boolean(message),
        helperText: message ?? ' ',
      };
    },
    handleSubmit,
    /** Puts messages found elsewhere on their fields. */
    setFieldErrors: (next: FieldErrors) => setServerErrors(next),
    reset: (next: T) => {
      setValues(next);
      setTouched({});
      setChanged(false);
      setSubmitted(false);
      setServerErrors({});
      setError(null);
    },
  };
}

export type FormState<T extends Record<string, unknown>> = ReturnType<typeof useFormState<T>>;

const fromKeys = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, true]));

/** `''` → null, otherwise the trimmed text: optional text fields of a body. */
export const optionalText = (value: string): string | null => (value.trim() ? value.trim() : null);

/**
 * A form's values for the record it edits: each field, keyed like the body (`program_code`), is
 * read from the record's camelCase property of the same name (`programCode`, decision 056);
 * `empty`'s value stands where there is no record (a new one) or the record holds null.
 * @example valuesOf({ name: '', program_code: '' }, credential) // { name: 'Welding', program_code: '' }
 */
export function valuesOf<Values extends Record<string, unknown>>(
  empty: Values,
  record?: { [Field in keyof Values & string as CamelCase<Field>]?: Values[Field] | null },
): Values {
  const values: Record<string, unknown> = { ...empty };
  for (const field of Object.keys(empty))
    values[field] =
      (record as Record<string, unknown> | undefined)?.[camelCase(field)] ?? empty[field];
  return values as Values;
}
