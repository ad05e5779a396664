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

export function createBookmarksRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    /**
     * Newest first; limited to one organization's items unless `organizationId` is undefined. One
     * query: the bookmarks of each item type joined to their items by primary key, put together;
     * on PostgreSQL a prepared statement (its planning cost a fifth of its run).
     */
    async list(userId: number, organizationId: number | undefined): Promise<TBookmark[]> {
      const ofType = (itemType: BookmarkItemType) =>
        db
          .selectFrom('bookmarks as b')
          // Named, so that the ORDER BY of the union finds them on SQLite.
          .select(['b.id as id', 'b.itemType', 'b.itemId', 'b.createdAt as createdAt'])
          .where('b.userId', '=', userId)
          .where('b.itemType', '=', itemType);
      // Each bookmark finds its item by primary key. On PostgreSQL a plain join lets the planner
      // pick a merge join, which reads the item table's key index from its first row up to the
      // highest id bookmarked: with bookmarks of recent people, the whole users table for every
      // list (37 ms instead of 7 ms for 500 bookmarks of 200,000 users). A lateral subquery with
      // LIMIT 1 is never turned into a join, so each bookmark stays one index probe. SQLite probes
      // by primary key anyway, and has no LATERAL.
      // A bookmark whose item was deleted has no row to join, and is not shown.
      const query =
        dialect === 'postgres'
          ? ofType('organizations')
              .innerJoinLateral(
                (eb) =>
                  eb
                    .selectFrom('organizations as o')
                    .select(['o.name as itemName', 'o.id as organizationId'])
                    .whereRef('o.id', '=', 'b.itemId')
                    .limit(1)
                    .as('o'),
                (join) => join.onTrue(),
              )
              .select(['o.itemName', 'o.organizationId'])
              .unionAll(
                ofType('credentials')
                  .innerJoinLateral(
                    (eb) =>
                      eb
                        .selectFrom('credentials as c')
                        .select(['c.name as itemName', 'c.organizationId'])
                        .whereRef('c.id', '=', 'b.itemId')
                        .limit(1)
                        .as('c'),
                    (join) => join.onTrue(),
                  )
                  .select(['c.itemName', 'c.organizationId']),
              )
              .unionAll(
                ofType('contracts')
                  .innerJoinLateral(
                    (eb) =>
                      eb
                        .selectFrom('contracts as k')
                        .select(['k.name as itemName', 'k.organizationId'])
                        .whereRef('k.id', '=', 'b.itemId')
                        .limit(1)
                        .as('k'),
                    (join) => join.onTrue(),
                  )
                  .select(['k.itemName', 'k.organizationId']),
              )
              .unionAll(
                ofType('users')
                  .innerJoinLateral(
                    (eb) =>
                      eb
                        .selectFrom('users as u')
                        .select([
                          sql<string>`u.first_name || ' ' || u.last_name`.as('itemName'),
                          'u.organizationId',
                        ])
                        .whereRef('u.id', '=', 'b.itemId')
                        .limit(1)
                        .as('u'),
                    (join) => join.onTrue(),
                  )
                  .select(['u.itemName', 'u.organizationId']),
              )
              .orderBy('createdAt', 'desc')
              .orderBy('id', 'desc')
          : ofType('organizations')
              .innerJoin('organizations as o', 'o.id', 'b.itemId')
              .select(['o.name as itemName', 'o.id as organizationId'])
              .unionAll(
                ofType('credentials')
                  .innerJoin('credentials as c', 'c.id', 'b.itemId')
                  .select(['c.name as itemName', 'c.organizationId']),
              )
              .unionAll(
                ofType('contracts')
                  .innerJoin('contracts as k', 'k.id', 'b.itemId')
                  .select(['k.name as itemName', 'k.organizationId']),
              )
              .unionAll(
                ofType('users')
                  .innerJoin('users as u', 'u.id', 'b.itemId')
                  .select([
                    sql<string>`u.first_name || ' ' || u.last_name`.as('itemName'),
                    'u.organizationId',
                  ]),
              )
              .orderBy('createdAt', 'desc')
              .orderBy('id', 'desc');
      const rows = await executePrepared(db, 'bookmarks-list', query);
      const bookmarks: TBookmark[] = [];
      for (const row of rows) {
        // A bookmark whose item moved out of the caller's reach is not shown either.
        const itemOrganization = Number(row.organizationId);
        if (organizationId !== undefined && itemOrganization !== organizationId) continue;
        bookmarks.push({
          id: row.id,
          itemType: row.itemType as BookmarkItemType,
          itemId: row.itemId,
          itemName: row.itemName,
          organizationId: itemOrganization,
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
