import { NOT_UTF8 } from '../../lib/csv-records.ts';

/** Why an awards file fails as a whole. */
export const FILE_PROBLEMS = {
  notUtf8: NOT_UTF8,
  empty: 'The file is empty.',
  noRows: 'The file has a header row but no awards below it.',
} as const;
