import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROLES } from '@laurel/contract/roles';
import type { TUpload } from '@laurel/contract/uploads';

import { AuthContext } from '../../../lib/auth/auth-context';
import { authValue, profileOf } from '../../../test/auth';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { UploadAwardsDialog, checkUploadFile } from './upload-awards-dialog';
import { UploadDetailsDialog, errorsFileName } from './upload-details-dialog';
import { describeProgress, formatFileSize, progressPercent } from './upload-status';

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
    expect(describeProgress(uploadOf())).toBe('12,000 of 100,000 rows');
    expect(describeProgress(uploadOf({ rowsTotal: 0, status: 'PENDING' }))).toBe(
      'Waiting to start',
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
      return jsonResponse([]);
    });
    renderWithProviders(withAdmin(<UploadDetailsDialog id={41} onClose={() => undefined} />));
    const dialog = await screen.findByRole('dialog', { name: 'spring-2026.csv' });
    const bar = await within(dialog).findByRole('progressbar', { name: '12,000 of 100,000 rows' });
    expect(bar.getAttribute('aria-valuenow')).toBe('12');
    expect(within(dialog).queryByRole('button', { name: 'Download errors (CSV)' })).toBeNull();

    expect(
      await within(dialog).findByRole(
        'progressbar',
        { name: '100,000 of 100,000 rows' },
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Completed with errors')).toBeTruthy();
    expect(within(dialog).getByText('99,998')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Download errors (CSV)' })).toBeTruthy();
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
    renderWithProviders(withAdmin(<UploadDetailsDialog id={41} onClose={() => undefined} />));
    expect(
      await screen.findByText('The header must be credential_code,external_id,…'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download errors (CSV)' })).toBeNull();
  });
});

describe('Upload awards dialog', () => {
  it('accepts only .csv files of an acceptable size', () => {
    expect(checkUploadFile({ name: 'a.csv', size: 10 })).toBeNull();
    expect(checkUploadFile({ name: 'a.xlsx', size: 10 })).toBe('Choose a .csv file.');
    expect(checkUploadFile({ name: 'a.csv', size: 0 })).toBe('The file is empty.');
    expect(checkUploadFile({ name: 'a.csv', size: 300 * 1024 * 1024 })).toMatch(/larger than/);
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
    expect(within(dialog).getByRole('button', { name: 'Download template' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Choose the CSV file to upload.')).toBeTruthy();

    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.csv,text/csv');
    await userEvent.upload(
      input,
      new File(['credential_code\n'], 'awards.csv', { type: 'text/csv' }),
    );
    expect(within(dialog).getByText(/awards\.csv · 16 B/)).toBeTruthy();
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
