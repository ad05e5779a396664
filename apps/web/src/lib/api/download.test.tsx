import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createStore } from '../../app/store';
import { setIdTokenProvider } from '../auth-token/id-token';
import { getErrorText } from '../errors/error-text';
import { useDownloadFile } from './download';

function renderDownload(actingOrganization: { id: number; name: string } | null) {
  const store = createStore({ impersonation: { organization: actingOrganization } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useDownloadFile(), { wrapper }).result.current;
}

afterEach(() => {
  setIdTokenProvider(null);
  vi.restoreAllMocks();
});

describe('downloading a file from the API', () => {
  it('sends the token and the acting organization like every call, without paging, and saves the file', async () => {
    setIdTokenProvider(async () => 'id.token.value');
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response('name\nNorthwind\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
      );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);

    const download = renderDownload({ id: 7, name: 'Northwind Technical College' });
    await download(
      '/api/credentials/export.csv',
      { search: 'nurse', page: 3, pageSize: 25, status: '' },
      {
        fileName: 'credentials.csv',
      },
    );

    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/credentials/export.csv');
    expect([...new URL(request.url).searchParams]).toEqual([['search', 'nurse']]);
    expect(request.headers.get('authorization')).toBe('Bearer id.token.value');
    expect(request.headers.get('x-acting-organization')).toBe('7');
    expect(await (created.mock.calls[0]?.[0] as Blob).text()).toBe('name\nNorthwind\n');
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it("rejects with the API's message when the export is refused", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'You do not have access to this page' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const download = renderDownload(null);
    const failure = await download('/api/audits/export.csv', {}, { fileName: 'audits.csv' }).catch(
      (error: unknown) => error,
    );
    expect(getErrorText(failure)).toBe('You do not have access to this page');
    expect(clicked).not.toHaveBeenCalled();
  });
});
