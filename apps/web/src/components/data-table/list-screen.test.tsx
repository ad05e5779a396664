import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../test/render';
import { ListScreen } from './list-screen';

interface Row {
  id: number;
  name: string;
}

const SORTS = ['name', 'createdAt'] as const;

function renderList(route: string, items: Row[], total = items.length) {
  const asked: Array<Record<string, string | number>> = [];
  const exported: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    exported.push(url);
    return new Response('id\r\n', { headers: { 'content-type': 'text/csv' } });
  });
  const useItems = (query: Record<string, string | number>) => {
    asked.push(query);
    return { data: { items, total }, isFetching: false, isLoading: false };
  };
  renderWithProviders(
    <ListScreen
      noun="contracts"
      sorts={SORTS}
      defaultSort="name"
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: [
            { value: 'ACTIVE', label: 'Active' },
            { value: 'INACTIVE', label: 'Inactive' },
          ],
        },
        { name: 'hiddenOne', label: 'Hidden', options: [], hidden: true },
      ]}
      columns={[{ key: 'name', label: 'Name', sort: 'name', render: (row) => row.name }]}
      useItems={useItems}
      scope={{ organizationId: 5 }}
      exportPath="/api/widgets/export.csv"
      header={<h1>Widgets</h1>}
      empty={{ icon: null, none: { description: 'Add the first widget.' } }}
    >
      <p>A dialog</p>
    </ListScreen>,
    { route },
  );
  return { asked, exported };
}

describe('a list screen', () => {
  it('asks for the page its URL names, within its scope, and shows its rows', async () => {
    const { asked } = renderList('/?status=ACTIVE&sort=createdAt&order=desc&page=2', [
      { id: 1, name: 'Sprocket' },
    ]);
    const table = await screen.findByRole('table', { name: 'Contracts' });
    within(table).getByText('Sprocket');
    expect(asked.at(-1)).toEqual({
      status: 'ACTIVE',
      sort: 'createdAt',
      order: 'desc',
      page: 2,
      pageSize: 25,
      organizationId: 5,
    });
    screen.getByRole('heading', { name: 'Widgets' });
    screen.getByText('A dialog');
    screen.getByRole('searchbox', { name: 'Search contracts' });
    screen.getByRole('combobox', { name: 'Status' });
    expect(screen.queryByRole('combobox', { name: 'Hidden' })).toBeNull();
  });

  it('exports what the screen shows, within its scope, as <noun>.csv', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:widgets');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const savedAs: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      savedAs.push(this.download);
    });
    const { exported } = renderList('/?search=spr&status=ACTIVE', [{ id: 1, name: 'Sprocket' }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(savedAs).toEqual(['contracts.csv']));
    const request = exported.find((url) => url.pathname === '/api/widgets/export.csv')!;
    expect(Object.fromEntries(request.searchParams)).toEqual({
      search: 'spr',
      status: 'ACTIVE',
      sort: 'name',
      order: 'asc',
      organizationId: '5',
    });
  });

  it('says when there is nothing yet, and when nothing matches, with a way back', async () => {
    renderList('/', []);
    await screen.findByText('No contracts yet');
    screen.getByText('Add the first widget.');
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
  });

  it('offers to clear a search that matches nothing', async () => {
    const { asked } = renderList('/?search=zzz&status=INACTIVE', []);
    await screen.findByText('No contracts match');
    screen.getByText('Try another search word, or clear the filters.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        sort: 'name',
        order: 'asc',
        page: 1,
        pageSize: 25,
        organizationId: 5,
      }),
    );
    await screen.findByText('No contracts yet');
  });
});
