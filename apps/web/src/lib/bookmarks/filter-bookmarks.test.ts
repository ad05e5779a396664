import { describe, expect, it } from 'vitest';
import type { TBookmark } from '@laurel/contract/bookmarks';

import { filterBookmarks, matchesBookmarkSearch } from './filter-bookmarks';

const bookmark = (overrides: Partial<TBookmark> & Pick<TBookmark, 'id'>): TBookmark => ({
  itemType: 'credentials',
  itemId: overrides.id,
  itemName: `Item ${overrides.id}`,
  organizationId: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const list: TBookmark[] = [
  bookmark({ id: 1, itemName: 'welding Certificate', createdAt: '2026-03-01T00:00:00.000Z' }),
  bookmark({
    id: 2,
    itemName: 'Accounting',
    itemType: 'contracts',
    createdAt: '2026-05-01T00:00:00.000Z',
  }),
  bookmark({
    id: 3,
    itemName: 'Northwind',
    itemType: 'organizations',
    organizationId: 3,
    createdAt: '2026-01-15T00:00:00.000Z',
  }),
  bookmark({
    id: 4,
    itemName: 'Zoe Park',
    itemType: 'users',
    createdAt: '2026-04-01T00:00:00.000Z',
  }),
  bookmark({ id: 5, itemName: 'Bookkeeping', createdAt: '2026-02-01T00:00:00.000Z' }),
];
const ids = (items: TBookmark[]) => items.map((item) => item.id);

describe('filterBookmarks (spec §5)', () => {
  it("keeps every item type for 'all' and by default", () => {
    expect(ids(filterBookmarks(list, { itemType: 'all' }))).toHaveLength(5);
    expect(ids(filterBookmarks(list))).toHaveLength(5);
  });

  it('keeps only the matching item type', () => {
    expect(ids(filterBookmarks(list, { itemType: 'credentials' }))).toEqual([5, 1].reverse());
    expect(ids(filterBookmarks(list, { itemType: 'users' }))).toEqual([4]);
  });

  it('keeps only the given organization when one is given (numeric compare)', () => {
    expect(ids(filterBookmarks(list, { organizationId: 3 }))).toEqual([3]);
    expect(ids(filterBookmarks(list, { organizationId: '3' as unknown as number }))).toEqual([3]);
    expect(filterBookmarks(list, { organizationId: null })).toHaveLength(5);
  });

  it("applies the caller's predicate on top", () => {
    expect(
      ids(filterBookmarks(list, { itemType: 'credentials', predicate: (b) => b.id > 1 })),
    ).toEqual([5]);
  });

  it('sorts newest first by createdAt unless asked otherwise', () => {
    expect(ids(filterBookmarks(list))).toEqual([2, 4, 1, 5, 3]);
  });

  it('sorts alphabetically by itemName, ignoring case, when asked', () => {
    expect(ids(filterBookmarks(list, { sortByName: true }))).toEqual([2, 5, 3, 1, 4]);
  });

  it('keeps at most `limit` entries, and all for 0 or less', () => {
    expect(ids(filterBookmarks(list, { limit: 2 }))).toEqual([2, 4]);
    expect(filterBookmarks(list, { limit: 0 })).toHaveLength(5);
    expect(filterBookmarks(list, { limit: -1 })).toHaveLength(5);
  });

  it('does not change its input', () => {
    const copy = [...list];
    filterBookmarks(list, { sortByName: true, limit: 1 });
    expect(list).toEqual(copy);
  });
});

describe('matchesBookmarkSearch', () => {
  it('is a case-insensitive substring match on itemName', () => {
    const match = matchesBookmarkSearch('KEEP');
    expect(match(list[4]!)).toBe(true);
    expect(match(list[0]!)).toBe(false);
    expect(matchesBookmarkSearch('')(list[0]!)).toBe(true);
  });
});
