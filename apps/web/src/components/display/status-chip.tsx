import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@laurel/contract/contracts';
import { CREDENTIAL_STATUS_LABELS, type CredentialStatus } from '@laurel/contract/credentials';
import {
  ORGANIZATION_STATUS_LABELS,
  type OrganizationStatus,
} from '@laurel/contract/organizations';

type Tone = 'success' | 'warning' | 'error' | 'default' | 'info';

/** The status of an organization, a credential or a contract. */
export type RecordStatus = OrganizationStatus | CredentialStatus | ContractStatus;

const TONES: Record<RecordStatus, Tone> = {
  ACTIVE: 'success',
  INACTIVE: 'default',
  ARCHIVED: 'default',
  DRAFT: 'info',
  EXPIRED: 'warning',
  TERMINATED: 'error',
};

// The contract names each kind's statuses; a status two kinds share (Active) reads the same in both.
const LABELS: Record<RecordStatus, string> = {
  ...ORGANIZATION_STATUS_LABELS,
  ...CREDENTIAL_STATUS_LABELS,
  ...CONTRACT_STATUS_LABELS,
};

/** A record's status in words: "TERMINATED" → "Terminated". */
export const statusLabel = (status: RecordStatus): string => LABELS[status];

/** Each status's words in the catalogues. */
export const STATUS_TEXT = {
  ACTIVE: 'components.status.active',
  INACTIVE: 'components.status.inactive',
  ARCHIVED: 'components.status.archived',
  DRAFT: 'components.status.draft',
  EXPIRED: 'components.status.expired',
  TERMINATED: 'components.status.terminated',
} as const satisfies Record<RecordStatus, string>;

/** A record's status as a small coloured chip. */
export function StatusChip({ status }: { status: RecordStatus }) {
  const intl = useIntl();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={TONES[status]}
      label={intl.formatMessage({ id: STATUS_TEXT[status] })}
      sx={{ fontWeight: 700 }}
    />
  );
}
