import Chip from '@mui/material/Chip';

type Tone = 'success' | 'warning' | 'error' | 'default' | 'info';

const TONES: Record<string, Tone> = {
  ACTIVE: 'success',
  INACTIVE: 'default',
  ARCHIVED: 'default',
  DRAFT: 'info',
  EXPIRED: 'warning',
  TERMINATED: 'error',
};

const LABELS: Record<string, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  ARCHIVED: 'Archived',
  DRAFT: 'Draft',
  EXPIRED: 'Expired',
  TERMINATED: 'Terminated',
};

export const statusLabel = (status: string): string => LABELS[status] ?? status;

/** A record's status as a small coloured chip. */
export function StatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={TONES[status] ?? 'default'}
      label={statusLabel(status)}
      sx={{ fontWeight: 700 }}
    />
  );
}
