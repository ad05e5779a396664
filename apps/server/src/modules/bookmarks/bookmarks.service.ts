import type { Kysely } from 'kysely';

import type { TBookmark, TCreateBookmarkBody } from '@laurel/contract/bookmarks';
import type { BookmarkItemType } from '@laurel/contract/constants';
import { accessFor, type Permission } from '@laurel/contract/permissions';

import type { Database } from '../../db/schema.ts';
import { requireAccess } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Auditor } from '../../lib/audit.ts';
import { notFound } from '../../lib/http-error.ts';
import type { BookmarksRepository } from './bookmarks.repository.ts';

const READ_PERMISSION: Record<BookmarkItemType, Permission> = {
  organizations: 'read:organization',
  credentials: 'read:credential',
  contracts: 'read:contract',
  users: 'read:user',
};

export function createBookmarksService(deps: {
  db: Kysely<Database>;
  bookmarks: BookmarksRepository;
  audit: Auditor;
}) {
  const { db, bookmarks, audit } = deps;

  return {
    /** The caller's bookmarks of items they may still see. */
    list(actor: Actor): Promise<TBookmark[]> {
      const seesAll = accessFor(actor.principal.roleId, 'read:organization') === 'any';
      return bookmarks.list(
        actor.principal.userId,
        seesAll ? undefined : actor.principal.organizationId,
      );
    },

    /** Bookmarks an item the caller may see; the same item twice returns the existing bookmark. */
    async create(
      actor: Actor,
      body: TCreateBookmarkBody,
    ): Promise<{ id: number; created: boolean }> {
      const target = await bookmarks.target(body.item_type, body.item_id);
      if (!target) throw notFound(`No ${body.item_type.replace(/s$/, '')} with id ${body.item_id}`);
      requireAccess(actor.principal, READ_PERMISSION[body.item_type], {
        organizationId: target.organizationId,
      });
      const existing = await bookmarks.find(actor.principal.userId, body.item_type, body.item_id);
      if (existing !== undefined) return { id: existing, created: false };
      const id = await db.transaction().execute(async (trx) => {
        const created = await bookmarks.insert(
          trx,
          actor.principal.userId,
          body.item_type,
          body.item_id,
        );
        // Deleted since it was read above.
        if (created === undefined)
          throw notFound(`No ${body.item_type.replace(/s$/, '')} with id ${body.item_id}`);
        await audit(trx, actor, {
          type: 'CREATE',
          resourceType: 'bookmark',
          resourceId: created,
          organizationId: target.organizationId,
          summary: `Bookmarked ${body.item_type.replace(/s$/, '')} "${target.name}"`,
        });
        return created;
      });
      return { id, created: true };
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const bookmark = await bookmarks.owned(actor.principal.userId, id);
      if (!bookmark) throw notFound();
      const target = await bookmarks.target(bookmark.itemType as BookmarkItemType, bookmark.itemId);
      await db.transaction().execute(async (trx) => {
        await bookmarks.delete(trx, id);
        await audit(trx, actor, {
          type: 'DELETE',
          resourceType: 'bookmark',
          resourceId: id,
          organizationId: target?.organizationId ?? actor.principal.actingOrganizationId,
          summary: `Removed bookmark of ${bookmark.itemType.replace(/s$/, '')} "${target?.name ?? bookmark.itemId}"`,
        });
      });
    },
  };
}
export type BookmarksService = ReturnType<typeof createBookmarksService>;
