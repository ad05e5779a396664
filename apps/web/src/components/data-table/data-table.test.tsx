import type { ReactElement } from 'react';
import { render as renderAlone, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DataTable } from './data-table';
import { I18nProvider } from '../../lib/i18n/i18n-provider';

/** Drawn as the app draws it, in its languages' provider. */
const render = (ui: ReactElement) => renderAlone(ui, { wrapper: I18nProvider });

const rows = Array.from({ length: 25 }, (_, index) => ({
  id: 26 + index,
  name: `Row ${26 + index}`,
}));

const renderTable = (total: number, totalIsLowerBound?: boolean) =>
  render(
    <DataTable
      label="Rows"
      columns={[{ key: 'name', label: 'Name', render: (row) => row.name }]}
      rows={rows}
      getRowKey={(row) => row.id}
      loading={false}
      total={total}
      totalIsLowerBound={totalIsLowerBound}
      page={2}
      pageSize={25}
      onPageChange={() => undefined}
      onPageSizeChange={() => undefined}
      empty={null}
    />,
  );

describe('DataTable', () => {
  it('shows an exact total as the count of its pages', () => {
    renderTable(987);
    screen.getByText('26–50 of 987');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when a search matched more rows than the list holds', () => {
    renderTable(1000, true);
    screen.getByText('26–50 of 1,000+');
    expect(screen.getByRole('status').textContent).toBe(
      '1,000+ matches — refine your search to narrow them',
    );
  });

  it("shows a row's detail under it, across the columns the screen shows, only when asked", () => {
    const columns = [
      { key: 'name', label: 'Name', render: (row: { name: string }) => row.name },
      // Shown only on wide screens (jsdom's media queries match nothing: a narrow screen).
      { key: 'wide', label: 'Wide', render: () => 'wide', hideBelow: 'md' as const },
    ];
    render(
      <DataTable
        label="Rows"
        columns={columns}
        rows={rows.slice(0, 3)}
        getRowKey={(row) => row.id}
        renderDetail={(row) => (row.id === 27 ? `Detail of ${row.name}` : null)}
        getDetailId={(row) => `detail-${row.id}`}
        loading={false}
        total={3}
        page={1}
        pageSize={25}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
        empty={null}
      />,
    );
    const bodyRows = screen.getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual([
      'Row 26wide',
      'Row 27wide',
      'Detail of Row 27',
      'Row 28wide',
    ]);
    const detail = document.getElementById('detail-27')!;
    expect(detail.querySelector('td')!.getAttribute('colspan')).toBe('1');
  });
});
