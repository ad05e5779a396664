import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import { useIntl } from 'react-intl';

import {
  useBookmarkActions,
  useBookmarks,
  type BookmarkTarget,
} from '../../lib/bookmarks/use-bookmarks';

/** The bookmark icon of a detail page: adds the item, or removes it when it is bookmarked. */
export function BookmarkButton({ target }: { target: BookmarkTarget }) {
  const intl = useIntl();
  const { data, hasLoaded } = useBookmarks();
  const { add, remove } = useBookmarkActions();
  const [busy, setBusy] = useState(false);
  const existing = data.find(
    (bookmark) => bookmark.itemType === target.itemType && bookmark.itemId === target.itemId,
  );
  const label = intl.formatMessage(
    {
      id: existing ? 'components.bookmarkButton.removeNamed' : 'components.bookmarkButton.addNamed',
    },
    { name: target.itemName },
  );

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (existing) await remove(existing);
      else await add(target);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip
      title={intl.formatMessage({
        id: existing ? 'components.bookmarkButton.remove' : 'components.bookmarkButton.add',
      })}
    >
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={Boolean(existing)}
          onClick={() => void toggle()}
          // Busy, it ignores clicks but keeps the focus: a disabled button would drop it, and a
          // keyboard user would be sent back to the top of the page.
          aria-disabled={busy || undefined}
          disabled={!hasLoaded}
          color={existing ? 'primary' : 'default'}
          sx={{ border: 1, borderColor: 'divider' }}
        >
          {existing ? <Bookmark /> : <BookmarkBorder />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
