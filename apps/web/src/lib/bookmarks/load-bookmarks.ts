import type { ApiDispatch } from '../api/api';
import { bookmarksApi } from './bookmarks-api';
import {
  bookmarksLoadFailed,
  bookmarksLoading,
  setBookmarks,
  type BookmarksState,
} from './bookmarks-slice';

type State = { bookmarks: BookmarksState };

/** Loads the list once: not again once loaded or while loading (spec §4). */
export function loadBookmarks() {
  return async (dispatch: ApiDispatch, getState: () => unknown) => {
    const { hasLoaded, isLoading } = (getState() as State).bookmarks;
    if (hasLoaded || isLoading) return;
    dispatch(bookmarksLoading());
    try {
      const list = await dispatch(
        bookmarksApi.endpoints.getBookmarks.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      ).unwrap();
      dispatch(setBookmarks(list));
    } catch {
      dispatch(bookmarksLoadFailed());
    }
  };
}
