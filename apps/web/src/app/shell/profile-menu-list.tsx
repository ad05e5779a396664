import { Link as RouterLink } from 'react-router';
import { FormattedMessage } from 'react-intl';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';

import { paths } from '../../lib/routing/paths';

/**
 * The account menu's list: a chunk of its own (MUI's menu, popover, modal and focus trap), fetched
 * once the first screen has been shown or when the menu is first opened (docs/decisions/031).
 */
export default function ProfileMenuList({
  id,
  anchor,
  name,
  email,
  onClose,
  onSignOut,
}: {
  id: string;
  anchor: HTMLElement | null;
  name: string;
  email: string;
  onClose: () => void;
  onSignOut: () => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240, mt: 2 } } }}
    >
      <Box sx={{ px: 4, py: 2 }}>
        <Typography sx={{ fontWeight: 700 }} noWrap>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {email}
        </Typography>
      </Box>
      <Divider />
      <MenuItem component={RouterLink} to={paths.profile.getHref()} onClick={onClose}>
        <ListItemIcon>
          <PersonOutline fontSize="small" />
        </ListItemIcon>
        <FormattedMessage id="shell.profile" />
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.settings.getHref()} onClick={onClose}>
        <ListItemIcon>
          <SettingsOutlined fontSize="small" />
        </ListItemIcon>
        <FormattedMessage id="shell.settings" />
      </MenuItem>
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutOutlined fontSize="small" />
        </ListItemIcon>
        <FormattedMessage id="shell.signOut" />
      </MenuItem>
    </Menu>
  );
}
