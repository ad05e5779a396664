import Chip from '@mui/material/Chip';
import { useIntl } from 'react-intl';

/** Whether a user can sign in (spec §3: Active true, Inactive false). */
export function ActiveChip({ active }: { active: boolean }) {
  const intl = useIntl();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={intl.formatMessage({ id: 'users.active' }, { active: String(active) })}
      sx={{ fontWeight: 700 }}
    />
  );
}
