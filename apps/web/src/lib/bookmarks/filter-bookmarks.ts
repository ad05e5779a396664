import type { TBookmark } from '@laurel/contract/bookmarks';
import type { BookmarkItemType } from '@laurel/contract/constants';

export interface BookmarkFilter {
  /** 'all' (the default) or one item type. */
  itemType?: BookmarkItemType | 'all';
  /** When given, only bookmarks of this organization. */
  organizationId?: number | null;
  /** An extra condition of the caller, such as a search text. */
  predicate?: (bookmark: TBookmark) => boolean;
  /** Alphabetical by itemName; otherwise newest first by createdAt. */
  sortByName?: boolean;
  /** How many to keep; 0 or less keeps all. */
  limit?: number;
}

/** Created on the first sort by name: the first `Intl` object a page creates loads its locale data. */
let collator: Intl.Collator | undefined;
const byName = (a: TBookmark, b: TBookmark) =>
  (collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true })).compare(
    a.itemName,
    b.itemName,
  );
const timeOf = (bookmark: TBookmark) => {
  const time = Date.parse(bookmark.createdAt);
  return Number.isNaN(time) ? 0 : time;
};

/**
 * The bookmark filter of spec §5. Never changes its input.
 * @example filterBookmarks(all, { itemType: 'credentials', sortByName: true, limit: 5 })
 */
export function filterBookmarks(bookmarks: readonly TBookmark[], filter: BookmarkFilter = {}) {
  const { itemType = 'all', organizationId, predicate, sortByName = false, limit = 0 } = filter;
  const matching = bookmarks.filter(
    (bookmark) =>
      (itemType === 'all' || bookmark.itemType === itemType) &&
      (organizationId == null || Number(bookmark.organizationId) === Number(organizationId)) &&
      (!predicate || predicate(bookmark)),
  );
  matching.sort(sortByName ? byName : (a, b) => timeOf(b) - timeOf(a));
  return limit > 0 ? matching.slice(0, limit) : matching;
}

/** Case-insensitive substring match on itemName (the drawer's search, spec §2). */
export function matchesBookmarkSearch(search: string): (bookmark: TBookmark) => boolean {
  const needle = search.trim().toLocaleLowerCase();
  return (bookmark) => !needle || bookmark.itemName.toLocaleLowerCase().includes(needle);
}
