import type { TBookmark, TCreateBookmarkBody } from '@laurel/contract/bookmarks';
import { API_PATHS } from '@laurel/contract/paths';

import { api } from '../api/api';

/** Calls of spec §7 for bookmarks; their results land in the bookmarks slice. */
export const bookmarksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBookmarks: build.query<TBookmark[], void>({
      query: () => API_PATHS.bookmarks,
      keepUnusedDataFor: 0,
    }),
    createBookmark: build.mutation<{ id: number }, TCreateBookmarkBody>({
      query: (body) => ({ url: API_PATHS.bookmarks, method: 'POST', body }),
    }),
    deleteBookmark: build.mutation<null, number>({
      query: (id) => ({ url: API_PATHS.bookmark(id), method: 'DELETE' }),
    }),
  }),
});
