import { describe, expect, it } from 'vitest';
import type { TBookmark } from '@laurel/contract/bookmarks';

import { globalReset } from '../api/reset';
import {
  addBookmark,
  bookmarksSlice,
  closeBookmarksDrawer,
  initialBookmarksState,
  openBookmarksDrawer,
  removeBookmark,
  setBookmarks,
} from './bookmarks-slice';

const reduce = bookmarksSlice.reducer;
const bookmark = (id: number): TBookmark => ({
  id,
  itemType: 'credentials',
  itemId: id * 10,
  itemName: `Credential ${id}`,
  organizationId: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('bookmarks state (spec §3/§4)', () => {
  it('starts empty, not loaded, drawer closed', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      data: [],
      isLoading: false,
      hasLoaded: false,
      drawerOpen: false,
    });
  });

  it('set replaces the whole list and marks it loaded', () => {
    const state = reduce(
      { ...initialBookmarksState, data: [bookmark(9)] },
      setBookmarks([bookmark(1), bookmark(2)]),
    );
    expect(state.data.map((b) => b.id)).toEqual([1, 2]);
    expect(state.hasLoaded).toBe(true);
  });

  it('add appends', () => {
    const state = reduce(reduce(undefined, setBookmarks([bookmark(1)])), addBookmark(bookmark(2)));
    expect(state.data.map((b) => b.id)).toEqual([1, 2]);
  });

  it('remove deletes by id and leaves the others', () => {
    const state = reduce(
      reduce(undefined, setBookmarks([bookmark(1), bookmark(2), bookmark(3)])),
      removeBookmark(2),
    );
    expect(state.data.map((b) => b.id)).toEqual([1, 3]);
    expect(reduce(state, removeBookmark(99)).data).toHaveLength(2);
  });

  it('opens and closes the drawer', () => {
    const open = reduce(undefined, openBookmarksDrawer());
    expect(open.drawerOpen).toBe(true);
    expect(reduce(open, closeBookmarksDrawer()).drawerOpen).toBe(false);
  });

  it('returns to the initial state on the global reset', () => {
    const state = reduce(reduce(undefined, setBookmarks([bookmark(1)])), openBookmarksDrawer());
    expect(reduce(state, globalReset())).toEqual(initialBookmarksState);
  });
});
