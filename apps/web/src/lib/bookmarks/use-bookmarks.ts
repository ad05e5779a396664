import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { TBookmark } from '@laurel/contract/bookmarks';
import { MESSAGES } from '@laurel/contract/messages';

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
        showSnackbar(MESSAGES.bookmarkAdded, 'success');
        return true;
      } catch {
        showSnackbar(MESSAGES.bookmarkAddError, 'error');
        return false;
      }
    },
    [create, showSnackbar],
  );

  const remove = useCallback(
    async (bookmark: TBookmark): Promise<boolean> => {
      try {
        await dispatch(bookmarksApi.endpoints.deleteBookmark.initiate(bookmark.id)).unwrap();
      } catch {
        showSnackbar(MESSAGES.bookmarkDeleteError, 'error');
        return false;
      }
      dispatch(removeBookmark(bookmark.id));
      showSnackbar(MESSAGES.bookmarkRemoved, 'success', {
        label: 'UNDO',
        onClick: () => {
          create(bookmark).then(
            () => showSnackbar(MESSAGES.bookmarkRestored, 'success'),
            () => showSnackbar(MESSAGES.bookmarkRestoreError, 'error'),
          );
        },
      });
      return true;
    },
    [dispatch, create, showSnackbar],
  );

  return { add, remove };
}
