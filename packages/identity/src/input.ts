/**
 * Reading a protocol call's input in Cognito's words: the zod fields the actions' schemas are made
 * of, and the checks of the parameters inside `AuthParameters` and `ChallengeResponses`, which a
 * flow reads only once it knows which ones it needs.
 */
import { z } from 'zod';
import { invalidParameter } from './errors.ts';
import type { Input } from './types.ts';

const nullValue = (issue: { path?: PropertyKey[] }) =>
  `1 validation error detected: Value null at '${String(issue.path?.at(-1))}' failed to satisfy constraint: Member must not be null`;

/** A string Cognito requires: missing, not a string or empty is refused as a null value. */
export const requiredField = z.string({ error: nullValue }).min(1, { error: nullValue });

/** A string that may be left out; anything but a non-empty string counts as left out. */
export const optionalField = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' && value.length > 0 ? value : undefined));

/** A map of parameters (`AuthParameters`, `ChallengeResponses`); anything else counts as empty. */
export const mapField = z
  .unknown()
  .optional()
  .transform((value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Input) : {},
  );

/** A settings object that may be left out (`SoftwareTokenMfaSettings`, …). */
export const objectField = z
  .unknown()
  .optional()
  .transform((value) =>
    typeof value === 'object' && value !== null ? (value as Input) : undefined,
  );

/**
 * The input as `schema` reads it, or Cognito's `InvalidParameterException` with the message of the
 * first field refused (fields are checked in the order the schema lists them).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidParameter(result.error.issues[0]!.message);
}

/** A parameter a flow needs (`USERNAME`, `SRP_A`, …), refused as missing when it is not there. */
export function requireString(input: Input, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || value.length === 0)
    throw invalidParameter(`Missing required parameter ${name}`);
  return value;
}

export function optionalString(input: Input, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Control characters other than tab and line breaks: no parameter of the protocol carries them. */
const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

interface Visit {
  value: unknown;
  /** The member's own name (unescaped) and the visit of the object holding it; none at the top. */
  name?: string;
  parent?: Visit;
}

/** `AuthParameters.PASSWORD`, control characters of the names shown as `?`. */
function pathOf(visit: Visit): string {
  const names: string[] = [];
  for (let at: Visit | undefined = visit; at?.name !== undefined; at = at.parent)
    names.push(at.name.replace(new RegExp(CONTROL_CHARACTER.source, 'gu'), '?'));
  return names.reverse().join('.');
}

/**
 * Refuses an input with a control character in any string or key (a NUL cannot even be stored in
 * PostgreSQL text). Walks with an explicit stack, so no nesting can exhaust the call stack; the
 * path for the message is put together only when something is refused.
 */
export function refuseControlCharacters(input: Input): void {
  const stack: Visit[] = [{ value: input }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value))
        throw invalidParameter(
          `1 validation error detected: Value at '${pathOf(visit)}' failed to satisfy constraint: Member must not contain control characters`,
        );
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        // The key is checked under its own path, as its value is.
        stack.push({ value: key, name: key, parent: visit });
        stack.push({ value: (value as Record<string, unknown>)[key], name: key, parent: visit });
      }
    }
  }
}
