import { z } from 'zod';

import { BOOKMARK_ITEM_TYPES } from './constants.ts';

export const ZSearchQuery = z.strictObject({
  q: z.string().trim().min(3, 'Type at least 3 characters').max(100),
});

/**
 * What global search finds: the bookmarkable items, and awardees (people holding awards, found by
 * name, e-mail address or external id; `itemId` is one of their awards, `organizationId` its
 * organization's).
 */
const SEARCH_ITEM_TYPES = [...BOOKMARK_ITEM_TYPES, 'awardees'] as const;
export type SearchItemType = (typeof SEARCH_ITEM_TYPES)[number];

const ZSearchResult = z
  .object({
    itemType: z.enum(SEARCH_ITEM_TYPES),
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
