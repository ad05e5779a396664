import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DataTable } from './data-table';

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
    expect(screen.getByText('26–50 of 987')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when a search matched more rows than the list holds', () => {
    renderTable(1000, true);
    expect(screen.getByText('26–50 of 1,000+')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      '1,000+ matches — refine your search to narrow them',
    );
  });
});
