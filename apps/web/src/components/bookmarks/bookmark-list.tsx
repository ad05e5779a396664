import { useDispatch } from 'react-redux';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TBookmark } from '@laurel/contract/bookmarks';
import {
  BOOKMARK_LIST_DEFAULT_LIMIT,
  BOOKMARK_SKELETON_ROWS,
  type BookmarkItemType,
} from '@laurel/contract/constants';
import { isPlatformAdmin } from '@laurel/contract/roles';

import { useItemHref } from '../../lib/routing/use-item-href';
import { useAuth } from '../../lib/auth/use-auth';
import { openBookmarksDrawer } from '../../lib/bookmarks/bookmarks-slice';
import { filterBookmarks } from '../../lib/bookmarks/filter-bookmarks';
import { useBookmarkActions, useBookmarks } from '../../lib/bookmarks/use-bookmarks';
import { ListRow } from '../list-row/list-row';
import { ITEM_TYPE_DISPLAY } from './item-type';

export interface BookmarkListProps {
  /** Given by the caller (spec §2); none in the drawer, which has its own title. */
  title?: string;
  itemType?: BookmarkItemType | 'all';
  organizationId?: number | null;
  filter?: (bookmark: TBookmark) => boolean;
  sortByName?: boolean;
  /** How many to show; 0 or less shows all. Default 5. */
  limit?: number;
  /** Called when an entry is followed (the drawer closes). */
  onNavigate?: () => void;
}

/** The bookmark list widget of spec §2. */
export function BookmarkList({
  title,
  itemType = 'all',
  organizationId,
  filter,
  sortByName = false,
  limit = BOOKMARK_LIST_DEFAULT_LIMIT,
  onNavigate,
}: BookmarkListProps) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { user } = useAuth();
  const { data, hasLoaded } = useBookmarks();
  const { remove } = useBookmarkActions();
  const itemHref = useItemHref();
  const criteria = { itemType, organizationId, predicate: filter, sortByName };
  const matching = filterBookmarks(data, { ...criteria, limit: 0 });
  const shown = filterBookmarks(data, { ...criteria, limit });
  const hasMore = limit > 0 && matching.length > limit;

  let body;
  if (!hasLoaded) {
    body = (
      <List
        aria-label={intl.formatMessage({ id: 'components.bookmarkList.loading' })}
        aria-busy="true"
      >
        {Array.from({ length: BOOKMARK_SKELETON_ROWS }, (_, index) => (
          <ListItem key={index} data-testid="bookmark-skeleton" sx={{ px: 4 }}>
            <ListItemAvatar sx={{ minWidth: 52 }}>
              <Skeleton variant="circular" width={36} height={36} />
            </ListItemAvatar>
            <ListItemText
              primary={<Skeleton variant="text" width="60%" />}
              secondary={<Skeleton variant="text" width="30%" />}
            />
          </ListItem>
        ))}
      </List>
    );
  } else if (data.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ px: 4, py: 4 }}>
        <FormattedMessage
          id={
            isPlatformAdmin(user?.profile)
              ? 'messages.bookmarksEmptyPlatformAdmin'
              : 'messages.bookmarksEmpty'
          }
        />
      </Typography>
    );
  } else if (shown.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ px: 4, py: 4 }}>
        <FormattedMessage id="messages.bookmarksNoMatch" />
      </Typography>
    );
  } else {
    body = (
      <List
        aria-label={title ?? intl.formatMessage({ id: 'components.bookmarkList.label' })}
        disablePadding
      >
        {shown.map((bookmark, index) => {
          const display = ITEM_TYPE_DISPLAY[bookmark.itemType];
          return (
            <ListRow
              key={bookmark.id}
              onNavigate={onNavigate}
              link={itemHref(bookmark.itemType, bookmark.itemId, bookmark.organizationId)}
              icon={display.icon}
              iconColor={display.color}
              title={bookmark.itemName}
              subtitle={intl.formatMessage({ id: display.label })}
              divider={index < shown.length - 1}
              secondaryAction={
                <Button
                  size="small"
                  color="inherit"
                  onClick={(event) => {
                    event.stopPropagation();
                    void remove(bookmark);
                  }}
                >
                  <FormattedMessage id="components.bookmarkList.remove" />
                </Button>
              }
            />
          );
        })}
      </List>
    );
  }

  return (
    <Box>
      {title || hasMore ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            px: 4,
            pt: 3,
            pb: 1,
          }}
        >
          {title ? (
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Button size="small" onClick={() => dispatch(openBookmarksDrawer())}>
              <FormattedMessage
                id="components.bookmarkList.viewAll"
                values={{ count: matching.length }}
              />
            </Button>
          ) : null}
        </Box>
      ) : null}
      {body}
    </Box>
  );
}
