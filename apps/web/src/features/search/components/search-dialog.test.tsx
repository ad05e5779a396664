import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';
import type { TSearchResult } from '@laurel/contract/search';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import SearchDialog from './search-dialog';

const JORDAN: TSearchResult = {
  itemType: 'awardees',
  itemId: 41,
  title: 'Jordan Whitfield',
  subtitle: 'NEW-10001 · jordan.whitfield@example.test · Northwind Technical College',
  organizationId: 2,
};

/** The server, faked at the network: global search answers Jordan for their id or surname. */
function serve() {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    if (url.pathname !== API_PATHS.search) return jsonResponse({ message: 'Not found' }, 404);
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    if (q.length < 3) return jsonResponse({ message: 'Type at least 3 characters' }, 400);
    const found = ['new-10001', 'whitfield'].some((text) => text.includes(q.toLowerCase()));
    return jsonResponse({ results: found ? [JORDAN] : [] });
  });
  return asked;
}

function Address() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(ROLES.USER))}>
      <SearchDialog open onClose={onClose} />
      <Address />
    </AuthContext.Provider>,
  );
  return { onClose, input: screen.getByLabelText(/Search organizations/) };
}

afterEach(() => vi.restoreAllMocks());

describe('global search', () => {
  it('lists an awardee found by external id and opens their page', async () => {
    serve();
    const { onClose, input } = renderDialog();
    await userEvent.type(input, 'NEW-10001');
    const results = await screen.findByRole('listbox', { name: 'Search results' });
    const item = await within(results).findByRole('option', { name: /Jordan Whitfield/ });
    expect(item.textContent).toContain(
      'Awardee · NEW-10001 · jordan.whitfield@example.test · Northwind Technical College',
    );
    await userEvent.click(item);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByLabelText('address').textContent).toBe('/organizations/2/awardees/41');
  });

  it('opens the highlighted awardee with Enter after a surname', async () => {
    serve();
    const { input } = renderDialog();
    await userEvent.type(input, 'whitf');
    const option = await screen.findByRole('option', { name: /Jordan Whitfield/ });
    // The input is a combobox that names its active result, which says it is selected.
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(option.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-controls')!)).toBe(
      screen.getByRole('listbox', { name: 'Search results' }),
    );
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('address').textContent).toBe('/organizations/2/awardees/41');
  });

  it('asks for three characters and does not search fewer', async () => {
    const asked = serve();
    const { input } = renderDialog();
    await userEvent.type(input, 'wh');
    screen.getByText(
      'Type at least three characters of a name, code, external id or e-mail address.',
    );
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
    expect(asked).toEqual([]);
  });
});
