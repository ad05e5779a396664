/** Converts a timestamp read from either dialect to ISO 8601 text. */
export function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null): string | null {
  return value == null ? null : toIso(value);
}

/** Converts a boolean read from either dialect (SQLite gives 0/1). */
export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}
