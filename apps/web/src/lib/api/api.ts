import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';

import { baseQuery } from './base-query';

/**
 * The one RTK Query slice. Features add their endpoints with `api.injectEndpoints` in their own
 * `api/` folder, so a screen's calls load with the screen.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Profile',
    'Lookup',
    'Organization',
    'Credential',
    'Award',
    'Contract',
    'User',
    'Audit',
    'Counts',
    'Insights',
    'Upload',
    'Benchmark',
  ],
  endpoints: () => ({}),
});

/** Dispatch that accepts RTK Query's thunks (`endpoint.initiate()`), for code outside `app/`. */
export type ApiDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;
