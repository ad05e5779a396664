import { type Kysely, sql } from 'kysely';

import type { BookmarkItemType } from '@laurel/contract/constants';
import type { TSearchResult } from '@laurel/contract/search';

import type { Database } from '../../db/schema.ts';
import { containsText, prefixPattern } from '../../db/text-search.ts';

/**
 * At most this many matches of each kind are ranked. A broad text (a common name) matches
 * thousands of rows; ranking all of them would cost a sort of every match on each keystroke,
 * while the quick results show five. The list pages show every match.
 */
const CANDIDATES = 200;

export function createSearchRepository(db: Kysely<Database>) {
  return {
    /** Up to `limit` matches of each kind, names that start with the text first. */
    async search(
      text: string,
      organizationId: number | undefined,
      limit: number,
    ): Promise<TSearchResult[]> {
      const prefix = prefixPattern(text);
      const startsFirst = (column: string) =>
        sql<number>`case when lower(${sql.ref(column)}) like ${prefix} escape '\\' then 0 else 1 end`;
      const scoped = organizationId !== undefined;
      const org = organizationId ?? 0;

      const [organizations, credentials, contracts, users] = await Promise.all([
        db
          .selectFrom('organizations as o')
          .select(['o.id', 'o.name', 'o.city', 'o.state'])
          .where(
            'o.id',
            'in',
            db
              .selectFrom('organizations as o')
              .select('o.id')
              .where(containsText(db, 'organizations', 'o', text))
              .$if(scoped, (q) => q.where('o.id', '=', org))
              .limit(CANDIDATES),
          )
          .orderBy(startsFirst('o.name'))
          .orderBy('o.name')
          .limit(limit)
          .execute(),
        db
          .selectFrom('credentials as c')
          .leftJoin('organizations as o', 'o.id', 'c.organizationId')
          .select(['c.id', 'c.name', 'c.code', 'o.name as organizationName', 'c.organizationId'])
          .where(
            'c.id',
            'in',
            db
              .selectFrom('credentials as c')
              .select('c.id')
              .where(containsText(db, 'credentials', 'c', text))
              .$if(scoped, (q) => q.where('c.organizationId', '=', org))
              .limit(CANDIDATES),
          )
          .orderBy(startsFirst('c.name'))
          .orderBy('c.name')
          .limit(limit)
          .execute(),
        db
          .selectFrom('contracts as c')
          .leftJoin('organizations as o', 'o.id', 'c.organizationId')
          .select(['c.id', 'c.name', 'c.number', 'o.name as organizationName', 'c.organizationId'])
          .where(
            'c.id',
            'in',
            db
              .selectFrom('contracts as c')
              .select('c.id')
              .where(containsText(db, 'contracts', 'c', text))
              .$if(scoped, (q) => q.where('c.organizationId', '=', org))
              .limit(CANDIDATES),
          )
          .orderBy(startsFirst('c.name'))
          .orderBy('c.name')
          .limit(limit)
          .execute(),
        db
          .selectFrom('users as u')
          .leftJoin('organizations as o', 'o.id', 'u.organizationId')
          .select([
            'u.id',
            'u.firstName',
            'u.lastName',
            'u.email',
            'o.name as organizationName',
            'u.organizationId',
          ])
          .where(
            'u.id',
            'in',
            db
              .selectFrom('users as u')
              .select('u.id')
              .where(containsText(db, 'users', 'u', text))
              .$if(scoped, (q) => q.where('u.organizationId', '=', org))
              .limit(CANDIDATES),
          )
          .orderBy('u.lastName')
          .orderBy('u.firstName')
          .limit(limit)
          .execute(),
      ]);

      const result = (
        itemType: BookmarkItemType,
        itemId: number,
        title: string,
        subtitle: string,
        organization: number,
      ): TSearchResult => ({
        itemType,
        itemId,
        title,
        subtitle,
        organizationId: organization,
      });
      return [
        ...organizations.map((o) =>
          result(
            'organizations',
            o.id,
            o.name,
            [o.city, o.state].filter(Boolean).join(', ') || 'Organization',
            o.id,
          ),
        ),
        ...credentials.map((c) =>
          result(
            'credentials',
            c.id,
            c.name,
            `${c.code} · ${c.organizationName ?? ''}`,
            c.organizationId,
          ),
        ),
        ...contracts.map((c) =>
          result(
            'contracts',
            c.id,
            c.name,
            `${c.number} · ${c.organizationName ?? ''}`,
            c.organizationId,
          ),
        ),
        ...users.map((u) =>
          result(
            'users',
            u.id,
            `${u.firstName} ${u.lastName}`,
            `${u.email} · ${u.organizationName ?? ''}`,
            u.organizationId,
          ),
        ),
      ];
    },
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
