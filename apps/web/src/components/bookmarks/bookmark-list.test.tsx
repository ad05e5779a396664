import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TBookmark } from '@laurel/contract/bookmarks';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { createStore } from '../../app/store';
import { AuthContext } from '../../lib/auth/auth-context';
import { initialBookmarksState } from '../../lib/bookmarks/bookmarks-slice';
import { authValue, profileOf } from '../../test/auth';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { BookmarkList, type BookmarkListProps } from './bookmark-list';

const bookmarks: TBookmark[] = Array.from({ length: 7 }, (_, index) => ({
  id: index + 1,
  itemType: index % 2 ? 'contracts' : 'credentials',
  itemId: 100 + index,
  itemName: `Bookmark ${String.fromCharCode(65 + index)}`,
  organizationId: 2,
  createdAt: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
}));

function renderList(
  props: BookmarkListProps,
  options: { data?: TBookmark[]; loaded?: boolean; roleId?: 0 | 10 | 100 } = {},
) {
  const store = createStore({
    bookmarks: {
      ...initialBookmarksState,
      data: options.data ?? bookmarks,
      hasLoaded: options.loaded ?? true,
    },
  });
  const result = renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(options.roleId ?? ROLES.USER))}>
      <BookmarkList {...props} />
    </AuthContext.Provider>,
    { store },
  );
  return { ...result, store };
}

describe('BookmarkList widget (spec §2)', () => {
  it("shows the caller's title and at most 5 entries by default, newest first", () => {
    renderList({ title: 'Your bookmarks' });
    screen.getByRole('heading', { name: 'Your bookmarks' });
    const rows = within(screen.getByRole('list', { name: 'Your bookmarks' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(5);
    expect(rows[0]?.textContent).toContain('Bookmark G');
  });

  it("offers 'View All (count)' when more exist than the limit, and it opens the drawer", async () => {
    const { store } = renderList({ title: 'Mine' });
    await userEvent.click(screen.getByRole('button', { name: 'View All (7)' }));
    expect(store.getState().bookmarks.drawerOpen).toBe(true);
  });

  it("has no 'View All' when everything fits, and shows all with limit 0", () => {
    renderList({ title: 'Mine', limit: 0 });
    expect(screen.queryByRole('button', { name: /View All/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(7);
  });

  it('counts only the bookmarks the filter keeps', () => {
    renderList({ title: 'Credentials', itemType: 'credentials', limit: 2 });
    screen.getByRole('button', { name: 'View All (4)' });
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
  });

  it('shows five skeleton rows while loading', () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => undefined));
    renderList({ title: 'Mine' }, { data: [], loaded: false });
    expect(screen.getAllByTestId('bookmark-skeleton')).toHaveLength(5);
  });

  it('loads the list from the server when it has not loaded', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse(bookmarks.slice(0, 2)));
    renderList({ title: 'Mine' }, { data: [], loaded: false });
    await screen.findByText('Bookmark B');
    expect((fetchMock.mock.calls[0]?.[0] as Request).url).toMatch(/\/api\/users\/bookmarks$/);
  });

  it('says how to start when there are no bookmarks, with the platform admin wording for them', () => {
    renderList({ title: 'Mine' }, { data: [] });
    screen.getByText(MESSAGES.bookmarksEmpty);
  });

  it('uses "any detail page" for platform admins', () => {
    renderList({ title: 'Mine' }, { data: [], roleId: ROLES.PLATFORM_ADMIN });
    screen.getByText(MESSAGES.bookmarksEmptyPlatformAdmin);
    expect(screen.queryByText(MESSAGES.bookmarksEmpty)).toBeNull();
  });

  it('says nothing matches when bookmarks exist but the filter keeps none', () => {
    renderList({ title: 'Users', itemType: 'users' });
    screen.getByText(MESSAGES.bookmarksNoMatch);
  });

  it('removes an entry and offers UNDO, which restores it', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(jsonResponse({ id: 42 }, 201));
    const { store } = renderList({ title: 'Mine', limit: 0 }, { data: bookmarks.slice(0, 1) });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText(MESSAGES.bookmarkRemoved);
    expect(store.getState().bookmarks.data).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'UNDO' }));
    await screen.findByText(MESSAGES.bookmarkRestored);
    expect(store.getState().bookmarks.data.map((b) => b.id)).toEqual([42]);
    const undo = fetchMock.mock.calls[1]?.[0] as Request;
    expect(undo.method).toBe('POST');
    expect(await undo.json()).toEqual({ item_id: 100, item_type: 'credentials' });
  });

  it("says 'Error deleting bookmark' when the server refuses", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse({ message: 'No' }, 500));
    const { store } = renderList({ title: 'Mine' }, { data: bookmarks.slice(0, 1) });
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await screen.findByText(MESSAGES.bookmarkDeleteError);
    await waitFor(() => expect(store.getState().bookmarks.data).toHaveLength(1));
  });
});
