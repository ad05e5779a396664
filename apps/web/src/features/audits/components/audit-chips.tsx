import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import type { TAuditEntry } from '@laurel/contract/audits';

/** A line of text high, so that a row of the audit table stays one line. */
const CHIP_HEIGHT = 20;

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
      sx={{ flexShrink: 0, height: CHIP_HEIGHT }}
    />
  );
}

/**
 * Shown on an entry a platform admin made while acting within an organization: one line cut short
 * with an ellipsis (a dense row), or wrapped onto more lines (`wrap`, a stacked entry).
 */
export function ActingChip({ entry, wrap = false }: { entry: TAuditEntry; wrap?: boolean }) {
  const intl = useIntl();
  if (!entry.impersonating) return null;
  const label = intl.formatMessage(
    { id: 'audits.acting' },
    { organization: entry.organizationName ?? '', known: String(entry.organizationName !== null) },
  );
  return (
    <Chip
      size="small"
      color="warning"
      icon={<SupervisorAccountOutlined aria-hidden="true" />}
      label={label}
      title={wrap ? undefined : label}
      sx={
        wrap
          ? { maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }
          : { minWidth: 0, maxWidth: '100%', height: CHIP_HEIGHT }
      }
    />
  );
}
