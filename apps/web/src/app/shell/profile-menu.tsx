import { Suspense, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';

import { useAuth } from '../../lib/auth/use-auth';
import { afterFirstScreen } from '../../lib/routing/first-screen';
import { paths } from '../../lib/routing/paths';
import { preloadable } from '../../lib/routing/preloadable';

// The menu's list is fetched after the first screen (or on the first click), not with the shell.
const [ProfileMenuList, preloadProfileMenuList] = preloadable(() => import('./profile-menu-list'));

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
  const [menuUsed, setMenuUsed] = useState(false);
  if (anchor && !menuUsed) setMenuUsed(true);
  useEffect(() => {
    void afterFirstScreen().then(preloadProfileMenuList);
  }, []);
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
      {/* Rendered from the first opening on, so that the menu can close with its transition. */}
      {menuUsed ? (
        <Suspense fallback={null}>
          <ProfileMenuList
            id={menuId}
            anchor={anchor}
            name={name}
            email={email}
            onClose={close}
            onSignOut={() =>
              void signOut().then(() =>
                navigate(paths.auth.passwordSignIn.getHref(), { replace: true }),
              )
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
