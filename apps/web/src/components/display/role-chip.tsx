import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { getContrastRatio } from '@mui/material/styles';
import { ROLE_COLORS, type RoleId } from '@laurel/contract/roles';
import { useIntl } from 'react-intl';

/** White where it is readable (WCAG AA, 4.5:1), otherwise near-black: the orange needs the latter. */
const textOn = (background: string) =>
  getContrastRatio(background, '#fff') >= 4.5 ? '#fff' : 'rgba(0, 0, 0, 0.87)';

/** A role in its colour (spec §6: dark grey-blue, orange, green). */
export function RoleChip({ roleId, sx }: { roleId: RoleId; sx?: SxProps<Theme> }) {
  const intl = useIntl();
  return (
    <Chip
      size="small"
      label={intl.formatMessage({ id: `roles.${roleId}` })}
      sx={[
        { bgcolor: ROLE_COLORS[roleId], color: textOn(ROLE_COLORS[roleId]), fontWeight: 700 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
