import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { TBookmark } from '@laurel/contract/bookmarks';
import { useIntl } from 'react-intl';

import { useSnackbar } from '../../components/snackbar/use-snackbar';
import type { ApiDispatch } from '../api/api';
import { bookmarksApi } from './bookmarks-api';
import {
  addBookmark,
  removeBookmark,
  selectBookmarks,
  type BookmarksState,
} from './bookmarks-slice';
import { loadBookmarks } from './load-bookmarks';

/** The bookmarks state, loading it on first use. */
export function useBookmarks(): BookmarksState {
  const dispatch = useDispatch<ApiDispatch>();
  const state = useSelector(selectBookmarks);
  useEffect(() => {
    void dispatch(loadBookmarks());
  }, [dispatch]);
  return state;
}

export type BookmarkTarget = Pick<TBookmark, 'itemType' | 'itemId' | 'itemName' | 'organizationId'>;

/** Add and remove with the notifications of spec §4 and §8 (remove offers UNDO). */
export function useBookmarkActions() {
  const dispatch = useDispatch<ApiDispatch>();
  const { showSnackbar } = useSnackbar();
  const intl = useIntl();

  const create = useCallback(
    async (target: BookmarkTarget): Promise<TBookmark> => {
      const { id } = await dispatch(
        bookmarksApi.endpoints.createBookmark.initiate({
          item_id: target.itemId,
          item_type: target.itemType,
        }),
      ).unwrap();
      const bookmark: TBookmark = { ...target, id, createdAt: new Date().toISOString() };
      // The server answers 200 with the existing id when it is bookmarked already.
      dispatch(removeBookmark(id));
      dispatch(addBookmark(bookmark));
      return bookmark;
    },
    [dispatch],
  );

  const add = useCallback(
    async (target: BookmarkTarget): Promise<boolean> => {
      try {
        await create(target);
        showSnackbar(intl.formatMessage({ id: 'messages.bookmarkAdded' }), 'success');
        return true;
      } catch {
        showSnackbar(intl.formatMessage({ id: 'messages.bookmarkAddError' }), 'error');
        return false;
      }
    },
    [create, intl, showSnackbar],
  );

  const remove = useCallback(
    async (bookmark: TBookmark): Promise<boolean> => {
      try {
        await dispatch(bookmarksApi.endpoints.deleteBookmark.initiate(bookmark.id)).unwrap();
      } catch {
        showSnackbar(intl.formatMessage({ id: 'messages.bookmarkDeleteError' }), 'error');
        return false;
      }
      dispatch(removeBookmark(bookmark.id));
      showSnackbar(intl.formatMessage({ id: 'messages.bookmarkRemoved' }), 'success', {
        label: intl.formatMessage({ id: 'components.bookmarks.undo' }),
        onClick: () => {
          create(bookmark).then(
            () => showSnackbar(intl.formatMessage({ id: 'messages.bookmarkRestored' }), 'success'),
            () =>
              showSnackbar(intl.formatMessage({ id: 'messages.bookmarkRestoreError' }), 'error'),
          );
        },
      });
      return true;
    },
    [dispatch, create, intl, showSnackbar],
  );

  return { add, remove };
}
