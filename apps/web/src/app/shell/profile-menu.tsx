import { Suspense, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIntl } from 'react-intl';

import { useAuth } from '../../lib/auth/use-auth';
import { afterFirstScreen } from '../../lib/routing/first-screen';
import { paths } from '../../lib/routing/paths';
import { preloadable } from '../../lib/routing/preloadable';
import { HeaderIcon } from './header-icons';

// The menu's list is fetched after the first screen (or on the first click), not with the shell.
const [ProfileMenuList, preloadProfileMenuList] = preloadable(() => import('./profile-menu-list'));

function initialsOf(firstName?: string | null, lastName?: string | null, fallback = ''): string {
  const initials = `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase();
  return initials || fallback.trim()[0]?.toUpperCase() || '?';
}

export function ProfileMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const intl = useIntl();
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
      {/* Plain elements styled by shell.css (docs/decisions/033). */}
      <button
        type="button"
        className="laurel-header-button laurel-account-button"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={intl.formatMessage({ id: 'shell.accountMenu' })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
      >
        <span className="laurel-account-button__avatar">
          {initialsOf(profile?.firstName, profile?.lastName, email)}
        </span>
        <span className="laurel-account-button__name">{profile?.firstName || name}</span>
        <HeaderIcon name="arrowDown" small />
      </button>
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
