/** ISO 8601 text as `Date.prototype.toISOString` writes it (years 0000–9999), fields captured. */
const CANONICAL_ISO =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Whether `text` is exactly what `toISOString` gives for the instant it names (a real date in
 * canonical form), so that converting it would give it back unchanged. SQLite stores timestamps
 * that way; checking is several times cheaper than parsing and writing (a list of 500 bookmarks).
 */
function isCanonicalIso(text: string): boolean {
  const match = CANONICAL_ISO.exec(text);
  if (!match) return false;
  const day = Number(match[3]);
  return day <= 28 || day <= daysInMonth(Number(match[1]), Number(match[2]));
}

/** Converts a timestamp read from either dialect to ISO 8601 text. */
export function toIso(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  return isCanonicalIso(value) ? value : new Date(value).toISOString();
}

export function toIsoOrNull(value: Date | string | null): string | null {
  return value == null ? null : toIso(value);
}

/** Converts a boolean read from either dialect (SQLite gives 0/1). */
export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}
