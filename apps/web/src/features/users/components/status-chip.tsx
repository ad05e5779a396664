import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';
import type { TUserStatus } from '@laurel/contract/invitations';

const COLORS: Record<TUserStatus, 'success' | 'info' | 'default'> = {
  ACTIVE: 'success',
  INVITED: 'info',
  DEACTIVATED: 'default',
};

/** Invited (has not accepted yet), active, or deactivated. */
export function UserStatusChip({ status }: { status: TUserStatus }) {
  const intl = useIntl();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={intl.formatMessage({ id: 'users.status' }, { status })}
      sx={{ fontWeight: 700 }}
    />
  );
}
