import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLES } from '@laurel/contract/roles';
import type { TUpload } from '@laurel/contract/uploads';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import UploadsRoute from './uploads';

function uploadOf(overrides: Partial<TUpload>): TUpload {
  return {
    id: 41,
    organizationId: 2,
    organizationName: 'Northwind Technical College',
    fileName: 'spring-2026.csv',
    fileSize: 4_200,
    status: 'COMPLETED',
    rowsTotal: 10,
    rowsProcessed: 10,
    rowsOk: 10,
    rowsFailed: 0,
    errorMessage: null,
    uploadedBy: 'Sam Lee',
    createdAt: '2026-03-01T10:00:00.000Z',
    startedAt: '2026-03-01T10:00:01.000Z',
    finishedAt: '2026-03-01T10:00:05.000Z',
    ...overrides,
  };
}

const waiting = uploadOf({
  id: 42,
  fileName: 'summer-2026.csv',
  status: 'PENDING',
  rowsTotal: 0,
  rowsProcessed: 0,
  rowsOk: 0,
  finishedAt: null,
});
const refused = uploadOf({ id: 41, status: 'COMPLETED_WITH_ERRORS', rowsOk: 8, rowsFailed: 2 });

function renderUploads(route: string) {
  const requests: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    requests.push(url);
    if (url.pathname === '/api/uploads')
      return jsonResponse({ items: [waiting, refused], total: 2, page: 1, pageSize: 25 });
    if (url.pathname === '/api/uploads/42') return jsonResponse(waiting);
    if (url.pathname === '/api/uploads/export.csv')
      return new Response('id\r\n42\r\n', { headers: { 'content-type': 'text/csv' } });
    return jsonResponse([]);
  });
  renderWithProviders(
    <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
      <UploadsRoute />
    </AuthContext.Provider>,
    { route },
  );
  return requests;
}

describe('the uploads list', () => {
  it('names statuses in words in its rows and its status filter', async () => {
    renderUploads('/uploads');
    const table = await screen.findByRole('table', { name: 'Uploads' });
    await within(table).findByText('Waiting');
    within(table).getByText('Completed with errors');
    expect(within(table).queryByText('PENDING')).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'Waiting',
      'Processing',
      'Completed',
      'Completed with errors',
      'Failed',
    ]);
  });

  it('exports what its filters select as CSV', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:uploads');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const savedAs: string[] = [];
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      savedAs.push(this.download);
    });
    const requests = renderUploads('/uploads?status=COMPLETED_WITH_ERRORS&search=spring&page=2');
    await screen.findByRole('table', { name: 'Uploads' });

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(savedAs).toEqual(['uploads.csv']);
    const exported = requests.find((url) => url.pathname === '/api/uploads/export.csv')!;
    expect(Object.fromEntries(exported.searchParams)).toEqual({
      status: 'COMPLETED_WITH_ERRORS',
      search: 'spring',
      sort: 'createdAt',
      order: 'desc',
    });
  });
});
