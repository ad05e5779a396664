import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { ROLES } from '@laurel/contract/roles';
import type { TUpload, TUploadRefusalPage } from '@laurel/contract/uploads';

import { AuthContext } from '../../../lib/auth/auth-context';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { UploadAwardsDialog, checkUploadFile } from './upload-awards-dialog';
import { UploadDetailsDialog, errorsFileName } from './upload-details-dialog';
import { describeProgress, formatFileSize, progressPercent } from './upload-status';

const intl = createIntl({ locale: 'en', messages: en });

function uploadOf(overrides: Partial<TUpload> = {}): TUpload {
  return {
    id: 41,
    organizationId: 2,
    organizationName: 'Northwind Technical College',
    fileName: 'spring-2026.csv',
    fileSize: 4_200_000,
    status: 'PROCESSING',
    rowsTotal: 100_000,
    rowsProcessed: 12_000,
    rowsOk: 11_990,
    rowsFailed: 10,
    errorMessage: null,
    uploadedBy: 'Sam Lee',
    createdAt: '2026-03-01T10:00:00.000Z',
    startedAt: '2026-03-01T10:00:01.000Z',
    finishedAt: null,
    ...overrides,
  };
}

function refusalPage(overrides: Partial<TUploadRefusalPage> = {}): TUploadRefusalPage {
  return {
    items: [
      {
        rowNumber: 3,
        column: 'credential_code',
        reason: 'unknown-credential',
        message: 'No credential of this organization has the code "WELD-101"',
        value: 'WELD-101',
      },
      {
        rowNumber: 4,
        column: 'email',
        reason: 'invalid-email',
        message: 'email "ann@" is not a valid e-mail address',
        value: 'ann@',
      },
    ],
    total: 2,
    page: 1,
    pageSize: 10,
    columns: [
      { column: 'credential_code', count: 1 },
      { column: 'email', count: 1 },
    ],
    reasons: [
      { reason: 'invalid-email', count: 1 },
      { reason: 'unknown-credential', count: 1 },
    ],
    ...overrides,
  };
}

const urlOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : String(input));

function withAdmin(ui: React.ReactElement) {
  return (
    <AuthContext.Provider value={authValue(profileOf(ROLES.ORGANIZATION_ADMIN))}>
      {ui}
    </AuthContext.Provider>
  );
}

describe('upload progress', () => {
  it('describes progress in rows', () => {
    expect(describeProgress(uploadOf(), intl)).toBe('12,000 of 100,000 rows');
    expect(describeProgress(uploadOf({ rowsTotal: 0, status: 'PENDING' }), intl)).toBe(
      'Waiting to start',
    );
    expect(describeProgress(uploadOf({ rowsProcessed: 0, rowsTotal: 1 }), intl)).toBe('0 of 1 row');
    expect(describeProgress(uploadOf(), createIntl({ locale: 'es-419', messages: es }))).toBe(
      '12,000 de 100,000 filas',
    );
    expect(progressPercent(uploadOf())).toBe(12);
    expect(progressPercent(uploadOf({ rowsTotal: 0 }))).toBe(0);
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(4_200_000)).toBe('4.0 MB');
    expect(errorsFileName('Spring 2026.CSV')).toBe('Spring 2026-errors.csv');
  });

  it('follows a running upload every second until it finishes, then offers its errors', async () => {
    let calls = 0;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = urlOf(input);
      if (url.pathname === '/api/uploads/41') {
        calls += 1;
        return jsonResponse(
          calls === 1
            ? uploadOf()
            : uploadOf({
                status: 'COMPLETED_WITH_ERRORS',
                rowsProcessed: 100_000,
                rowsOk: 99_998,
                rowsFailed: 2,
                finishedAt: '2026-03-01T10:02:00.000Z',
              }),
        );
      }
      if (url.pathname === '/api/uploads/41/refusals') return jsonResponse(refusalPage());
      if (url.pathname === '/api/uploads/41/credentials') return jsonResponse({ items: [] });
      return jsonResponse([]);
    });
    renderWithProviders(
      withAdmin(
        <UploadDetailsDialog
          id={41}
          onClose={() => undefined}
          organizationHref={(id) => `/organizations/${id}`}
        />,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'spring-2026.csv' });
    const bar = await within(dialog).findByRole('progressbar', { name: '12,000 of 100,000 rows' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    // Screen readers are told the status as it changes, and the rows once it has finished.
    expect(within(dialog).getByRole('status').textContent).toBe('Upload processing.');
    expect(within(dialog).queryByRole('button', { name: 'Download errors (CSV)' })).toBeNull();

    await within(dialog).findByRole(
      'progressbar',
      { name: '100,000 of 100,000 rows' },
      { timeout: 3000 },
    );
    within(dialog).getByText('Completed with errors');
    within(dialog).getByText('99,998');
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Upload completed with errors: 99,998 rows ok, 2 failed.',
    );
    expect(within(dialog).getByRole('button', { name: 'Download errors (CSV)' })).toHaveProperty(
      'disabled',
      false,
    );
    // Finished: no more polling.
    const settled = fetchMock.mock.calls.filter(
      ([input]) => urlOf(input).pathname === '/api/uploads/41',
    ).length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(
      fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === '/api/uploads/41'),
    ).toHaveLength(settled);
  });

  it('shows the file-level error of a failed upload', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      urlOf(input).pathname === '/api/uploads/41'
        ? jsonResponse(
            uploadOf({
              status: 'FAILED',
              rowsTotal: 0,
              rowsProcessed: 0,
              rowsOk: 0,
              rowsFailed: 0,
              errorMessage: 'The header must be credential_code,external_id,…',
            }),
          )
        : jsonResponse([]),
    );
    renderWithProviders(
      withAdmin(
        <UploadDetailsDialog
          id={41}
          onClose={() => undefined}
          organizationHref={(id) => `/organizations/${id}`}
        />,
      ),
    );
    await screen.findByText('The header must be credential_code,external_id,…');
    expect(screen.queryByRole('button', { name: 'Download errors (CSV)' })).toBeNull();
  });
});

describe('refused rows of an upload', () => {
  it('lists each refused row with its column, reason and value, filters them, and offers a corrected file and the insights it changed', async () => {
    const asked: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = urlOf(input);
      if (url.pathname === '/api/uploads/41')
        return jsonResponse(
          uploadOf({
            status: 'COMPLETED_WITH_ERRORS',
            rowsTotal: 5,
            rowsProcessed: 5,
            rowsOk: 3,
            rowsFailed: 2,
            finishedAt: '2026-03-01T10:02:00.000Z',
          }),
        );
      if (url.pathname === '/api/uploads/41/refusals') {
        asked.push(url);
        return jsonResponse(
          url.searchParams.get('column') === 'email'
            ? refusalPage({ items: refusalPage().items.slice(1), total: 1 })
            : refusalPage(),
        );
      }
      if (url.pathname === '/api/uploads/41/credentials')
        return jsonResponse({ items: [{ id: 8, code: 'WELD-101', name: 'Welding Certificate' }] });
      return jsonResponse([]);
    });
    const corrected = vi.fn();
    renderWithProviders(
      withAdmin(
        <UploadDetailsDialog
          id={41}
          onClose={() => undefined}
          organizationHref={(id) => `/organizations/${id}`}
          onUploadCorrected={corrected}
        />,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'spring-2026.csv' });
    const table = await within(dialog).findByRole('table', { name: 'Refused rows' });
    // Wide screens read the column, reason and value in cells of their own; small ones stacked.
    await within(table).findAllByText('WELD-101');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['3', '4']);
    expect(rows[1]!.textContent).toContain('email');
    expect(rows[1]!.textContent).toContain('Not a valid e-mail address');
    expect(rows[1]!.textContent).toContain('ann@');

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Column' }));
    await userEvent.click(await screen.findByRole('option', { name: 'email (1)' }));
    await waitFor(() => expect(within(table).queryAllByText('WELD-101')).toHaveLength(0));
    expect(asked.at(-1)!.searchParams.get('column')).toBe('email');
    expect(asked.at(-1)!.searchParams.get('page')).toBe('1');

    expect(
      within(dialog)
        .getByRole('link', { name: 'Northwind Technical College: insights' })
        .getAttribute('href'),
    ).toBe('/organizations/2/insights');
    expect(
      (
        await within(dialog).findByRole('link', {
          name: 'Welding Certificate (WELD-101): insights',
        })
      ).getAttribute('href'),
    ).toBe('/organizations/2/credentials/8?tab=insights');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload a corrected file' }));
    expect(corrected).toHaveBeenCalledWith(2);
  });
});

describe('Upload awards dialog', () => {
  it('takes a CSV file dropped on it, and refuses two at once', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse([]));
    renderWithProviders(
      withAdmin(
        <UploadAwardsDialog
          open
          organizationId={2}
          onClose={() => undefined}
          onUploaded={() => undefined}
        />,
      ),
    );
    const zone = screen.getByTestId('upload-drop-zone');
    const csv = new File(['credential_code\n'], 'dropped.csv', { type: 'text/csv' });
    const dataTransfer = (files: File[]) => ({ files, types: ['Files'], dropEffect: 'none' });
    fireEvent.dragOver(zone, { dataTransfer: dataTransfer([csv]) });
    screen.getByText('Drop the CSV file to choose it');
    fireEvent.drop(zone, { dataTransfer: dataTransfer([csv]) });
    screen.getByText(/dropped\.csv · 16 B/);
    fireEvent.drop(zone, { dataTransfer: dataTransfer([csv, csv]) });
    screen.getByText('Drop one CSV file at a time.');
    fireEvent.drop(zone, {
      dataTransfer: dataTransfer([new File(['x'], 'awards.xlsx')]),
    });
    screen.getByText('Choose a .csv file.');
  });

  it('downloads the template with the organization’s own credential codes', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('credential_code\n', { status: 200 }));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(
      withAdmin(
        <UploadAwardsDialog
          open
          organizationId={2}
          onClose={() => undefined}
          onUploaded={() => undefined}
        />,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download template' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = urlOf(fetchMock.mock.calls[0]![0] as Request);
    expect(url.pathname).toBe('/api/uploads/template.csv');
    expect(url.searchParams.get('organizationId')).toBe('2');
  });

  it('accepts only .csv files of an acceptable size', () => {
    expect(checkUploadFile({ name: 'a.csv', size: 10 }, intl)).toBeNull();
    expect(checkUploadFile({ name: 'a.xlsx', size: 10 }, intl)).toBe('Choose a .csv file.');
    expect(checkUploadFile({ name: 'a.csv', size: 0 }, intl)).toBe('The file is empty.');
    expect(checkUploadFile({ name: 'a.csv', size: 300 * 1024 * 1024 }, intl)).toMatch(
      /larger than/,
    );
  });

  it("posts the chosen file to the organization's uploads", async () => {
    // jsdom's File reaches the fetch layer without its name and bytes; the part is what counts.
    const posted: { contentType: string; body: string }[] = [];
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input instanceof Request ? input : new Request(String(input));
      if (request.method === 'POST') {
        posted.push({
          contentType: request.headers.get('content-type') ?? '',
          body: await request.text(),
        });
        return jsonResponse(uploadOf({ id: 77, fileName: 'awards.csv', status: 'PENDING' }), 201);
      }
      return jsonResponse([]);
    });
    const uploaded = vi.fn();
    renderWithProviders(
      withAdmin(
        <UploadAwardsDialog
          open
          organizationId={2}
          onClose={() => undefined}
          onUploaded={uploaded}
        />,
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Upload awards' });
    // One column name per piece, so that lines break between names only; read whole, the header.
    expect(dialog.querySelector('code')?.textContent).toBe(
      'credential_code,external_id,first_name,last_name,email,date_of_birth,award_date',
    );
    within(dialog).getByRole('button', { name: 'Download template' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    within(dialog).getByText('Choose the CSV file to upload.');

    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.csv,text/csv');
    await userEvent.upload(
      input,
      new File(['credential_code\n'], 'awards.csv', { type: 'text/csv' }),
    );
    within(dialog).getByText(/awards\.csv · 16 B/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploaded).toHaveBeenCalled());
    expect(uploaded.mock.calls[0]![0]).toMatchObject({ id: 77, fileName: 'awards.csv' });
    const post = fetchMock.mock.calls
      .map(([input]) => input as Request)
      .find((request) => request.method === 'POST')!;
    expect(urlOf(post).pathname).toBe('/api/organizations/2/uploads');
    expect(posted[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(posted[0]!.body).toMatch(/Content-Disposition: form-data; name="file"; filename=/);
  });
});
