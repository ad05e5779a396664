import { type Kysely, sql } from 'kysely';

import type { TBookmark } from '@laurel/contract/bookmarks';
import type { BookmarkItemType } from '@laurel/contract/constants';

import { type Dialect, executePrepared } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { toIso } from '../../db/values.ts';

export interface BookmarkTarget {
  name: string;
  organizationId: number;
}

/** What a bookmark copies from its item's row (`r`); the triggers of migration 20261201T1000 agree. */
const ITEM_COPIES: Record<BookmarkItemType, { name: string; organization: string }> = {
  organizations: { name: 'r.name', organization: 'r.id' },
  credentials: { name: 'r.name', organization: 'r.organization_id' },
  contracts: { name: 'r.name', organization: 'r.organization_id' },
  users: { name: "r.first_name || ' ' || r.last_name", organization: 'r.organization_id' },
};

export function createBookmarksRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    /**
     * Newest first; limited to one organization's items unless `organizationId` is undefined. Each
     * bookmark holds its item's name and organization (kept true by triggers, migration
     * 20261201T1000), so this reads the user's bookmarks alone; on PostgreSQL as a prepared
     * statement.
     */
    async list(userId: number, organizationId: number | undefined): Promise<TBookmark[]> {
      let query = db
        .selectFrom('bookmarks')
        .select(['id', 'itemType', 'itemId', 'itemName', 'itemOrganizationId', 'createdAt'])
        .where('userId', '=', userId);
      // A bookmark whose item moved out of the caller's reach is not shown.
      if (organizationId !== undefined)
        query = query.where('itemOrganizationId', '=', organizationId);
      const rows = await executePrepared(
        db,
        organizationId === undefined ? 'bookmarks-list' : 'bookmarks-list-of-organization',
        query.orderBy('createdAt', 'desc').orderBy('id', 'desc'),
      );
      return rows.map((row) => ({
        id: row.id,
        itemType: row.itemType as BookmarkItemType,
        itemId: row.itemId,
        itemName: row.itemName,
        organizationId: Number(row.itemOrganizationId),
        createdAt: toIso(row.createdAt),
      }));
    },

    /** The item's name and organization as a bookmark of it would copy them. */
    async target(itemType: BookmarkItemType, itemId: number): Promise<BookmarkTarget | undefined> {
      const item = ITEM_COPIES[itemType];
      const found = await sql<{ name: string; organizationId: number | string }>`
        select ${sql.raw(item.name)} as name, ${sql.raw(item.organization)} as "organizationId"
        from ${sql.table(itemType)} as r
        where r.id = ${itemId}`.execute(db);
      const row = found.rows[0];
      return row && { name: row.name, organizationId: Number(row.organizationId) };
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

    /**
     * Bookmarks an item with its name and organization as they are now: read by the insert
     * itself, and on PostgreSQL with the item's row locked until the transaction ends, so that a
     * rename committed meanwhile waits for the bookmark and updates it (or the bookmark waits
     * and copies the new name). Undefined when the item does not exist.
     */
    async insert(
      executor: Kysely<Database>,
      userId: number,
      itemType: BookmarkItemType,
      itemId: number,
    ): Promise<number | undefined> {
      const item = ITEM_COPIES[itemType];
      const inserted = await sql<{ id: number }>`
        insert into bookmarks (user_id, item_type, item_id, item_name, item_organization_id, created_at)
        select ${userId}, ${itemType}, r.id, ${sql.raw(item.name)}, ${sql.raw(item.organization)},
          ${new Date().toISOString()}
        from ${sql.table(itemType)} as r
        where r.id = ${itemId}${dialect === 'postgres' ? sql` for share` : sql``}
        returning id`.execute(executor);
      const row = inserted.rows[0];
      return row?.id;
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
