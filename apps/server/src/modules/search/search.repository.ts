import { type Kysely, type SqlBool, sql } from 'kysely';

import type { SearchItemType, TSearchResult } from '@laurel/contract/search';

import type { Database } from '../../db/schema.ts';
import { containsText, firstMatches, prefixPattern } from '../../db/text-search.ts';

/**
 * At most this many matches of each kind are ranked. A broad text (a common name) matches
 * thousands of rows; ranking all of them would cost a sort of every match on each keystroke,
 * while the quick results show five. The list pages show every match.
 */
const CANDIDATES = 200;

export function createSearchRepository(db: Kysely<Database>) {
  return {
    /**
     * Up to `limit` matches of each kind, names that start with the text first: organizations,
     * credentials, contracts and users of `organizationId` (every organization when undefined),
     * and awardees of `awardeeOrganizationId` (likewise).
     */
    async search(
      text: string,
      organizationId: number | undefined,
      limit: number,
      awardeeOrganizationId: number | undefined = organizationId,
    ): Promise<TSearchResult[]> {
      const prefix = prefixPattern(text);
      const startsFirst = (column: string) =>
        sql<number>`case when lower(${sql.ref(column)}) like ${prefix} escape '\\' then 0 else 1 end`;
      const scoped = organizationId !== undefined;
      const org = organizationId ?? 0;

      const [organizations, credentials, contracts, users, awards] = await Promise.all([
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
        db
          .selectFrom('awards as a')
          .innerJoin('organizations as o', 'o.id', 'a.organizationId')
          .select([
            'a.id',
            'a.organizationId',
            'a.externalId',
            'a.firstName',
            'a.lastName',
            'a.email',
            'a.awardDate',
            'o.name as organizationName',
          ])
          .where(
            'a.id',
            'in',
            firstMatches(
              db,
              'awards',
              'a',
              text,
              CANDIDATES,
              awardeeOrganizationId === undefined
                ? undefined
                : sql<SqlBool>`a.organization_id = ${awardeeOrganizationId}`,
            ),
          )
          .execute(),
      ]);

      const result = (
        itemType: SearchItemType,
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
        ...peopleAmong(awards, text, limit).map((a) =>
          result(
            'awardees',
            a.id,
            `${a.firstName} ${a.lastName}`,
            [a.externalId, a.email, a.organizationName].filter(Boolean).join(' · '),
            a.organizationId,
          ),
        ),
      ];
    },
  };
}

interface FoundAward {
  id: number;
  organizationId: number;
  externalId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  awardDate: string;
}

/**
 * The people among matching awards (one organization's awards with the same external id are one
 * person, shown with their newest award), at most `limit`: the exact external id first, then those
 * whose external id, first or last name starts with the text, then by name.
 */
function peopleAmong<T extends FoundAward>(awards: T[], text: string, limit: number): T[] {
  const newest = new Map<string, T>();
  for (const award of awards) {
    const key = `${award.organizationId}\n${award.externalId}`;
    const kept = newest.get(key);
    if (
      !kept ||
      award.awardDate > kept.awardDate ||
      (award.awardDate === kept.awardDate && award.id > kept.id)
    )
      newest.set(key, award);
  }
  const lower = text.trim().toLowerCase();
  const rank = (a: T) => {
    const externalId = a.externalId.toLowerCase();
    if (externalId === lower) return 0;
    const starts = [externalId, a.lastName.toLowerCase(), a.firstName.toLowerCase()];
    return starts.some((value) => value.startsWith(lower)) ? 1 : 2;
  };
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...newest.values()]
    .map((award) => ({ award, rank: rank(award) }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        order(a.award.lastName, b.award.lastName) ||
        order(a.award.firstName, b.award.firstName) ||
        order(a.award.externalId, b.award.externalId) ||
        a.award.organizationId - b.award.organizationId,
    )
    .slice(0, limit)
    .map(({ award }) => award);
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;
