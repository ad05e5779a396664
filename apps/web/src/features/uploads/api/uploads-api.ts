import type { TPage } from '@laurel/contract/pagination';
import { API_PATHS } from '@laurel/contract/paths';
import type {
  TUpload,
  TUploadCredentials,
  TUploadRefusalPage,
  TUploadRefusalQuery,
} from '@laurel/contract/uploads';

import { api } from '../../../lib/api/api';

type Query = Record<string, string | number>;

const LIST_TAG = { type: 'Upload' as const, id: 'LIST' };

/** CSV of every upload the list's filters select; add `organizationId` for one organization's. */

export const uploadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every upload the caller may see: one organization's for its admins, all for platform admins. */
    listUploads: build.query<TPage<TUpload>, Query>({
      query: (params) => ({ url: API_PATHS.uploads, params }),
      providesTags: [LIST_TAG],
    }),
    listOrganizationUploads: build.query<TPage<TUpload>, { organizationId: number; params: Query }>(
      {
        query: ({ organizationId, params }) => ({
          url: API_PATHS.organizationUploads(organizationId),
          params,
        }),
        providesTags: [LIST_TAG],
      },
    ),
    /** One upload; polled for its progress while it runs. */
    getUpload: build.query<TUpload, number>({
      query: (id) => API_PATHS.upload(id),
      providesTags: (_result, _error, id) => [{ type: 'Upload', id }],
    }),
    /** A page of an upload's refused rows, one reason a line, filtered by column and reason. */
    getUploadRefusals: build.query<
      TUploadRefusalPage,
      { id: number; params: Partial<TUploadRefusalQuery> }
    >({
      query: ({ id, params }) => ({ url: API_PATHS.uploadRefusals(id), params }),
      providesTags: (_result, _error, { id }) => [{ type: 'Upload', id }],
    }),
    /** The credentials whose awards came from an upload: the insights it changed. */
    getUploadCredentials: build.query<TUploadCredentials, number>({
      query: (id) => API_PATHS.uploadCredentials(id),
      providesTags: (_result, _error, id) => [{ type: 'Upload', id }],
    }),
    createUpload: build.mutation<TUpload, { organizationId: number; file: File }>({
      query: ({ organizationId, file }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: API_PATHS.organizationUploads(organizationId), method: 'POST', body };
      },
      invalidatesTags: [LIST_TAG],
    }),
  }),
});

export const {
  useListUploadsQuery,
  useListOrganizationUploadsQuery,
  useGetUploadQuery,
  useGetUploadRefusalsQuery,
  useGetUploadCredentialsQuery,
  useCreateUploadMutation,
} = uploadsApi;

/** How many uploads the dashboard's "Uploads in progress" shows. */
export const UPLOADS_IN_PROGRESS_SHOWN = 5;

/** The two lists "Uploads in progress" reads (also requested with the dashboard's page). */
export const uploadsInProgressArgs = (['PROCESSING', 'PENDING'] as const).map((status) => ({
  status,
  sort: 'createdAt',
  order: 'desc',
  pageSize: UPLOADS_IN_PROGRESS_SHOWN,
}));
