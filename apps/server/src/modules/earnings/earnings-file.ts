// The earnings result file a bureau returns (docs/earnings-import.md): one row per person and
// calendar year. Parsing and per-row checks only; finding the awards is the service's job.
import { parse } from 'csv-parse/sync';

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

/**
 * Parses and checks every row. A problem with the whole file (not CSV, wrong header) is thrown as
 * a FileError; problems of single rows are returned with their line numbers.
 */
export function parseEarningsFile(
  text: string,
  options: { latestYear: number },
): { rows: EarningsFileRow[]; errors: RowError[] } {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new FileError(`The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new FileError('The file is empty');
  const header = records[0]!.map((h) => h.toLowerCase());
  const missing = EARNINGS_FILE_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new FileError(`The header lacks the column(s) ${missing.join(', ')}`);
  }
  const index = Object.fromEntries(
    EARNINGS_FILE_COLUMNS.map((c) => [c, header.indexOf(c)]),
  ) as Record<(typeof EARNINGS_FILE_COLUMNS)[number], number>;
  if (records.length === 1) throw new FileError('The file has a header but no rows');

  const rows: EarningsFileRow[] = [];
  const errors: RowError[] = [];
  for (let i = 1; i < records.length; i += 1) {
    const record = records[i]!;
    const line = i + 1;
    const cell = (column: (typeof EARNINGS_FILE_COLUMNS)[number]) => record[index[column]] ?? '';
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
    if (problems.length > 0) {
      errors.push({ line, message: problems.join('; ') });
      continue;
    }
    rows.push({
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
    });
  }
  return { rows, errors };
}

/** The whole file is unusable. */
export class FileError extends Error {
  override name = 'FileError';
}
