import { Link as RouterLink } from 'react-router';
import { useDispatch } from 'react-redux';
import { useIntl } from 'react-intl';

import { Logo } from '../../components/brand/logo';
import { openBookmarksDrawer } from '../../lib/bookmarks/bookmarks-slice';
import { paths } from '../../lib/routing/paths';
import { HeaderIcon } from './header-icons';
import { LaterTooltip as Tooltip } from './later-tooltip';
import { ProfileMenu } from './profile-menu';
import { ThemeModeSwitch } from './theme-mode-switch';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const SEARCH_SHORTCUT_LABEL = isMac ? '⌘K' : 'Ctrl+K';

/**
 * The signed-in header: plain elements styled by `shell.css`, not MUI's AppBar, Toolbar and icon
 * buttons, because it is drawn with every signed-in first screen (docs/decisions/033).
 */
export function Header({
  onMenuClick,
  onSearchClick,
}: {
  onMenuClick: () => void;
  onSearchClick: () => void;
}) {
  const dispatch = useDispatch();
  const intl = useIntl();
  return (
    <header className="laurel-header">
      <button
        type="button"
        className="laurel-header-button laurel-header-button--menu"
        aria-label={intl.formatMessage({ id: 'shell.openNavigation' })}
        onClick={onMenuClick}
      >
        <HeaderIcon name="menu" />
      </button>
      <RouterLink
        to={paths.home.getHref()}
        aria-label={intl.formatMessage({ id: 'shell.home' })}
        className="laurel-header__home"
      >
        <Logo size={28} />
      </RouterLink>
      <span className="laurel-header__spacer" />
      <Tooltip
        title={intl.formatMessage(
          { id: 'shell.searchShortcut' },
          { shortcut: SEARCH_SHORTCUT_LABEL },
        )}
      >
        <button
          type="button"
          className="laurel-header-button"
          aria-label={intl.formatMessage({ id: 'shell.search' })}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={onSearchClick}
        >
          <HeaderIcon name="search" />
        </button>
      </Tooltip>
      <Tooltip title={intl.formatMessage({ id: 'messages.bookmarksDrawerTitle' })}>
        <button
          type="button"
          className="laurel-header-button"
          aria-label={intl.formatMessage({ id: 'shell.bookmarks' })}
          onClick={() => dispatch(openBookmarksDrawer())}
        >
          <HeaderIcon name="bookmarks" />
        </button>
      </Tooltip>
      <ThemeModeSwitch />
      <ProfileMenu />
    </header>
  );
}
