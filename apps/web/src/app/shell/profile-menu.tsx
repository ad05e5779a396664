import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';

import { useAuth } from '../../lib/auth/use-auth';
import { paths } from '../../lib/routing/paths';

export function initialsOf(
  firstName?: string | null,
  lastName?: string | null,
  fallback = '',
): string {
  const initials = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase();
  return initials || fallback.trim()[0]?.toUpperCase() || '?';
}

export function ProfileMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const profile = user?.profile;
  const email = profile?.email ?? user?.attributes.email ?? user?.signInDetails?.loginId ?? '';
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : email;
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        sx={{
          borderRadius: 999,
          pl: 1,
          pr: 2,
          py: 1,
          gap: 2,
          color: 'inherit',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.12)' },
        }}
      >
        <Avatar
          sx={{
            width: 32,
            height: 32,
            fontSize: '0.8125rem',
            fontWeight: 700,
            bgcolor: 'rgba(255,255,255,0.22)',
            color: 'inherit',
          }}
        >
          {initialsOf(profile?.firstName, profile?.lastName, email)}
        </Avatar>
        <Typography
          component="span"
          sx={{ display: { xs: 'none', sm: 'inline' }, fontWeight: 700, maxWidth: 180 }}
          noWrap
        >
          {profile?.firstName || name}
        </Typography>
        <KeyboardArrowDown fontSize="small" sx={{ display: { xs: 'none', sm: 'inline-block' } }} />
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
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
        <MenuItem component={RouterLink} to={paths.profile.getHref()} onClick={close}>
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.settings.getHref()} onClick={close}>
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          Settings
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void signOut().then(() =>
              navigate(paths.auth.passwordSignIn.getHref(), { replace: true }),
            );
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
