import {
  UPLOAD_COLUMNS,
  type UploadColumn,
  type UploadRefusalReason,
} from '@laurel/contract/uploads';

/** Longest accepted cell per column, in characters. */
export const UPLOAD_CELL_LIMITS = {
  credential_code: 40,
  external_id: 100,
  first_name: 100,
  last_name: 100,
  email: 254,
  date_of_birth: 10,
  award_date: 10,
} as const satisfies Record<(typeof UPLOAD_COLUMNS)[number], number>;

/** Award dates before this are refused (no record of earnings reaches that far back). */
export const EARLIEST_AWARD_DATE = '1950-01-01';
export const EARLIEST_BIRTH_DATE = '1900-01-01';
/** A person must have been at least this old on the award date. */
export const MIN_AGE_AT_AWARD = 12;

export interface UploadCredential {
  id: number;
  code: string;
  archived: boolean;
}

/** A validated row, ready to become an award. */
export interface AwardValues {
  credentialId: number;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  dateOfBirth: string | null;
  awardDate: string;
  awardYear: number;
}

/** One reason a row is refused: the column at fault (null for the row as a whole). */
export interface RowProblem {
  column: UploadColumn | null;
  reason: UploadRefusalReason;
  message: string;
}

export type CheckedRow =
  | { ok: true; values: AwardValues }
  | { ok: false; error: string; problems: RowProblem[]; partial: Partial<AwardValues> };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

function addYears(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;
}

/** Whether every cell of a record is empty: a blank line or a row of separators only. */
export function isBlankRecord(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** Null when the header names the upload columns (trimmed, any case), else what is wrong. */
export function headerProblem(cells: readonly string[]): string | null {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  while (names.length > UPLOAD_COLUMNS.length && names[names.length - 1] === '') names.pop();
  if (
    names.length === UPLOAD_COLUMNS.length &&
    names.every((name, i) => name === UPLOAD_COLUMNS[i])
  ) {
    return null;
  }
  const found = names.join(', ');
  return `The first row must name the columns ${UPLOAD_COLUMNS.join(', ')} (in this order). It reads: ${
    found.length > 300 ? `${found.slice(0, 300)}…` : found || '(nothing)'
  }.`;
}

/**
 * Checks one data row of an upload. Cells are trimmed; cells that start with =, +, - or @ are
 * data like any other (they are stored as text and neutralised when exported).
 * `earlier` maps the key (credential, external id, award date) of each earlier good row to its row
 * number; a good row adds its own key.
 */
export function checkRow(
  cells: readonly string[],
  rowNumber: number,
  context: {
    credentials: ReadonlyMap<string, UploadCredential>;
    today: string;
    earlier: Map<string, number>;
  },
): CheckedRow {
  const problems: RowProblem[] = [];
  const refuse = (column: UploadColumn | null, reason: UploadRefusalReason, message: string) =>
    problems.push({ column, reason, message });
  const extra = cells.slice(UPLOAD_COLUMNS.length);
  if (cells.length < UPLOAD_COLUMNS.length || !isBlankRecord(extra)) {
    const count = extra.length && isBlankRecord(extra) ? UPLOAD_COLUMNS.length : cells.length;
    const message = `Expected ${UPLOAD_COLUMNS.length} cells, found ${count}`;
    return {
      ok: false,
      error: message,
      problems: [{ column: null, reason: 'cell-count', message }],
      partial: {},
    };
  }
  const cell = Object.fromEntries(
    UPLOAD_COLUMNS.map((name, i) => [name, (cells[i] ?? '').trim()]),
  ) as Record<(typeof UPLOAD_COLUMNS)[number], string>;
  for (const name of UPLOAD_COLUMNS) {
    if (cell[name].length > UPLOAD_CELL_LIMITS[name])
      refuse(name, 'too-long', `${name} is longer than ${UPLOAD_CELL_LIMITS[name]} characters`);
  }
  const tooLong = problems.length > 0;

  const partial: Partial<AwardValues> = {};
  if (!cell.credential_code) refuse('credential_code', 'missing', 'credential_code is missing');
  else if (!tooLong) {
    const credential = context.credentials.get(cell.credential_code.toLowerCase());
    if (!credential)
      refuse(
        'credential_code',
        'unknown-credential',
        `No credential of this organization has the code "${cell.credential_code}"`,
      );
    else if (credential.archived)
      refuse(
        'credential_code',
        'archived-credential',
        `Credential "${credential.code}" is archived: no awards can be added to it`,
      );
    else partial.credentialId = credential.id;
  }
  for (const name of ['external_id', 'first_name', 'last_name'] as const) {
    if (!cell[name]) refuse(name, 'missing', `${name} is missing`);
  }
  partial.externalId = cell.external_id;
  partial.firstName = cell.first_name;
  partial.lastName = cell.last_name;

  if (cell.email) {
    const email = cell.email.toLowerCase();
    if (!EMAIL.test(email))
      refuse('email', 'invalid-email', `email "${cell.email}" is not a valid e-mail address`);
    else partial.email = email;
  } else partial.email = null;

  let awardDate: string | null = null;
  if (!cell.award_date) refuse('award_date', 'missing', 'award_date is missing');
  else if (!DATE.test(cell.award_date))
    refuse('award_date', 'invalid-date', 'award_date must be written YYYY-MM-DD');
  else if (!isCalendarDate(cell.award_date))
    refuse('award_date', 'invalid-date', `award_date ${cell.award_date} is not a real date`);
  else if (cell.award_date > context.today)
    refuse('award_date', 'date-out-of-range', `award_date ${cell.award_date} is in the future`);
  else if (cell.award_date < EARLIEST_AWARD_DATE)
    refuse(
      'award_date',
      'date-out-of-range',
      `award_date ${cell.award_date} is before ${EARLIEST_AWARD_DATE.slice(0, 4)}`,
    );
  else {
    awardDate = cell.award_date;
    partial.awardDate = awardDate;
    partial.awardYear = Number(awardDate.slice(0, 4));
  }

  if (cell.date_of_birth) {
    const birth = cell.date_of_birth;
    const outOfRange = (message: string) => refuse('date_of_birth', 'date-out-of-range', message);
    if (!DATE.test(birth))
      refuse('date_of_birth', 'invalid-date', 'date_of_birth must be written YYYY-MM-DD');
    else if (!isCalendarDate(birth))
      refuse('date_of_birth', 'invalid-date', `date_of_birth ${birth} is not a real date`);
    else if (birth < EARLIEST_BIRTH_DATE)
      outOfRange(`date_of_birth ${birth} is before ${EARLIEST_BIRTH_DATE.slice(0, 4)}`);
    else if (awardDate && birth >= awardDate)
      outOfRange(`date_of_birth ${birth} is not before the award date`);
    else if (awardDate && addYears(birth, MIN_AGE_AT_AWARD) > awardDate)
      outOfRange(
        `date_of_birth ${birth} would make the person younger than ${MIN_AGE_AT_AWARD} on the award date`,
      );
    else if (!awardDate && birth > context.today)
      outOfRange(`date_of_birth ${birth} is in the future`);
    else partial.dateOfBirth = birth;
  } else partial.dateOfBirth = null;

  if (problems.length === 0 && partial.credentialId !== undefined && awardDate) {
    const key = `${partial.credentialId}\u0000${awardDate}\u0000${cell.external_id}`;
    const first = context.earlier.get(key);
    if (first !== undefined) {
      refuse(
        null,
        'repeated-row',
        `Repeats row ${first} (same credential, external_id and award_date)`,
      );
    } else {
      context.earlier.set(key, rowNumber);
      return { ok: true, values: partial as AwardValues };
    }
  }
  return {
    ok: false,
    error: problems.map((problem) => problem.message).join('; '),
    problems,
    partial,
  };
}
