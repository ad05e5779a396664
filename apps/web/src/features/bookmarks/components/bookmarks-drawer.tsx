import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { BOOKMARK_DRAWER_LIMIT, BOOKMARK_DRAWER_WIDTH_PX } from '@laurel/contract/constants';
import { FormattedMessage, useIntl } from 'react-intl';

import { BookmarkList } from '../../../components/bookmarks/bookmark-list';
import {
  closeBookmarksDrawer,
  selectBookmarksDrawerOpen,
} from '../../../lib/bookmarks/bookmarks-slice';
import { matchesBookmarkSearch } from '../../../lib/bookmarks/filter-bookmarks';

/**
 * The right-side drawer of spec §2: every bookmark alphabetically, no limit, with a search on
 * itemName. 500 px wide, the full width on extra-small screens.
 */
export default function BookmarksDrawer() {
  const intl = useIntl();
  const drawerOpen = useSelector(selectBookmarksDrawerOpen);
  const dispatch = useDispatch();
  const [search, setSearch] = useState('');
  const close = () => dispatch(closeBookmarksDrawer());
  return (
    <Drawer
      anchor="right"
      open={drawerOpen}
      onClose={close}
      // Focus may leave the drawer for the notification banner (its UNDO button).
      disableEnforceFocus
      // Above the fixed header, which sits above the permanent sidebar.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          'aria-labelledby': 'bookmarks-drawer-title',
          sx: { width: { xs: '100vw', sm: BOOKMARK_DRAWER_WIDTH_PX }, maxWidth: '100vw' },
        },
        transition: { onExited: () => setSearch('') },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 4, pt: 4, pb: 2 }}>
        <Typography id="bookmarks-drawer-title" variant="h5" component="h2" sx={{ flex: 1 }}>
          <FormattedMessage id="messages.bookmarksDrawerTitle" />
        </Typography>
        <IconButton
          aria-label={intl.formatMessage({ id: 'bookmarks.drawer.close' })}
          onClick={close}
        >
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 4, pb: 2 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={intl.formatMessage({ id: 'messages.bookmarksSearchLabel' })}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <BookmarkList
          limit={BOOKMARK_DRAWER_LIMIT}
          sortByName
          filter={matchesBookmarkSearch(search)}
          onNavigate={close}
        />
      </Box>
    </Drawer>
  );
}
