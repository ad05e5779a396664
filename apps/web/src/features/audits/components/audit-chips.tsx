import Chip from '@mui/material/Chip';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import type { TAuditEntry } from '@laurel/contract/audits';

/** Refusals stand out; every other kind of entry reads the same. */
const ERROR_TYPES = new Set(['SIGN_IN_FAILED', 'SESSION_RENEWAL_FAILED']);

/** The kind of an audit entry, in the words of the audit type lookup. */
export function AuditTypeChip({ entry }: { entry: TAuditEntry }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={entry.typeName}
      color={ERROR_TYPES.has(entry.typeCode) ? 'error' : 'default'}
    />
  );
}

/** Shown on an entry a platform admin made while acting within an organization. */
export function ActingChip({ entry }: { entry: TAuditEntry }) {
  if (!entry.impersonating) return null;
  return (
    <Chip
      size="small"
      color="warning"
      icon={<SupervisorAccountOutlined aria-hidden="true" />}
      label={`Acting in ${entry.organizationName ?? 'another organization'}`}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
    />
  );
}
