import { type Kysely, sql } from 'kysely';

import type { TBookmark } from '@laurel/contract/bookmarks';
import { BOOKMARK_ITEM_TYPES, type BookmarkItemType } from '@laurel/contract/constants';

import type { Database } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';

export interface BookmarkTarget {
  name: string;
  organizationId: number;
}

export function createBookmarksRepository(db: Kysely<Database>) {
  /** Current names and organizations of the given items, by id: one indexed query per item type. */
  async function describe(
    itemType: BookmarkItemType,
    ids: number[],
  ): Promise<Map<number, BookmarkTarget>> {
    if (ids.length === 0) return new Map();
    const rows = await (itemType === 'users'
      ? db
          .selectFrom('users')
          .select(['id', sql<string>`first_name || ' ' || last_name`.as('name'), 'organizationId'])
          .where('id', 'in', ids)
          .execute()
      : itemType === 'organizations'
        ? db
            .selectFrom('organizations')
            .select(['id', 'name', 'id as organizationId'])
            .where('id', 'in', ids)
            .execute()
        : db
            .selectFrom(itemType)
            .select(['id', 'name', 'organizationId'])
            .where('id', 'in', ids)
            .execute());
    return new Map(
      rows.map((row) => [row.id, { name: row.name, organizationId: row.organizationId }]),
    );
  }

  return {
    /** Newest first; limited to one organization's items unless `organizationId` is undefined. */
    async list(userId: number, organizationId: number | undefined): Promise<TBookmark[]> {
      const rows = await db
        .selectFrom('bookmarks')
        .select(['id', 'itemType', 'itemId', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const byType = new Map<BookmarkItemType, Map<number, BookmarkTarget>>(
        await Promise.all(
          BOOKMARK_ITEM_TYPES.map(
            async (type) =>
              [
                type,
                await describe(
                  type,
                  rows.filter((r) => r.itemType === type).map((r) => r.itemId),
                ),
              ] as const,
          ),
        ),
      );
      const bookmarks: TBookmark[] = [];
      for (const row of rows) {
        const itemType = row.itemType as BookmarkItemType;
        const item = byType.get(itemType)?.get(row.itemId);
        // A bookmark whose item was deleted, or moved out of the caller's reach, is not shown.
        if (!item || (organizationId !== undefined && item.organizationId !== organizationId))
          continue;
        bookmarks.push({
          id: row.id,
          itemType,
          itemId: row.itemId,
          itemName: item.name,
          organizationId: item.organizationId,
          createdAt: toIso(row.createdAt),
        });
      }
      return bookmarks;
    },

    async target(itemType: BookmarkItemType, itemId: number): Promise<BookmarkTarget | undefined> {
      switch (itemType) {
        case 'organizations':
          return db
            .selectFrom('organizations')
            .select(['name', 'id as organizationId'])
            .where('id', '=', itemId)
            .executeTakeFirst();
        case 'credentials':
          return db
            .selectFrom('credentials')
            .select(['name', 'organizationId'])
            .where('id', '=', itemId)
            .executeTakeFirst();
        case 'contracts':
          return db
            .selectFrom('contracts')
            .select(['name', 'organizationId'])
            .where('id', '=', itemId)
            .executeTakeFirst();
        case 'users':
          return db
            .selectFrom('users')
            .select([sql<string>`first_name || ' ' || last_name`.as('name'), 'organizationId'])
            .where('id', '=', itemId)
            .executeTakeFirst();
      }
    },

    async find(
      userId: number,
      itemType: BookmarkItemType,
      itemId: number,
    ): Promise<number | undefined> {
      const row = await db
        .selectFrom('bookmarks')
        .select('id')
        .where('userId', '=', userId)
        .where('itemType', '=', itemType)
        .where('itemId', '=', itemId)
        .executeTakeFirst();
      return row?.id;
    },

    async insert(
      executor: Kysely<Database>,
      userId: number,
      itemType: BookmarkItemType,
      itemId: number,
    ): Promise<number> {
      const row = await executor
        .insertInto('bookmarks')
        .values({ userId, itemType, itemId, createdAt: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async owned(userId: number, id: number) {
      return db
        .selectFrom('bookmarks')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    async delete(executor: Kysely<Database>, id: number): Promise<void> {
      await executor.deleteFrom('bookmarks').where('id', '=', id).execute();
    },
  };
}
export type BookmarksRepository = ReturnType<typeof createBookmarksRepository>;
