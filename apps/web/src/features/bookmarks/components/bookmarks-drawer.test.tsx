import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TBookmark } from '@laurel/contract/bookmarks';
import { MESSAGES } from '@laurel/contract/messages';
import { ROLES } from '@laurel/contract/roles';

import { createStore } from '../../../app/store';
import { AuthContext } from '../../../lib/auth/auth-context';
import { initialBookmarksState, openBookmarksDrawer } from '../../../lib/bookmarks/bookmarks-slice';
import { authValue, profileOf } from '../../../test/auth';
import { renderWithProviders } from '../../../test/render';
import BookmarksDrawer from './bookmarks-drawer';

const names = [
  'welding Basics',
  'Accounting Clerk',
  'Northwind',
  'Zoe Park',
  'Bookkeeping',
  'Culinary',
  'Dental',
];
const bookmarks: TBookmark[] = names.map((itemName, index) => ({
  id: index + 1,
  itemType: 'credentials',
  itemId: index + 1,
  itemName,
  organizationId: 2,
  createdAt: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
}));

function renderDrawer() {
  const store = createStore({
    bookmarks: { ...initialBookmarksState, data: bookmarks, hasLoaded: true },
  });
  renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(ROLES.USER))}>
      <BookmarksDrawer />
    </AuthContext.Provider>,
    { store },
  );
  act(() => {
    store.dispatch(openBookmarksDrawer());
  });
  return store;
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Bookmarks' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);

describe('BookmarksDrawer (spec §2)', () => {
  it("is titled 'View All Bookmarks' and lists every bookmark alphabetically, without a limit", () => {
    renderDrawer();
    screen.getByRole('heading', { name: MESSAGES.bookmarksDrawerTitle });
    expect(shownNames()).toEqual([
      'Accounting Clerk',
      'Bookkeeping',
      'Culinary',
      'Dental',
      'Northwind',
      'welding Basics',
      'Zoe Park',
    ]);
    expect(screen.queryByRole('button', { name: /View All/ })).toBeNull();
  });

  it('searches itemName case-insensitively by substring', async () => {
    renderDrawer();
    await userEvent.type(screen.getByLabelText(MESSAGES.bookmarksSearchLabel), 'OO');
    expect(shownNames()).toEqual(['Bookkeeping']);
    await userEvent.clear(screen.getByLabelText(MESSAGES.bookmarksSearchLabel));
    await userEvent.type(screen.getByLabelText(MESSAGES.bookmarksSearchLabel), 'ING');
    expect(shownNames()).toEqual(['Accounting Clerk', 'Bookkeeping', 'welding Basics']);
  });

  it('says so when nothing matches the search', async () => {
    renderDrawer();
    await userEvent.type(screen.getByLabelText(MESSAGES.bookmarksSearchLabel), 'xyz');
    screen.getByText(MESSAGES.bookmarksNoMatch);
  });

  it('closes with its close button', async () => {
    const store = renderDrawer();
    await userEvent.click(screen.getByRole('button', { name: 'Close bookmarks' }));
    expect(store.getState().bookmarks.drawerOpen).toBe(false);
  });
});
