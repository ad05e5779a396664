// The earnings result file a bureau returns (docs/earnings-import.md): one row per person and
// calendar year. Header and per-row checks; reading the file and finding the awards is the import
// job's part.
import { EARNINGS_PROVIDER_CODES, type EarningsProviderCode } from './earnings-provider.ts';

export const EARNINGS_FILE_COLUMNS = [
  'award_external_id',
  'credential_code',
  'award_date',
  'provider',
  'year',
  'annual_wage',
  'employed',
  'full_time',
  'industry',
  'job_role',
] as const;

export interface EarningsFileRow {
  /** 1-based line number of the row in the file (the header is line 1). */
  line: number;
  externalId: string;
  credentialCode: string;
  awardDate: string;
  provider: EarningsProviderCode;
  year: number;
  wage: number | null;
  employed: boolean;
  fullTime: boolean;
  industry: string | null;
  jobRole: string | null;
}

export interface RowError {
  line: number;
  message: string;
}

const TRUE = new Set(['true', '1', 'yes', 'y']);
const FALSE = new Set(['false', '0', 'no', 'n']);
const MAX_TEXT = 200;

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

type Column = (typeof EARNINGS_FILE_COLUMNS)[number];
/** Where each column is in the file's records. */
export type EarningsFileHeader = Record<Column, number>;

/** The columns of the header record; a FileError names the missing ones. */
export function readEarningsHeader(record: string[]): EarningsFileHeader {
  const header = record.map((h) => h.trim().toLowerCase());
  const missing = EARNINGS_FILE_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new FileError(`The header lacks the column(s) ${missing.join(', ')}`);
  }
  return Object.fromEntries(
    EARNINGS_FILE_COLUMNS.map((c) => [c, header.indexOf(c)]),
  ) as EarningsFileHeader;
}

/** Whether a record has no content (an empty line, or commas only): it is skipped. */
export const isBlankRecord = (record: string[]) => record.every((cell) => cell.trim() === '');

/** Checks one row on its own (finding the award is the import job's part). */
export function checkEarningsRow(
  record: string[],
  line: number,
  index: EarningsFileHeader,
  options: { latestYear: number },
): { row: EarningsFileRow } | { error: RowError } {
  const cell = (column: Column) => (record[index[column]] ?? '').trim();
  const problems: string[] = [];
  const externalId = cell('award_external_id');
  const credentialCode = cell('credential_code');
  const awardDate = cell('award_date');
  const provider = cell('provider').toUpperCase();
  if (!externalId) problems.push('award_external_id is empty');
  if (!credentialCode) problems.push('credential_code is empty');
  if (!isDate(awardDate)) problems.push('award_date must be a date YYYY-MM-DD');
  if (!EARNINGS_PROVIDER_CODES.includes(provider as EarningsProviderCode))
    problems.push(`provider must be one of ${EARNINGS_PROVIDER_CODES.join(', ')}`);
  const yearText = cell('year');
  const year = Number(yearText);
  if (!/^\d{4}$/.test(yearText) || year < 1900 || year > options.latestYear)
    problems.push(`year must be a calendar year from 1900 to ${options.latestYear}`);
  const wageText = cell('annual_wage').replace(/[$,]/g, '');
  const wage = wageText === '' ? null : Number(wageText);
  if (wage !== null && (!Number.isFinite(wage) || wage < 0 || wage > 100_000_000))
    problems.push('annual_wage must be empty or an amount in dollars ≥ 0');
  const flag = (column: 'employed' | 'full_time') => {
    const value = cell(column).toLowerCase();
    if (TRUE.has(value)) return true;
    if (FALSE.has(value)) return false;
    problems.push(`${column} must be true or false`);
    return false;
  };
  const employed = flag('employed');
  const fullTime = flag('full_time');
  if (fullTime && !employed) problems.push('full_time cannot be true when employed is false');
  const industry = cell('industry');
  const jobRole = cell('job_role');
  if (industry.length > MAX_TEXT) problems.push(`industry is longer than ${MAX_TEXT} characters`);
  if (jobRole.length > MAX_TEXT) problems.push(`job_role is longer than ${MAX_TEXT} characters`);
  if (problems.length > 0) return { error: { line, message: problems.join('; ') } };
  return {
    row: {
      line,
      externalId,
      credentialCode,
      awardDate,
      provider: provider as EarningsProviderCode,
      year,
      wage: wage === null ? null : Math.round(wage * 100) / 100,
      employed,
      fullTime,
      industry: industry || null,
      jobRole: jobRole || null,
    },
  };
}

/** The whole file is unusable. */
export class FileError extends Error {
  override name = 'FileError';
}
