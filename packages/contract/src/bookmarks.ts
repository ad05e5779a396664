import { z } from 'zod';

import { BOOKMARK_ITEM_TYPES } from './constants.ts';
import { ZBodyId } from './pagination.ts';

const ZBookmarkItemType = z.enum(BOOKMARK_ITEM_TYPES);

/** A bookmark as the web app sees it (spec §3). */
export const ZBookmark = z
  .object({
    id: z.number().int(),
    itemType: ZBookmarkItemType,
    itemId: z.number().int(),
    itemName: z.string(),
    organizationId: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Bookmark' });
export type TBookmark = z.infer<typeof ZBookmark>;

/** POST /api/users/bookmarks body, in the server's snake_case (spec §3). */
export const ZCreateBookmarkBody = z
  .strictObject({
    item_id: ZBodyId,
    item_type: ZBookmarkItemType,
  })
  .meta({ id: 'CreateBookmarkBody' });
export type TCreateBookmarkBody = z.infer<typeof ZCreateBookmarkBody>;

export const ZCreateBookmarkResponse = z
  .object({ id: z.number().int() })
  .meta({ id: 'CreateBookmarkResponse' });
