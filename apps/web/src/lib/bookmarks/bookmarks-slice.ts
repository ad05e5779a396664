import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TBookmark } from '@laurel/contract/bookmarks';

import { globalReset } from '../api/reset';

/** Spec §3/§4: the signed-in person's bookmarks, whether they have loaded, and the drawer. */
export interface BookmarksState {
  data: TBookmark[];
  isLoading: boolean;
  hasLoaded: boolean;
  drawerOpen: boolean;
}

export const initialBookmarksState: BookmarksState = {
  data: [],
  isLoading: false,
  hasLoaded: false,
  drawerOpen: false,
};

export const bookmarksSlice = createSlice({
  name: 'bookmarks',
  initialState: initialBookmarksState,
  reducers: {
    bookmarksLoading(state) {
      state.isLoading = true;
    },
    bookmarksLoadFailed(state) {
      state.isLoading = false;
    },
    /** Replaces the whole list and marks it loaded. */
    setBookmarks(state, action: PayloadAction<TBookmark[]>) {
      state.data = action.payload;
      state.isLoading = false;
      state.hasLoaded = true;
    },
    /** Appends one bookmark. */
    addBookmark(state, action: PayloadAction<TBookmark>) {
      state.data.push(action.payload);
    },
    /** Deletes the bookmark with this id. */
    removeBookmark(state, action: PayloadAction<number>) {
      state.data = state.data.filter((bookmark) => bookmark.id !== action.payload);
    },
    openBookmarksDrawer(state) {
      state.drawerOpen = true;
    },
    closeBookmarksDrawer(state) {
      state.drawerOpen = false;
    },
  },
  extraReducers: (builder) => builder.addCase(globalReset, () => initialBookmarksState),
});

export const {
  bookmarksLoading,
  bookmarksLoadFailed,
  setBookmarks,
  addBookmark,
  removeBookmark,
  openBookmarksDrawer,
  closeBookmarksDrawer,
} = bookmarksSlice.actions;

export const selectBookmarks = (state: { bookmarks: BookmarksState }) => state.bookmarks;
/** Whether the bookmarks drawer is open, for what does not draw the list itself. */
export const selectBookmarksDrawerOpen = (state: { bookmarks: BookmarksState }) =>
  state.bookmarks.drawerOpen;
