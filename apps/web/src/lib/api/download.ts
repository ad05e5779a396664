import { useCallback } from 'react';

import { api } from './api';
import { saveBlob } from '../files/save-blob';
import { readResponseBody } from './base-query';

type ExportQuery = Record<string, string | number | undefined>;

/** The filters of a list as an export's query: no paging (an export has every row), no blanks. */
function exportParams(query: ExportQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && key !== 'page' && key !== 'pageSize')
      params[key] = String(value);
  }
  return params;
}

/**
 * Files the API produces (CSV exports, error files, the upload template) go through the same base
 * query as every other call, so they carry the bearer token and, while a platform admin acts
 * within an organization, its header; the file is saved as it arrives and never enters the store.
 */
const downloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    downloadFile: build.mutation<null, { path: string; query: ExportQuery; fileName: string }>({
      query: ({ path, query, fileName }) => ({
        url: path,
        params: exportParams(query),
        responseHandler: async (response: Response) => {
          if (response.status !== 200) return readResponseBody(response);
          saveBlob(await response.blob(), fileName);
          return null;
        },
      }),
    }),
  }),
});

/**
 * `download(path, query, { fileName })`: fetches a file from the API and saves it; rejects with
 * the API's error (show it with `getErrorText`).
 */
export function useDownloadFile() {
  const [trigger] = downloadApi.useDownloadFileMutation();
  return useCallback(
    async (path: string, query: ExportQuery, options: { fileName: string }): Promise<void> => {
      await trigger({ path, query, fileName: options.fileName }).unwrap();
    },
    [trigger],
  );
}
