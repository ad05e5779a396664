/**
 * Server field errors arrive keyed by database column (`first_name`); forms use their own keys
 * (`firstName`). Maps the former onto the latter and keeps only non-empty messages (spec §5).
 * Keys without a mapping keep their server name so that no message is lost.
 * @example mapFieldErrors({ fieldErrors: { first_name: 'Required' } }, { first_name: 'firstName' })
 *   // { firstName: 'Required' }
 */
export function mapFieldErrors<TFormKey extends string>(
  error: unknown,
  keyMap: Partial<Record<string, TFormKey>>,
): Partial<Record<TFormKey | string, string>> {
  const source = extractFieldErrors(error);
  const result: Partial<Record<string, string>> = {};
  for (const [dbKey, message] of Object.entries(source)) {
    if (typeof message !== 'string' || message.trim() === '') continue;
    result[keyMap[dbKey] ?? dbKey] = message;
  }
  return result;
}

function extractFieldErrors(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') return {};
  const candidate = error as { fieldErrors?: unknown; data?: unknown; json?: unknown };
  if (isRecord(candidate.fieldErrors)) return candidate.fieldErrors;
  // The body may also be wrapped, as RTK Query's `{ data }` or a response's `{ json }`.
  for (const wrapped of [candidate.data, candidate.json]) {
    if (isRecord(wrapped) && isRecord(wrapped.fieldErrors)) return wrapped.fieldErrors;
  }
  return {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
