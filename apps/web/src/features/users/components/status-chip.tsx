import Chip from '@mui/material/Chip';
import { USER_STATUS_LABELS, type TUserStatus } from '@laurel/contract/invitations';

const COLORS: Record<TUserStatus, 'success' | 'info' | 'default'> = {
  ACTIVE: 'success',
  INVITED: 'info',
  DEACTIVATED: 'default',
};

/** Invited (has not accepted yet), active, or deactivated. */
export function UserStatusChip({ status }: { status: TUserStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={USER_STATUS_LABELS[status]}
      sx={{ fontWeight: 700 }}
    />
  );
}
