import type { CredentialDataGapCode } from '@laurel/contract/constants';

/** What each data-gap code means, in plain words. */
export const DATA_GAP_LABELS: Record<CredentialDataGapCode, string> = {
  MISSING_EQUIFAX: 'Not matched by the data provider',
  MISSING_EARNINGS: 'Matched, no wage records',
  MISSING_EMPLOYMENT: 'Matched, no employment records',
};
