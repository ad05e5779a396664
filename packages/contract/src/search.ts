import { z } from 'zod';

import { ZBookmarkItemType } from './bookmarks.ts';

export const ZSearchQuery = z.strictObject({
  q: z.string().trim().min(3, 'Type at least 3 characters').max(100),
});

export const ZSearchResult = z
  .object({
    itemType: ZBookmarkItemType,
    itemId: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    organizationId: z.number().int(),
  })
  .meta({ id: 'SearchResult' });
export type TSearchResult = z.infer<typeof ZSearchResult>;
export const ZSearchResponse = z
  .object({ results: z.array(ZSearchResult) })
  .meta({ id: 'SearchResponse' });
