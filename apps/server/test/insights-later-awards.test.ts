// Which awards are a person's later ones (not their first: earliest award year, then lowest id),
// read a few people at a time into one bit per award id, on each database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createInsightsRepository } from '../src/modules/insights/insights.repository.ts';
import { laterAwardsOf } from '../src/modules/insights/later-awards.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { DIALECTS } from './helpers/database.ts';
import { createWorld, type World } from './helpers/world.ts';

describe.each(DIALECTS)('later awards, on %s', (dialect) => {
  let t: TestApp;
  let w: World;
  /** Award ids by external id, in the order they were inserted. */
  const ids = new Map<string, number[]>();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createWorld(t);
    const db = t.database.handle.db;
    const at = new Date().toISOString();
    // Seven people with several awards (years out of id order, ties broken by id), among people
    // with one; and one of Beta's people whose external id Alpha also has.
    const awards: Array<[organizationId: number, externalId: string, awardYear: number]> = [
      [w.a.id, 'P1', 2019],
      [w.a.id, 'P1', 2017],
      [w.a.id, 'SOLO-1', 2018],
      [w.a.id, 'P2', 2020],
      [w.a.id, 'P2', 2020],
      [w.a.id, 'P2', 2016],
      [w.b.id, 'P3', 2010],
      [w.a.id, 'P3', 2015],
      [w.a.id, 'P3', 2014],
      [w.a.id, 'P4', 2018],
      [w.a.id, 'P4', 2019],
      [w.a.id, 'SOLO-2', 2018],
      [w.a.id, 'P5', 2021],
      [w.a.id, 'P5', 2011],
      [w.a.id, 'P6', 2012],
      [w.a.id, 'P6', 2012],
      [w.a.id, 'P7', 2013],
      [w.a.id, 'P7', 2012],
    ];
    for (const [i, [organizationId, externalId, awardYear]] of awards.entries()) {
      const { id } = await db
        .insertInto('awards')
        .values({
          organizationId,
          credentialId: organizationId === w.a.id ? w.credentialA : w.credentialB,
          externalId,
          firstName: 'Test',
          lastName: `Person ${i}`,
          email: null,
          dateOfBirth: null,
          awardDate: `${awardYear}-0${1 + (i % 9)}-15`,
          awardYear,
          uploadId: null,
          matchStatus: 'PENDING',
          matchProvider: null,
          matchedAt: null,
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (organizationId === w.a.id) ids.set(externalId, [...(ids.get(externalId) ?? []), id]);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    [1, Infinity],
    [2, Infinity],
    [3, Infinity],
    [2000, Infinity],
    // PostgreSQL: the people in two halves at once, split by the middle person's external id.
    [2000, 1],
  ])(
    'marks every award but each person’s first, read %i people at a time (in halves from %d ids)',
    async (personsPerBatch, halvesFrom) => {
      const repository = createInsightsRepository(t.database.handle.db);
      const later = laterAwardsOf(
        await repository.laterAwards(w.a.id, personsPerBatch, halvesFrom),
      );
      const [p1, p2, p3, p4, p5, p6, p7] = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7'].map(
        (person) => ids.get(person)!,
      );
      const expected = [p1![0], p2![0], p2![1], p3![0], p4![1], p5![0], p6![1], p7![0]];
      const all = [...ids.values()].flat();
      expect(all.filter((id) => later.has(id)).sort((a, b) => a - b)).toEqual(
        expected.sort((a, b) => a! - b!),
      );
      // Ids outside the organization's (added since, or another organization's) are first awards.
      expect(later.has(Math.max(...all) + 1)).toBe(false);
      expect(later.has(0)).toBe(false);
    },
  );

  it('finds them in the people index alone: it holds each award’s year and id, in that order', async () => {
    // What the reading needs (decision record 074): without the year and id in the index, each
    // award's row is read, and each person's awards sorted.
    const db = t.database.handle.db;
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`
            select name from pragma_index_info('awards_organization_person_year_idx') order by seqno`.execute(
            db,
          )
        : await sql<{ name: string }>`
            select a.attname as name
            from pg_index i
            join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
            where i.indexrelid = 'awards_organization_person_year_idx'::regclass
            order by array_position(i.indkey, a.attnum)`.execute(db);
    expect(rows.map((row) => row.name)).toEqual([
      'organization_id',
      'external_id',
      'award_year',
      'id',
    ]);
  });

  it('is empty for an organization without awards', async () => {
    const repository = createInsightsRepository(t.database.handle.db);
    const empty = await createOrganizationWithoutAwards();
    const bits = await repository.laterAwards(empty);
    expect(bits.bits.length).toBe(0);
    expect(laterAwardsOf(bits).has(1)).toBe(false);
  });

  async function createOrganizationWithoutAwards(): Promise<number> {
    const platform = await t.database.handle.db
      .selectFrom('organizations')
      .select('id')
      .where('id', 'not in', [w.a.id, w.b.id])
      .executeTakeFirstOrThrow();
    return platform.id;
  }
});
