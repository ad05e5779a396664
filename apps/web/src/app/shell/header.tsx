import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useDispatch } from 'react-redux';

import { Logo } from '../../components/brand/logo';
import { openBookmarksDrawer } from '../../lib/bookmarks/bookmarks-slice';
import { paths } from '../../lib/routing/paths';
import { LaterTooltip as Tooltip } from './later-tooltip';
import { ProfileMenu } from './profile-menu';
import { ThemeModeSwitch } from './theme-mode-switch';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const SEARCH_SHORTCUT_LABEL = isMac ? '⌘K' : 'Ctrl+K';

export function Header({
  onMenuClick,
  onSearchClick,
}: {
  onMenuClick: () => void;
  onSearchClick: () => void;
}) {
  const dispatch = useDispatch();
  return (
    <AppBar
      position="fixed"
      enableColorOnDark
      elevation={0}
      sx={{
        bgcolor: 'header.background',
        color: 'header.text',
        borderBottom: 1,
        borderColor: 'header.border',
        zIndex: (theme) => theme.zIndex.drawer + 1,
        backgroundImage: 'none',
      }}
    >
      <Toolbar
        sx={{
          minHeight: 'var(--laurel-header-height) !important',
          px: { xs: 2, sm: 4, md: 6 },
          gap: 2,
        }}
      >
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          onClick={onMenuClick}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to={paths.home.getHref()}
          aria-label="Laurel home"
          sx={{ color: 'inherit', textDecoration: 'none', display: 'inline-flex', borderRadius: 1 }}
        >
          <Logo size={28} />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Tooltip title={`Search (${SEARCH_SHORTCUT_LABEL})`}>
          <IconButton
            color="inherit"
            aria-label="Search"
            aria-keyshortcuts="Control+K Meta+K"
            onClick={onSearchClick}
          >
            <SearchOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title="View All Bookmarks">
          <IconButton
            color="inherit"
            aria-label="Bookmarks"
            onClick={() => dispatch(openBookmarksDrawer())}
          >
            <BookmarksOutlined />
          </IconButton>
        </Tooltip>
        <ThemeModeSwitch />
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
