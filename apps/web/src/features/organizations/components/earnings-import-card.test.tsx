import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TEarningsImport } from '@laurel/contract/earnings-imports';

import { jsonResponse, renderWithProviders } from '../../../test/render';
import { EarningsImportCard } from './earnings-import-card';

const base: TEarningsImport = {
  id: 7,
  organizationId: 2,
  organizationName: 'Northwind Technical College',
  fileName: 'earnings.csv',
  fileSize: 120,
  status: 'PENDING',
  rowsTotal: 0,
  rowsChecked: 0,
  rowsProcessed: 0,
  awards: 0,
  newlyMatched: 0,
  rowsFailed: 0,
  errorMessage: null,
  rowErrors: [],
  importedBy: 'Avery Quinn',
  createdAt: '2026-11-24T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};

afterEach(() => vi.restoreAllMocks());

describe('the earnings import card', () => {
  it('sends the file, follows the import it started and shows why it was refused', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      if (request.method === 'POST') return jsonResponse(base, 201);
      return jsonResponse({
        ...base,
        status: 'FAILED',
        rowsFailed: 1,
        errorMessage: 'The file has 1 row with errors; nothing was stored.',
        rowErrors: [{ line: 2, message: 'award_date must be a date (YYYY-MM-DD)' }],
      });
    });
    const { container } = renderWithProviders(<EarningsImportCard organizationId={2} entitled />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(
      input,
      new File(['award_external_id\n'], 'earnings.csv', { type: 'text/csv' }),
    );

    await screen.findByText('The file has 1 row with errors; nothing was stored.');
    screen.getByText('Line 2: award_date must be a date (YYYY-MM-DD)');
    expect(screen.queryByText('Something went wrong')).toBeNull();
    const post = fetchMock.mock.calls
      .map(([request]) => request as Request)
      .find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/organizations/2/earnings-imports');
  });

  it('shows the progress while rows are stored, then the outcome', async () => {
    let polls = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      if (request.method === 'POST') return jsonResponse(base, 201);
      polls++;
      return jsonResponse(
        polls < 2
          ? { ...base, status: 'PROCESSING', rowsTotal: 500, rowsChecked: 500, rowsProcessed: 200 }
          : {
              ...base,
              status: 'COMPLETED',
              rowsTotal: 500,
              rowsChecked: 500,
              rowsProcessed: 500,
              awards: 50,
              newlyMatched: 12,
            },
      );
    });
    const { container } = renderWithProviders(<EarningsImportCard organizationId={2} entitled />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'earnings.csv', { type: 'text/csv' }));
    await screen.findByText('Stored 200 of 500 rows');
    await screen.findByText(
      /Imported 500 rows for 50 awards \(\s*12 newly matched\)/,
      {},
      { timeout: 3000 },
    );
  });

  it('offers no import for an organization without the earnings entitlement', () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    const { container } = renderWithProviders(
      <EarningsImportCard organizationId={2} entitled={false} />,
    );
    screen.getByText(/neither matched nor billed/);
    expect(container.querySelector('input[type=file]')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
